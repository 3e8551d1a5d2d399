package main

import "fmt"

func main() {
	items := []int{1, 2, 3}
	for _, it := range items {
		total += it
	}
	fmt.Println(total)
}
