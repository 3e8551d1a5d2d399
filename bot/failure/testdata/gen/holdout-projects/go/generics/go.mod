module hold/generics

go 1.22
