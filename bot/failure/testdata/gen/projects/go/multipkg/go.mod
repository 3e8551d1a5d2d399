module example.com/multipkg

go 1.22
