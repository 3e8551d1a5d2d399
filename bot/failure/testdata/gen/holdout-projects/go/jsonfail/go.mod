module hold/jsonfail

go 1.22
