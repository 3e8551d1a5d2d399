package slow

import (
	"testing"
	"time"
)

func TestQuick(t *testing.T) {}

func TestWaitsForever(t *testing.T) {
	ch := make(chan struct{})
	select {
	case <-ch:
	case <-time.After(30 * time.Second):
	}
}
