package main

import "fmt"

func count(xs []string) int {
	return len(xs) > 0
}

func main() {
	var n int = "five"
	fmt.Println(n, count(nil))
}
