package main

import "fmt"

func main() { fmt.Println("no module here") }
