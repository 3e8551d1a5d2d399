module hold/exitcode

go 1.22
