module hold/deadlock

go 1.22
