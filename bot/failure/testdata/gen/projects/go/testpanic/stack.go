package stack

type Stack struct{ items []int }

func (s *Stack) Push(v int) { s.items = append(s.items, v) }

// Pop has no empty check.
func (s *Stack) Pop() int {
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v
}
