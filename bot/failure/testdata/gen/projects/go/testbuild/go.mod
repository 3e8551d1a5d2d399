module example.com/parse

go 1.22
