module hold/example

go 1.22
