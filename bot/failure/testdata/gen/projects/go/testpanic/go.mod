module example.com/stack

go 1.22
