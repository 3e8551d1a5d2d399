// Package greet is the example project autoverify verifies in README.md.
package greet

// Hello greets name.
func Hello(name string) string {
	if name == "" {
		name = "world"
	}
	return "Hello, " + name + "!"
}
