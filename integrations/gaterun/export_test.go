package gaterun

// SetCPUs makes s's mutant workers count n CPUs, so that tests run as
// many workers as they ask for on any machine.
func SetCPUs(s *Spec, n int) { s.cpus = n }
