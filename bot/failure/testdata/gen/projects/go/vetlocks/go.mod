module example.com/vetlocks

go 1.22
