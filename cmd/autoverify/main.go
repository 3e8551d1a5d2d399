// Command autoverify turns a story's checklist into verified evidence.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := NewApp().Run(ctx, os.Args[1:])
	stop()
	os.Exit(code)
}
