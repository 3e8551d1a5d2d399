// Command autoverify turns a story's checklist into verified evidence.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	goredis "github.com/redis/go-redis/v9"
)

// quietRedisLog drops go-redis's own log lines (dial retries and the like):
// autoverify reports an unreachable Redis itself, once, with the fix.
type quietRedisLog struct{}

func (quietRedisLog) Printf(context.Context, string, ...any) {}

func main() {
	goredis.SetLogger(quietRedisLog{})
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := NewApp().Run(ctx, os.Args[1:])
	stop()
	os.Exit(code)
}
