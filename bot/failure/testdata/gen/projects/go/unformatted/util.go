package main

func helper(a int,b int) int {
	if a>b { return a }
	return b
}
