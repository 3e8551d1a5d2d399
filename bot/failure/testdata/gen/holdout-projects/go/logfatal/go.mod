module hold/logfatal

go 1.22
