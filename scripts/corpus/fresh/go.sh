#!/usr/bin/env bash
# Fresh hold-out (see fresh/README): Go.
. "$(dirname "$0")/../lib.sh"
export SPLIT=fresh
E=go; TOOL="$(go version | cut -d' ' -f3)"
mod() { printf 'module example.com/%s\n\ngo 1.22\n' "$1" > go.mod; }

project f-go-shop; mod shop
cat > cart.go <<'G'
package shop

import "errors"

// ErrEmpty is returned for an empty cart.
var ErrEmpty = errors.New("cart is empty")

// Total sums prices in cents, applying a percentage discount.
func Total(prices []int, discount int) (int, error) {
	if len(prices) == 0 {
		return 0, ErrEmpty
	}
	sum := 0
	for _, p := range prices {
		sum += p
	}
	return sum - sum*discount/100, nil
}
G
cat > cart_test.go <<'G'
package shop

import (
	"errors"
	"testing"
)

func TestTotal(t *testing.T) {
	cases := []struct {
		name     string
		prices   []int
		discount int
		want     int
	}{
		{"none", []int{100, 200}, 0, 300},
		{"tenth", []int{1000}, 10, 900},
		{"half", []int{50, 50}, 50, 50},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Total(c.prices, c.discount)
			if err != nil || got != c.want {
				t.Fatalf("Total = %d, %v; want %d", got, err, c.want)
			}
		})
	}
}

func TestEmptyCartError(t *testing.T) {
	_, err := Total(nil, 0)
	if !errors.Is(err, ErrEmpty) {
		t.Fatal("want ErrEmpty")
	}
	t.Log("FAIL would be printed here if the error were missing")
}

func TestNetwork(t *testing.T) { t.Skip("needs the payment sandbox") }
G
record $E f-shop-pass-v PASS 2/2/0/1 "three table cases and the error test pass (a log line says FAIL); one test skips (subtests fold into their top-level test: 2 run)" -- go test -v -count=1 ./...
record $E f-shop-pass-json PASS 2/2/0/1 "the same, -json" -- go test -json -count=1 ./...
sed -i 's/return sum - sum\*discount\/100, nil/return sum - discount, nil/' cart.go
record $E f-shop-fail-json TEST_FAILURE 2/1/1/1 "the discount is subtracted as cents: the 'tenth' table case fails (the other two happen to agree)" -- go test -json -count=1 ./...
record $E f-shop-fail-plain TEST_FAILURE - "the same failures, plain output" -- go test -count=1 ./...
record $E f-shop-run-none TEST_FAILURE 0/0/0/0 "-run matches no test: exit 0 having run nothing" -- go test -count=1 -run TestCheckout ./...

project f-go-unused; mod unused
printf 'package main\n\nimport "fmt"\n\nfunc main() {\n\tcount := 3\n\tfmt.Println("ok")\n}\n' > main.go
record $E f-build-declared-unused CODE_ERROR - "a variable declared and not used: go build fails" -- go build ./...

project f-go-nilmap; mod nilmap
printf 'package main\n\nfunc main() {\n\tvar seen map[string]bool\n\tseen["a"] = true\n}\n' > main.go
record $E f-run-nil-map CODE_ERROR - "go run panics: assignment to entry in nil map" -- go run .

project f-go-copylock; mod copylock
printf 'package copylock\n\nimport "sync"\n\n// Counter counts.\ntype Counter struct {\n\tmu sync.Mutex\n\tn  int\n}\n\n// Snapshot returns a copy.\nfunc Snapshot(c Counter) int { return c.n }\n' > c.go
record $E f-vet-copylocks LINT_ERROR - "go vet: a sync.Mutex passed by value (copylocks)" -- go vet ./...

project f-go-hang; mod hang
printf 'package hang\n\nimport "testing"\n\nfunc TestQuick(t *testing.T) {}\n\nfunc TestWaitForever(t *testing.T) {\n\tch := make(chan int)\n\tgo func() {}()\n\t<-ch\n}\n' > h_test.go
record $E f-test-timeout-deadlock-v TIMEOUT 2/1/1/0 "go test -timeout 2s: TestWaitForever blocks on a channel until the limit fires" -- go test -v -count=1 -timeout 2s ./...
mkdir -p loop; printf 'package main\n\nfunc main() {\n\tfor {\n\t}\n}\n' > loop/main.go
go build -o spin ./loop
CASE_LIMIT=3 record $E f-runner-kills-loop TIMEOUT - "a busy loop: the runner's 3 s deadline kills it" -- ./spin

project f-go-offline; mod offline
printf 'package offline\n\nimport _ "github.com/google/uuid"\n' > o.go
GOFLAGS=-mod=mod GOPROXY=off record $E f-build-proxy-off ENV_ERROR - "an imported module cannot be fetched: GOPROXY=off" -- go build ./...
rm o.go; printf 'package offline\n' > o.go
record $E f-test-pattern-missing ENV_ERROR - "the package pattern names a directory that does not exist" -- go test ./internal/billing/...

project f-go-testcompile; mod testcompile
printf 'package tc\n\n// Double doubles.\nfunc Double(x int) int { return 2 * x }\n' > tc.go
printf 'package tc\n\nimport "testing"\n\nfunc TestDouble(t *testing.T) {\n\tif Double("2") != 4 {\n\t\tt.Fatal("bad")\n\t}\n}\n' > tc_test.go
record $E f-test-compile-json CODE_ERROR - "the test file passes a string to Double: the test binary does not build (-json)" -- go test -json ./...
