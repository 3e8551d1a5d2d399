module hold/vetmore

go 1.22
