module hold/fuzz

go 1.22
