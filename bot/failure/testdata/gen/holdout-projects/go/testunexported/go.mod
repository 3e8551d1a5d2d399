module hold/testunexported

go 1.22
