#!/usr/bin/env bash
# Go: go test (text, -v, -json), go build, go vet, go run, gofmt.
. "$(dirname "$0")/lib.sh"
TOOL="$(go version | cut -d' ' -f3)"
E=go

calc() { # a module with three tests; $1 replaces the test file's body
	printf 'module example.com/calc\n\ngo 1.22\n' > go.mod
	cat > calc.go <<'G'
package calc

// Add adds.
func Add(a, b int) int { return a + b }

// Div divides.
func Div(a, b int) int { return a / b }
G
	cat > calc_test.go
}

ok_tests() {
	cat <<'G'
package calc

import "testing"

func TestAdd(t *testing.T) {
	if Add(1, 2) != 3 {
		t.Fatal("bad")
	}
}
func TestDiv(t *testing.T) {
	if Div(6, 3) != 2 {
		t.Fatal("bad")
	}
}
func TestTimeout(t *testing.T) { t.Log("error: this is a log line, not a failure") }
G
}

fail_tests() {
	cat <<'G'
package calc

import "testing"

func TestAdd(t *testing.T) {
	if got := Add(1, 2); got != 4 {
		t.Errorf("Add(1, 2) = %d, want 4", got)
	}
}
func TestDiv(t *testing.T) {
	if Div(6, 3) != 2 {
		t.Fatal("bad")
	}
}
func TestSkip(t *testing.T) { t.Skip("not on this platform") }
func TestMul(t *testing.T) { t.Fatalf("Mul is not implemented") }
G
}

for mode in plain v json; do
	flag=""; tests=-
	[ $mode = v ] && flag="-v" && tests=3/3/0/0
	[ $mode = json ] && flag="-json" && tests=3/3/0/0
	project go-pass-$mode; ok_tests | calc
	record $E pass-$mode PASS $tests "all three tests pass; TestTimeout is a decoy name and logs 'error:'" -- go test $flag ./...
	[ $mode = plain ] && tests=- || tests=3/1/2/1
	project go-fail-$mode; fail_tests | calc
	record $E fail-$mode TEST_FAILURE $tests "TestAdd and TestMul fail their assertions" -- go test $flag ./...
	project go-fail-count1-$mode; fail_tests | calc
	record $E fail-count1-$mode TEST_FAILURE $tests "same failures with -count=1 -failfast=false" -- go test $flag -count=1 ./...
done

project go-subtest; calc <<'G'
package calc

import "testing"

func TestTable(t *testing.T) {
	for _, c := range []struct{ a, b, want int }{{1, 1, 2}, {2, 2, 5}, {3, 3, 6}} {
		t.Run("", func(t *testing.T) {
			if got := Add(c.a, c.b); got != c.want {
				t.Errorf("Add(%d, %d) = %d, want %d", c.a, c.b, got, c.want)
			}
		})
	}
}
func TestOK(t *testing.T) {}
G
record $E subtest-json TEST_FAILURE 2/1/1/0 "one table case of TestTable fails" -- go test -json ./...
record $E subtest-v TEST_FAILURE 2/1/1/0 "one table case of TestTable fails (-v)" -- go test -v ./...
record $E subtest-run TEST_FAILURE 1/0/1/0 "-run selects the failing table test" -- go test -v -run TestTable ./...

project go-panic; calc <<'G'
package calc

import "testing"

func TestDivZero(t *testing.T) {
	if Div(1, 0) != 0 {
		t.Fatal("unreachable")
	}
}
func TestOK(t *testing.T) {}
G
record $E panic-in-test-json TEST_FAILURE 1/0/1/0 "a test panics (integer divide by zero): the test fails, and the binary with it (TestOK never runs)" -- go test -json ./...
record $E panic-in-test-plain TEST_FAILURE - "a test panics (integer divide by zero), plain output" -- go test ./...

project go-timeout; calc <<'G'
package calc

import (
	"testing"
	"time"
)

