package main

type point struct{ x, y int }

var pts = []point{point{1, 2}, point{3, 4}}

func loop(s []int) {
	for i, _ := range s {
		_ = i
	}
}
