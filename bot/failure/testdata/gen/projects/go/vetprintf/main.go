package main

import "fmt"

func main() {
	name := "gopher"
	age := 7
	fmt.Printf("%d is %s years old\n", name, age)
}
