package main

import (
	"fmt"
	"os"
	"strings"
)

func main() {
	name := "world"
	greeting := "hello"
	fmt.Println("hi")
}
