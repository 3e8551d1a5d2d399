module example.com/unformatted

go 1.22
