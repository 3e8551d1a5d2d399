package main

import "fmt"

type registry struct {
	handlers map[string]func()
}

func (r *registry) register(name string, h func()) {
	r.handlers[name] = h
}

func main() {
	fmt.Println("starting server")
	var r registry
	r.register("health", func() {})
}
