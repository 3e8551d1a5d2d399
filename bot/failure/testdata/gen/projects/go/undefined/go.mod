module example.com/undefined

go 1.22
