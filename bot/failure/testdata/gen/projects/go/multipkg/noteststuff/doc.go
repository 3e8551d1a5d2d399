// Package noteststuff has no tests.
package noteststuff
