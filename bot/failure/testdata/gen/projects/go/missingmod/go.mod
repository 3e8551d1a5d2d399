module example.com/missingmod

go 1.22
