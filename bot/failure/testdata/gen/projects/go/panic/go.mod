module example.com/panicky

go 1.22
