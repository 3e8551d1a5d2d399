package vetlocks

import "sync"

type Counter struct {
	mu sync.Mutex
	n  int
}

func (c Counter) Value() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

func Snapshot(c *Counter) Counter {
	return *c
}
