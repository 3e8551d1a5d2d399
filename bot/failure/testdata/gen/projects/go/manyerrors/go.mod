module example.com/manyerrors

go 1.22
