//go:build !linux

package workspace

import "os"

func inMemory(string) bool               { return false }
func usableMemory(string) bool           { return false }
func freeBytes(string) int64             { return 0 }
func memoryHeadroom() int64              { return 0 }
func ownerGone(string) owner             { return unknown }
func lockOwner(string) (*os.File, error) { return nil, nil }
