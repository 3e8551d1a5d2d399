module example.com/typemismatch

go 1.22
