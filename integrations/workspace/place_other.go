//go:build !linux

package workspace

func inMemory(string) bool   { return false }
func freeBytes(string) int64 { return 0 }

func processExists(int) bool { return true }

func pidNamespace() string { return "0" }
