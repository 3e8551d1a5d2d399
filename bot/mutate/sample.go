package mutate

import "sort"

// key names one candidate mutant: a line of a file.
type key struct {
	file string
	line int
}

// spread picks at most max of keys (sorted by file, then line) and returns
// the indexes picked, in order. The cap is shared fairly between files:
// each gets an equal share, and what a small file cannot use goes to the
// others. Within a file the picks are spaced evenly over its lines, so a
// capped run still samples the start, middle and end of a long change.
// It is deterministic: the same keys give the same picks. max <= 0 means
// no cap.
func spread(keys []key, max int) []int {
	if max <= 0 || len(keys) <= max {
		all := make([]int, len(keys))
		for i := range all {
			all[i] = i
		}
		return all
	}
	type group struct{ start, n, quota int }
	var groups []*group
	for i, k := range keys {
		if i == 0 || keys[i-1].file != k.file {
			groups = append(groups, &group{start: i})
		}
		groups[len(groups)-1].n++
	}
	bySize := append([]*group(nil), groups...)
	sort.SliceStable(bySize, func(i, j int) bool { return bySize[i].n < bySize[j].n })
	left := max
	for i, g := range bySize {
		g.quota = min(g.n, left/(len(bySize)-i))
		left -= g.quota
	}
	var picked []int
	for _, g := range groups {
		for i := range g.quota {
			// the middle of the i-th of quota equal slices of the group
			picked = append(picked, g.start+(2*i+1)*g.n/(2*g.quota))
		}
	}
	return picked
}
