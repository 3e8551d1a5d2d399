module example.com/vetprintf

go 1.22
