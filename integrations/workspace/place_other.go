//go:build !linux

package workspace

func inMemory(string) bool   { return false }
func freeBytes(string) int64 { return 0 }
