#!/usr/bin/env bash
# Blind hold-out, third round (see blind3/README): Go.
. "$(dirname "$0")/../lib.sh"
export SPLIT=blind3
E=go; TOOL="$(go version | cut -d' ' -f3)"
mod() { printf 'module example.com/%s\n\ngo 1.22\n' "$1" > go.mod; }

project b3-go-queue; mod queue
cat > queue.go <<'G'
package queue

import (
	"errors"
	"sync"
)

// ErrClosed is returned by Push after Close.
var ErrClosed = errors.New("queue closed")

// Q is a FIFO queue safe for concurrent use.
type Q struct {
	mu     sync.Mutex
	items  []string
	closed bool
}

// Push appends s.
func (q *Q) Push(s string) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return ErrClosed
	}
	q.items = append(q.items, s)
	return nil
}

// Pop removes the first item.
func (q *Q) Pop() (string, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.items) == 0 {
		return "", false
	}
	s := q.items[0]
	q.items = q.items[1:]
	return s, true
}

// Close stops further pushes.
func (q *Q) Close() { q.mu.Lock(); q.closed = true; q.mu.Unlock() }
G
cat > queue_test.go <<'G'
package queue

import "testing"

func TestFIFO(t *testing.T) {
	var q Q
	_ = q.Push("a")
	_ = q.Push("b")
	if s, _ := q.Pop(); s != "a" {
		t.Fatalf("Pop = %q, want a", s)
	}
}

func TestPushAfterCloseTimeout(t *testing.T) {
	var q Q
	q.Close()
	if err := q.Push("x"); err == nil {
		t.Fatal("error: want ErrClosed")
	}
	t.Log("panic: not really; FAIL and timed out are only words here")
}
G
record $E b3-queue-pass-v PASS 2/2/0/0 "both tests pass; a test named ...Timeout logs 'panic:', 'FAIL', 'timed out'" -- go test -v -count=1 ./...
record $E b3-queue-pass-json PASS 2/2/0/0 "the same under -json" -- go test -json -count=1 ./...
sed -i 's/s := q.items\[0\]/s := q.items[len(q.items)-1]/' queue.go
record $E b3-queue-fail-v TEST_FAILURE 2/1/1/0 "Pop takes the last item: TestFIFO fails" -- go test -v -count=1 ./...
sed -i 's/s := q.items\[len(q.items)-1\]/s := q.items[0]/' queue.go
cat > wait_test.go <<'G'
package queue

import (
	"sync"
	"testing"
)

func TestDrainWaits(t *testing.T) {
	var wg sync.WaitGroup
	wg.Add(1)
	wg.Wait()
}
G
record $E b3-queue-timeout-waitgroup TIMEOUT - "go test -timeout 2s: a WaitGroup is never released" -- go test -count=1 -timeout 2s ./...
record $E b3-queue-timeout-json TIMEOUT - "the same under -json -v" -- go test -json -v -count=1 -timeout 2s ./...
record $E b3-queue-timeout-wrapper TIMEOUT - "timeout 4 around go test without -timeout (exit 124)" -- timeout 4 go test -count=1 ./...
CASE_LIMIT=4 record $E b3-queue-runner-deadline TIMEOUT - "the runner's 4 s deadline kills go test -v" -- go test -v -count=1 ./...
rm wait_test.go
printf 'package queue\n\nimport "fmt"\n\nfunc Describe(q *Q) string { return fmt.Sprintf("%%d items", len(q.items), q.closed) }\n' > describe.go
record $E b3-queue-vet-printf LINT_ERROR - "go vet: Sprintf has more arguments than verbs" -- go vet ./...
printf 'package queue\n\nfunc Describe(q *Q) string { return len(q.items) }\n' > describe.go
record $E b3-queue-build-type CODE_ERROR - "go build: an int returned as a string" -- go build ./...
rm describe.go

project b3-go-deps; mod deps
printf 'package deps\n\nimport "github.com/engineo-internal/auth/token"\n\nvar _ = token.New\n' > deps.go
GOFLAGS=-mod=mod GOMODCACHE=$WORK/b3-go-deps/mc record $E b3-deps-fetch-private ENV_ERROR - "the package needs a private module the proxy cannot serve" -- go build ./...
GOPROXY=off GOMODCACHE=$WORK/b3-go-deps/mc record $E b3-deps-missing-require ENV_ERROR - "go.mod does not require the module and lookups are off (no module provides the package)" -- go test ./...
printf 'go 1.22\n\nuse (\n\t.\n\t./tools\n)\n' > go.work
record $E b3-deps-gowork-missing-dir ENV_ERROR - "go.work uses ./tools, which does not exist" -- go build ./...
rm go.work
printf 'module example.com/deps\n\ngo 1.29\n' > go.mod
GOTOOLCHAIN=local record $E b3-deps-go-too-new ENV_ERROR - "go.mod requires go 1.29; the local toolchain is older (GOTOOLCHAIN=local)" -- go build ./...

project b3-go-silent; mod silent
printf 'package main\n\nimport "os"\n\nfunc main() { os.Exit(3) }\n' > main.go
record $E b3-silent-exit UNKNOWN - "a program exits 3 and prints nothing: go run says only 'exit status 3' (exit 1)" -- go run .
