module hold/cycle

go 1.22
