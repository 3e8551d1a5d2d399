module hold/goversion

go 1.99
