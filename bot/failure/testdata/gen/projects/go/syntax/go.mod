module example.com/syntax

go 1.22
