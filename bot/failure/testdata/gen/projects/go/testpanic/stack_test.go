package stack

import "testing"

func TestPushPop(t *testing.T) {
	var s Stack
	s.Push(1)
	if s.Pop() != 1 {
		t.Fatal("want 1")
	}
}

func TestPopEmpty(t *testing.T) {
	var s Stack
	_ = s.Pop()
}