func TestQuick(t *testing.T) {}
func TestSlow(t *testing.T) { time.Sleep(10 * time.Second) }
G
record $E timeout-flag-json TIMEOUT 2/1/1/0 "go test -timeout 1s fires while TestSlow sleeps" -- go test -timeout 1s -json ./...
record $E timeout-flag-plain TIMEOUT - "go test -timeout 1s fires, plain output" -- go test -timeout 1s ./...
record $E timeout-flag-v TIMEOUT 2/1/1/0 "go test -timeout 1s fires, -v output" -- go test -v -timeout 1s ./...
record $E timeout-wrapper TIMEOUT - "timeout(1) kills go test after 3s: exit 124" -- timeout 3 go test -count=1 ./...
record $E timeout-wrapper-kill TIMEOUT - "timeout -s KILL kills go test: exit 137" -- timeout -s KILL 3 go test -count=1 ./...
CASE_LIMIT=3 record $E timeout-runner TIMEOUT - "the runner's 3 s deadline kills go test" -- go test -count=1 ./...

project go-zero; calc <<'G'
package calc

import "testing"

func TestAdd(t *testing.T) {}
G
record $E zero-run-filter TEST_FAILURE 0/0/0/0 "-run matches no test: exit 0 having run nothing" -- go test -run TestNothing ./...
record $E zero-run-filter-json TEST_FAILURE 0/0/0/0 "-run matches no test (-json): exit 0 having run nothing" -- go test -json -run TestNothing ./...
rm calc_test.go
record $E zero-no-test-files TEST_FAILURE 0/0/0/0 "the package has no test files: exit 0 having run nothing" -- go test ./...
project go-all-skipped; calc <<'G'
package calc

import "testing"

func TestA(t *testing.T) { t.Skip("later") }
func TestB(t *testing.T) { t.Skip("later") }
G
record $E zero-all-skipped TEST_FAILURE 0/0/0/2 "every test skips: exit 0 having run nothing" -- go test -v ./...

project go-compile; ok_tests | calc
sed -i 's/return a + b/return a + b +/' calc.go
record $E compile-syntax-test CODE_ERROR - "calc.go has a syntax error: go test cannot build" -- go test ./...
record $E compile-syntax-test-json CODE_ERROR - "calc.go has a syntax error (-json)" -- go test -json ./...
record $E compile-syntax-build CODE_ERROR - "calc.go has a syntax error: go build" -- go build ./...
record $E compile-syntax-vet CODE_ERROR - "calc.go has a syntax error: go vet" -- go vet ./...
record $E gofmt-syntax CODE_ERROR - "gofmt -l on a file with a syntax error" -- gofmt -l .
project go-undefined; ok_tests | calc
sed -i 's/return a + b/return a + c/' calc.go
record $E compile-undefined-test CODE_ERROR - "undefined: c in calc.go" -- go test ./...
record $E compile-undefined-build CODE_ERROR - "undefined: c in calc.go: go build" -- go build ./...
project go-type; ok_tests | calc
sed -i 's/return a + b/return "x"/' calc.go
record $E compile-type-build CODE_ERROR - "a string returned as int: the compiler's type error" -- go build ./...
record $E compile-type-test-json CODE_ERROR - "a string returned as int (-json)" -- go test -json ./...
project go-testcompile; calc <<'G'
package calc

import "testing"

func TestAdd(t *testing.T) { Add(1) }
G
record $E compile-test-file CODE_ERROR - "the test file calls Add with too few arguments" -- go test ./...

project go-vet; calc <<'G'
package calc

import (
	"fmt"
	"testing"
)

func TestAdd(t *testing.T) { fmt.Printf("%d\n", "x") }
G
record $E vet-printf LINT_ERROR - "go vet: Printf format %d has arg of wrong type" -- go vet ./...
record $E vet-in-test LINT_ERROR - "go test's vet step reports a Printf misuse (a vet analyzer's finding, though go prints [build failed]): the tests never run" -- go test ./...

project go-nomod
printf 'package main\n\nfunc main() {}\n' > main.go
record $E env-no-go-mod ENV_ERROR - "no go.mod in the directory" -- go build ./...
record $E env-no-go-mod-test ENV_ERROR - "no go.mod in the directory (go test)" -- go test ./...
project go-missing-dep; ok_tests | calc
cat > dep.go <<'G'
package calc

