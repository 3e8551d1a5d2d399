//go:build !linux

package sandboxinit

// Prestart does nothing where there is no sandbox to start.
func Prestart() {}

// DiscardPrestarted does nothing where there is no sandbox to start.
func DiscardPrestarted() {}
