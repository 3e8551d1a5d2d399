module hold/app

go 1.22