import _ "github.com/example/notthere"
G
GOFLAGS=-mod=mod GOPROXY=off record $E env-missing-dep ENV_ERROR - "a dependency that is not in go.mod and cannot be fetched (GOPROXY=off)" -- go test ./...
GOFLAGS=-mod=mod GOPROXY=off record $E env-missing-dep-build ENV_ERROR - "the same missing dependency, go build" -- go build ./...
project go-newer; ok_tests | calc
printf 'module example.com/calc\n\ngo 1.99\n' > go.mod
GOTOOLCHAIN=local record $E env-go-too-old ENV_ERROR - "go.mod requires go 1.99; the local toolchain is older" -- go test ./...
project go-badpath; ok_tests | calc
record $E env-no-such-package ENV_ERROR - "the package directory named does not exist" -- go test ./internal/nothere
record $E env-go-not-installed ENV_ERROR - "a go binary that is not installed: exit 127" -- sh -c "go1.99 test ./..."

project go-run-panic
printf 'module example.com/tool\n\ngo 1.22\n' > go.mod
cat > main.go <<'G'
package main

func main() {
	var m map[string]int
	m["x"] = 1
}
G
record $E run-panic CODE_ERROR - "the program panics: assignment to entry in nil map" -- go run .
cat > main.go <<'G'
package main

import (
	"fmt"
	"os"
)

func main() {
	fmt.Println("checked 3 items, 1 mismatch")
	os.Exit(3)
}
G
record $E run-exit-silent UNKNOWN - "a program exits 3 saying only what it counted: nothing tells the type" -- go run .
cat > main.go <<'G'
package main

import "fmt"

func main() { fmt.Println("ok: error handling verified") }
G
record $E run-pass PASS - "a program that succeeds and prints the word error" -- go run .

project go-race; calc <<'G'
package calc

import (
	"sync"
	"testing"
)

func TestRace(t *testing.T) {
	n := 0
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() { defer wg.Done(); n++ }()
	}
	wg.Wait()
}
func TestOK(t *testing.T) {}
G
record $E race-detected TEST_FAILURE 2/1/1/0 "the race detector fails TestRace" -- go test -race -json ./...

project go-example; calc <<'G'
package calc

import "fmt"

func ExampleAdd() {
	fmt.Println(Add(1, 2))
	// Output: 4
}
G
record $E example-mismatch TEST_FAILURE 1/0/1/0 "an Example's output differs from its // Output comment" -- go test -v ./...

project go-deadlock; calc <<'G'
package calc

import "testing"

func TestDeadlock(t *testing.T) {
	ch := make(chan int)
	<-ch
}
G
CASE_LIMIT=5 record $E deadlock TIMEOUT - "the test blocks forever (the test binary's own timers keep the deadlock detector quiet): the runner's deadline kills it" -- go test -json ./...

project go-multi
printf 'module example.com/multi\n\ngo 1.22\n' > go.mod
mkdir -p a b
printf 'package a\n\nimport "testing"\n\nfunc TestA(t *testing.T) {}\nfunc TestA2(t *testing.T) {}\n' > a/a_test.go
printf 'package b\n\nimport "testing"\n\nfunc TestB(t *testing.T) { t.Error("b is broken") }\n' > b/b_test.go
record $E multi-package-json TEST_FAILURE 3/2/1/0 "two packages: TestB fails in b" -- go test -json ./...
record $E multi-package-plain TEST_FAILURE - "two packages, plain output" -- go test ./...
printf 'package b\n\nimport "testing"\n\nfunc TestB(t *testing.T) {}\n' > b/b_test.go
record $E multi-package-pass-json PASS 3/3/0/0 "two packages, all pass" -- go test -json ./...
printf 'package b\n\nfunc broken( {\n' > b/b.go
record $E multi-package-build-json CODE_ERROR - "b does not build; a passes" -- go test -json ./...
