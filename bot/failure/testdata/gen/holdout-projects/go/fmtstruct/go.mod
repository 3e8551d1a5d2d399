module hold/fmtstruct

go 1.22
