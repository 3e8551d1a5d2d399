package strutil

import "strings"

// Title is supposed to upper-case the first letter only.
func Title(s string) string { return strings.ToUpper(s) }
