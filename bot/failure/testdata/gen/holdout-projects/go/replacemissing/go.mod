module hold/replacemissing

go 1.22

require hold/shared v0.0.0

replace hold/shared => ../shared
