module example.com/withtestify

go 1.22
