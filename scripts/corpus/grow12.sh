#!/usr/bin/env bash
# The twelfth growth of the corpus (issue 30, "Failure types"), recorded
# blind: the everyday failures and passing runs of small real-looking
# projects of kinds the corpus had not recorded, in setups it had not
# recorded — go (a visit counter: a counting package, an HTTP handler
# tested with httptest, a report with a golden file and -update, a
# command reading an access log: go test -race with and without the
# mutex, -shuffle, a nil *Counter in a handler test, an http.Post to a
# collector stub that never answers under -timeout, go vet lostcancel, a
# method on http.Request, an int64 argument, a config key of the wrong
# JSON type, a config file .gitignore keeps out of the CI clone, a
# collector host that does not resolve, a listen port already taken, go
# build -o as the non-root CI user in a root-owned checkout, go -C of a
# monorepo path), python (a CSV sales pipeline: pytest-3 with pythonpath,
# a tox-like loop over interpreters in ci/tox.sh, a pre-commit-like
# ci/lint.sh running isort, flake8, mypy and black with a SKIP list, an
# off-by-one in batching, infinite recursion, a ValueError inside a test
# and one at import, a snapshot file, pytest-timeout's ini timeout and a
# value it refuses, a unittest pattern matching nothing, a script without
# its executable bit, an output directory the non-root user cannot
# write, a host that does not resolve, a cd into a subproject that is
# not there, flake8's max-line-length of the wrong type, mypy's return
# and argument types, pylint), node (a CSV-to-markdown CLI with npm
# scripts chaining node --check and node --test: a fixture mismatch,
# recursion, package.json "type": "module" over CommonJS files, fetch of
# a host that does not resolve, npm run build as the non-root user, a
# missing npm script, an input path that is not there, a polling test
# under timeout(1)), TypeScript (a plugin registry: a plugin without its
# required method, a readonly property assigned, an implicit any, an
# unterminated template literal, a plugin name the map lacks failing at
# run time, strict given as a string, moduleResolution bundler on tsc
# 4.8), rust (an expression parser: multiply overflow panicking in a
# test, a left-recursive grammar overflowing the test threads' stacks,
# unwrap of an Err in cargo run, E0308, E0004, clippy's ptr_arg,
# needless_range_loop and needless_return, a --test target that is not
# there, a --target whose std is not installed, a tokenizer that never
# advances under timeout(1)), shell (a backup tool whose make targets call
# ShellCheck and bats: a prune off-by-one, ShellCheck on ls loops and on
# bash-isms in #!/bin/sh, a destination the non-root user cannot create,
# a source path that does not exist, flock waiting on a lock an earlier
# backup holds under timeout(1), curl to a host that does not resolve,
# bash -n of an unclosed $( ), C with make (an INI parser: a trim bug,
# AddressSanitizer's stack-buffer-overflow in the test program,
# conflicting types, -Wformat under -Werror, a make dist script needing
# pandoc, a parse loop that never advances killed by the runner's
# deadline), C++ with CMake and ctest (an event bus: a failing check, a
# handler republishing to its own topic until SIGSEGV, a deleted copy
# constructor, CMAKE_CXX_STANDARD 2017, cmake --preset with no presets
# file), java (a CSV to JSON-lines converter: JUnit 4 off-by-one, a
# StackOverflowError in a run, a lossy conversion, javac -Xlint:all
# -Werror on raw types, an input path and a jar that are not there), ruby
# (a template engine: a golden file, SystemStackError, a missing end,
# rake spec with no such task, LANG=C reading a UTF-8 fixture) and php (a
# router: a method-blind dispatch, a strict_types TypeError, php -l of a
# missing semicolon, php -S on a port already taken, a health check of a
# host that does not resolve). The test counts column is "-" for every
# case. The make-built C project is recorded under make/, the CMake C++
# project under cpp/. Runs as the non-root CI user use lib.sh's RUN_AS
# (nobody); a port "already in use" is held by a python3 listener the
# script starts and stops.
#
# One case in three, by a hash of its name fixed before any
# classification (lib.sh's split with HELDOUT), goes to the held-out part
# "grow12-heldout"; the rest to "tune": 80 tune, 44 grow12-heldout, 124
# cases. The held-out part is never tuned on. While this growth was
# recorded the classifier was not run on any of its cases to choose or
# label anything: TestCorpus was run only at the end (go test -count=1
# -run 'TestCorpus$' ./bot/failure/), for its exit code and for format
# errors, its output filtered to lines naming no case of this growth, no
# grow12 figure, no accuracy line and no table row; the count of require
# failures (format errors) in its whole output was taken: 0. What showed:
# only the package's "ok" line (it passed twice, and without -v it
# printed nothing else). `go test -count=1 ./bot/failure/` first failed
# in TestClassifyBigOutputIsFast alone (a timing test on synthetic
# input, over its 5 ms under a load average near 15 on two CPUs, while
# other work changed the package's classifier in the same checkout); run
# alone a minute later it passed, and the whole package passed then.
# The labels are what each scenario was built to do, written before any
# run; a tune case's output was then read to check that the run did what
# it was built to do (the scenario fixed and re-run, or the label or
# reason changed, as the disclosures say). A held-out case's output was
# not read (only its exit code was looked at): every held-out run exited
# as built (0 for the PASS ones, non-zero for the others), so no
# held-out label was changed and none was taken out.
#
# Disclosures. Tune runs the reading changed: gr12-go-build-o-unwritable
# (go build as nobody) was first killed by the runner's 90 s deadline
# with no output — nobody's build cache was cold and building the
# standard library took longer than that (2 min 20 s by hand, as nobody,
# to a /dev/null output, not recorded); the script now warms nobody's
# cache with that build before the recorded run, and the go section was
# recorded again (exit 1, mkdir bin/: permission denied; every other go
# case's exit code was the same in both recordings). Reasons corrected
# after reading tune outputs: gr12-py-import-time-valueerror (only
# tests/test_cli.py imports extract, so one module fails to collect, not
# both), gr12-make-test-trim-fail (three entries fail, keys and section
# names keep their trailing spaces too), gr12-cmake-cxx-standard-2017
# (CMake's generate step says the targets require a dialect CXX2017 it
# does not know for GNU, rather than refusing the property's value). The
# python section was recorded again for the first of these and for the
# TOOL string of pylint (pylint --version | head -1 broke pylint's pipe
# and printed a traceback to the recorder's terminal, not to a case):
# every python case's exit code was the same in both recordings. No
# label was changed. Before any run, from reading this script only (no
# output): pytest.ini got pythonpath = . (pytest-3 does not put the
# working directory on sys.path), an import added for the flake8 case
# was placed where isort would not fail first, mypy's read_rows was typed
# with Any, a C++ recursion test stopped growing its message (which would
# have used memory quadratic in the depth), a ruby recursion bug was
# rewritten so it recurses (as first written it raised MissingKey), the
# ruby section regexp was written with slashes, and one java reason
# (emptyLastField fails as well). gr12-py-unittest-pattern-none is built
# to exit 0 having run nothing (TEST_FAILURE, as the corpus labels a test
# command that runs no test). The sections were recorded go; py, node
# and ts; rust, shell and c; java, ruby and php; then go and py again.
#
# Tools, all real (nothing here is hand-written output):
#   go1.26.8 (GOTOOLCHAIN=local, GOPROXY=off; no module is fetched).
#   Debian bookworm (already installed): pylint mypy flake8 isort
#     python3-pytest python3-pytest-timeout node-typescript cmake bats
#     ruby rake ruby-minitest php-cli phpunit junit4 libhamcrest-java,
#     and ShellCheck (black is not installed, and ci/lint.sh's black
#     hook shows it)
#   (python3 3.11.2, pytest 7.2.1 with pytest-timeout 2.1.0 loaded,
#   mypy 1.0.1, pylint 2.16.2, flake8 5.0.4, isort 5.6.4, tsc 4.8.4,
#   cmake and ctest 3.25.1, Bats 1.8.2, ruby 3.1.2 with minitest 5.17.0
#   and rake 13.0.6, PHP 8.2.36, PHPUnit 9.6.7, JUnit 4.13.2 and
#   Hamcrest 2.2, ShellCheck 0.9.0); with GNU bash 5.2.15, GNU Make 4.3,
#   gcc and g++ 12.2.0 (with libasan), curl 7.88.1, flock (util-linux
#   2.38.1), git 2.39.5 (to clone a checkout as CI does), OpenJDK
#   17.0.15, all Debian's; node v20.20.2 with npm 10.8.2 (NodeSource's);
#   cargo and rustc 1.95.0, clippy 0.1.95 of rustup's stable toolchain
#   (x86_64 target only).
#
# Run with WORK=/tmp/autoverify-corpus-g12 (the paths the outputs show),
# as root (RUN_AS needs setpriv and the user nobody); ONLY="go py"
# records only those sections (go py node ts rust shell c java ruby php;
# c records make/ and cpp/).
export WORK=${WORK:-/tmp/autoverify-corpus-g12}
. "$(dirname "$0")/lib.sh"
export HELDOUT=grow12-heldout
export CASE_LIMIT=${CASE_LIMIT:-90}
export GOFLAGS=${GOFLAGS:--buildvcs=false} GOTOOLCHAIN=local GOPROXY=off

# hold_port PORT: something else listens on 127.0.0.1:PORT (its pid in
# HOLDER) until release is called.
hold_port() {
	python3 -c 'import socket, sys, time
s = socket.create_server(("127.0.0.1", int(sys.argv[1])))
time.sleep(120)' "$1" &
	HOLDER=$!
	sleep 1
}
release() {
	kill "$HOLDER" 2>/dev/null
	wait "$HOLDER" 2>/dev/null
	HOLDER=
}

# ci_clone DIR: the project as committed (what a CI runner checks out:
# files .gitignore lists are not there), cloned into DIR.
ci_clone() {
	rm -rf "$1"
	git init -q . && git add -A && git -c user.name=dev -c user.email=dev@example.com commit -q -m wip
	git clone -q . "$1"
	rm -rf .git
}

########################################################################
# go: a visit counter — a counting package, an HTTP handler, a report
# with a golden file and a command reading an access log.
visits_base() {
	rm -rf ./* .[!.]* 2>/dev/null
	printf 'module example.com/visits\n\ngo 1.22\n' > go.mod
	w counter/counter.go <<'G'
// Package counter counts page visits.
package counter

import (
	"sort"
	"sync"
)

// Counter counts hits per path; it is safe for concurrent use.
type Counter struct {
	mu   sync.Mutex
	hits map[string]int
}

// New returns an empty counter.
func New() *Counter { return &Counter{hits: map[string]int{}} }

// Hit counts one visit of path.
func (c *Counter) Hit(path string) {
	c.mu.Lock()
	c.hits[path]++
	c.mu.Unlock()
}

// Count returns the visits of path.
func (c *Counter) Count(path string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hits[path]
}

// Top returns the n most visited paths, most visited first, ties by name.
func (c *Counter) Top(n int) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	paths := make([]string, 0, len(c.hits))
	for p := range c.hits {
		paths = append(paths, p)
	}
	sort.Slice(paths, func(i, j int) bool {
		if c.hits[paths[i]] != c.hits[paths[j]] {
			return c.hits[paths[i]] > c.hits[paths[j]]
		}
		return paths[i] < paths[j]
	})
	if n < len(paths) {
		paths = paths[:n]
	}
	return paths
}
G
	w counter/counter_test.go <<'G'
package counter

import (
	"reflect"
	"sync"
	"testing"
)

func TestConcurrentHits(t *testing.T) {
	c := New()
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 100; j++ {
				c.Hit("/")
			}
		}()
	}
	wg.Wait()
	if got := c.Count("/"); got != 800 {
		t.Fatalf("Count(/) = %d, want 800", got)
	}
}

func TestTop(t *testing.T) {
	c := New()
	for _, p := range []string{"/a", "/b", "/b", "/c", "/c", "/c"} {
		c.Hit(p)
	}
	if got, want := c.Top(2), []string{"/c", "/b"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("Top(2) = %v, want %v", got, want)
	}
}
G
	w web/handler.go <<'G'
// Package web serves the visit counter over HTTP.
package web

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"

	"example.com/visits/counter"
)

// Handler counts a hit for every path under /p/ and reports the top
// paths at /top?n=N.
type Handler struct {
	C *counter.Counter
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case strings.HasPrefix(r.URL.Path, "/p/"):
		h.C.Hit(r.URL.Path[2:])
		w.WriteHeader(http.StatusNoContent)
	case r.URL.Path == "/top":
		n, err := strconv.Atoi(r.URL.Query().Get("n"))
		if err != nil || n <= 0 {
			http.Error(w, "bad n", http.StatusBadRequest)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(h.C.Top(n))
	default:
		http.NotFound(w, r)
	}
}
G
	w web/handler_test.go <<'G'
package web

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"example.com/visits/counter"
)

func TestHandler(t *testing.T) {
	h := &Handler{C: counter.New()}
	for _, p := range []string{"/p/home", "/p/home", "/p/about"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", p, nil))
		if rec.Code != http.StatusNoContent {
			t.Fatalf("GET %s: status %d", p, rec.Code)
		}
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/top?n=1", nil))
	if got := strings.TrimSpace(rec.Body.String()); got != `["/home"]` {
		t.Fatalf("GET /top?n=1 = %s", got)
	}
}

func TestBadN(t *testing.T) {
	rec := httptest.NewRecorder()
	(&Handler{C: counter.New()}).ServeHTTP(rec, httptest.NewRequest("GET", "/top?n=x", nil))
	if rec.Code != http.StatusBadRequest {
		t.Fatalf("GET /top?n=x: status %d, want 400", rec.Code)
	}
}

func TestNotFound(t *testing.T) {
	rec := httptest.NewRecorder()
	(&Handler{C: counter.New()}).ServeHTTP(rec, httptest.NewRequest("GET", "/nope", nil))
	if rec.Code != http.StatusNotFound {
		t.Fatalf("GET /nope: status %d, want 404", rec.Code)
	}
}
G
	w report/report.go <<'G'
// Package report formats the most visited paths.
package report

import (
	"fmt"
	"strings"

	"example.com/visits/counter"
)

// Format lists the n most visited paths with their counts.
func Format(c *counter.Counter, n int) string {
	var b strings.Builder
	for i, p := range c.Top(n) {
		fmt.Fprintf(&b, "%2d. %-12s %5d\n", i+1, p, c.Count(p))
	}
	return b.String()
}
G
	w report/report_test.go <<'G'
package report

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"example.com/visits/counter"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func TestFormatGolden(t *testing.T) {
	c := counter.New()
	for _, p := range []string{"/home", "/home", "/about", "/home", "/blog", "/about"} {
		c.Hit(p)
	}
	got := Format(c, 3)
	golden := filepath.Join("testdata", "top3.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("Format(c, 3) does not match %s:\n got:\n%s\nwant:\n%s", golden, got, want)
	}
}
G
	mkdir -p report/testdata
	go test ./report/ -run Golden -update >/dev/null
	w cmd/visits/main.go <<'G'
// Command visits prints the most visited paths of access logs.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net/http"
	"os"
	"strings"

	"example.com/visits/counter"
	"example.com/visits/report"
)

type config struct {
	Top    int      `json:"top"`
	Ignore []string `json:"ignore"`
}

func main() {
	log.SetFlags(0)
	cfgPath := flag.String("config", "visits.json", "configuration file")
	push := flag.String("push", "", "URL to POST the report to")
	flag.Parse()
	raw, err := os.ReadFile(*cfgPath)
	if err != nil {
		log.Fatalf("visits: %v", err)
	}
	var cfg config
	if err := json.Unmarshal(raw, &cfg); err != nil {
		log.Fatalf("visits: %s: %v", *cfgPath, err)
	}
	c := counter.New()
	for _, name := range flag.Args() {
		f, err := os.Open(name)
		if err != nil {
			log.Fatalf("visits: %v", err)
		}
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			fields := strings.Fields(sc.Text())
			if len(fields) < 2 || ignored(cfg.Ignore, fields[1]) {
				continue
			}
			c.Hit(fields[1])
		}
		f.Close()
	}
	out := report.Format(c, cfg.Top)
	fmt.Print(out)
	if *push != "" {
		resp, err := http.Post(*push, "text/plain", strings.NewReader(out))
		if err != nil {
			log.Fatalf("visits: push: %v", err)
		}
		resp.Body.Close()
	}
}

func ignored(list []string, p string) bool {
	for _, x := range list {
		if x == p {
			return true
		}
	}
	return false
}
G
	w cmd/visitsd/main.go <<'G'
// Command visitsd serves the visit counter.
package main

import (
	"flag"
	"log"
	"net/http"

	"example.com/visits/counter"
	"example.com/visits/web"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:8080", "listen address")
	flag.Parse()
	log.Printf("visitsd: listening on %s", *addr)
	log.Fatal(http.ListenAndServe(*addr, &web.Handler{C: counter.New()}))
}
G
	printf 'GET /home 200\nGET /health 200\nGET /about 200\nGET /home 200\nGET /health 200\nGET /blog 404\n' > access.log
	printf '{"top": 3, "ignore": ["/health"]}\n' > visits.json
	printf '# local settings, each developer has their own\nvisits.json\n/bin/\n' > .gitignore
}

sec_go() {
E=go
TOOL="$(go version | cut -d' ' -f3)"
project gr12-visits
visits_base
record $E gr12-go-test-all-pass PASS - "go test ./...: the counter, handler and golden report tests pass" -- go test ./...
record $E gr12-go-test-race-pass PASS - "go test -race ./...: the concurrent hit test passes under the race detector" -- go test -race ./...
record $E gr12-go-test-shuffle-pass PASS - "go test -shuffle=on -count=2 ./...: the tests pass in shuffled order, twice" -- go test -shuffle=on -count=2 ./...
record $E gr12-go-vet-pass PASS - "go vet ./...: nothing reported" -- go vet ./...
record $E gr12-go-run-config-present-pass PASS - "go run ./cmd/visits access.log in the developer's checkout, where the untracked visits.json is: prints the top three paths" -- go run ./cmd/visits access.log
edit counter/counter.go '/^func (c \*Counter) Hit/,/^}/{/c\.mu\./d}'
record $E gr12-go-test-race-detected TEST_FAILURE - "go test -race ./counter/: Hit no longer takes the mutex; eight goroutines write the map at once, the race detector reports a DATA RACE and the test fails" -- go test -race ./counter/
visits_base
edit web/handler.go 's/http.Error(w, "bad n", http.StatusBadRequest)/http.Error(w, "bad n", http.StatusInternalServerError)/'
record $E gr12-go-httptest-status-fail TEST_FAILURE - "the handler answers a bad n with 500: TestBadN wants 400" -- go test ./web/
edit web/handler.go 's/http.StatusInternalServerError)/http.StatusBadRequest)/'
edit web/handler_test.go 's/	h := &Handler{C: counter.New()}/	h := \&Handler{}/'
record $E gr12-go-handler-nil-counter TEST_FAILURE - "TestHandler builds a Handler without its Counter: Hit on the nil *Counter panics with a nil pointer dereference" -- go test ./web/
edit web/handler_test.go 's/	h := &Handler{}/	h := \&Handler{C: counter.New()}/'
edit report/report.go 's/%2d. %-12s %5d/%2d. %-16s %5d/'
record $E gr12-go-golden-mismatch TEST_FAILURE - "report pads paths to 16 columns now; testdata/top3.golden has 12: TestFormatGolden fails on the diff" -- go test ./report/
record $E gr12-go-golden-update-pass PASS - "go test ./report/ -update: the test rewrites the golden file and passes" -- go test ./report/ -update
visits_base
w web/push.go <<'G'
package web

import (
	"net/http"
	"strings"
)

// Push posts a report to a collector and returns the status code.
func Push(url, body string) (int, error) {
	resp, err := http.Post(url, "text/plain", strings.NewReader(body))
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	return resp.StatusCode, nil
}
G
w web/push_test.go <<'G'
package web

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestPushSlowCollector(t *testing.T) {
	block := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-block // the collector stub never answers
	}))
	defer srv.Close()
	code, err := Push(srv.URL, "report")
	if err != nil || code != http.StatusOK {
		t.Fatalf("Push = %d, %v", code, err)
	}
}
G
record $E gr12-go-test-http-client-hang TIMEOUT - "go test -timeout 4s ./web/: Push's http.Post has no client timeout and the collector stub never answers; the test binary's deadline panics" -- go test -timeout 4s ./web/
rm web/push_test.go
w web/push.go <<'G'
package web

import (
	"context"
	"net/http"
	"strings"
	"time"
)

// PushWithin posts a report to a collector, giving up after d.
func PushWithin(url, body string, d time.Duration) (int, error) {
	ctx, _ := context.WithTimeout(context.Background(), d)
	req, err := http.NewRequestWithContext(ctx, "POST", url, strings.NewReader(body))
	if err != nil {
		return 0, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	return resp.StatusCode, nil
}
G
record $E gr12-go-vet-lostcancel LINT_ERROR - "go vet ./...: PushWithin discards the cancel function of context.WithTimeout (lostcancel)" -- go vet ./...
rm web/push.go
w web/bot.go <<'G'
package web

import (
	"net/http"
	"strings"
)

// IsBot reports whether the request comes from a crawler.
func (r *http.Request) IsBot() bool {
	return strings.Contains(strings.ToLower(r.UserAgent()), "bot")
}
G
record $E gr12-go-method-on-non-local-type CODE_ERROR - "web/bot.go defines a method on http.Request: cannot define new methods on non-local type" -- go build ./...
rm web/bot.go
edit cmd/visits/main.go 's/	out := report.Format(c, cfg.Top)/	out := report.Format(c, int64(cfg.Top))/'
record $E gr12-go-build-int64-arg CODE_ERROR - "cmd/visits passes int64(cfg.Top) to report.Format, which takes an int: cannot use as int value in argument" -- go build ./cmd/visits
visits_base
printf '{"top": "3", "ignore": ["/health"]}\n' > visits.json
record $E gr12-go-config-top-string ENV_ERROR - "visits.json gives top as a string (\"3\"): the command cannot unmarshal it into the int field and stops before reading the log" -- go run ./cmd/visits access.log
printf '{"top": 3, "ignore": ["/health"]}\n' > visits.json
ci_clone "$WORK/gr12-visits-ci"
cd "$WORK/gr12-visits-ci"
record $E gr12-go-config-gitignored ENV_ERROR - "in a fresh clone (what CI checks out) visits.json is missing: .gitignore lists it; go run ./cmd/visits stops, open visits.json: no such file or directory" -- go run ./cmd/visits access.log
cd "$WORK/gr12-visits"
rm -rf "$WORK/gr12-visits-ci"
record $E gr12-go-run-push-dns ENV_ERROR - "go run ./cmd/visits -push http://metrics.internal.example:9091/ingest: the collector's host name does not resolve here (no network): the push fails after the report" -- go run ./cmd/visits -push http://metrics.internal.example:9091/ingest access.log
go build -o /dev/null ./cmd/visitsd
hold_port 47131
record $E gr12-go-visitsd-port-in-use ENV_ERROR - "go run ./cmd/visitsd -addr 127.0.0.1:47131 while another process listens there: bind: address already in use" -- go run ./cmd/visitsd -addr 127.0.0.1:47131
release
# nobody's own build cache, warmed first (a cold one takes longer than
# the runner's deadline here): the recorded run then only fails to write.
mkdir -p "$WORK/.home-nobody" && chown nobody "$WORK/.home-nobody"
setpriv --reuid=nobody --regid=nogroup --clear-groups env HOME="$WORK/.home-nobody" go build -o /dev/null ./cmd/visits
RUN_AS=nobody record $E gr12-go-build-o-unwritable ENV_ERROR - "go build -o bin/visits run as the CI user nobody in a checkout owned by root: the output directory cannot be written (permission denied)" -- go build -o bin/visits ./cmd/visits
record $E gr12-go-C-subdir-missing ENV_ERROR - "go -C services/visits test ./...: the CI step was written for the monorepo layout; this repository has no services/visits directory" -- go -C services/visits test ./...
}

########################################################################
# python: a CSV sales pipeline (etl) with a tox-like loop and a
# pre-commit-like lint script in ci/.
etl_base() {
	rm -rf ./* .[!.]* 2>/dev/null
	w etl/__init__.py <<'P'
"""Sales CSV pipeline."""
P
	w etl/extract.py <<'P'
"""Reading the CSV exports."""
import csv
from pathlib import Path
from typing import Any

COLUMNS = dict.fromkeys(["date", "region", "amount"])


def read_rows(path: Path) -> list[dict[str, Any]]:
    """Return the rows of a CSV export as dicts."""
    with open(path, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))
P
	w etl/transform.py <<'P'
"""Row transformations."""
from typing import Any, Iterator


def batches(rows: list[dict[str, Any]], size: int) -> Iterator[list[dict[str, Any]]]:
    """Yield the rows in batches of at most size."""
    for start in range(0, len(rows), size):
        yield rows[start:start + size]


def normalise(row: dict[str, str]) -> dict[str, Any]:
    """Strip keys and values; the amount becomes a float."""
    out: dict[str, Any] = {k.strip().lower(): v.strip() for k, v in row.items()}
    out["amount"] = float(out["amount"])
    return out


def flatten(d: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """Flatten nested dicts into dotted keys."""
    flat: dict[str, Any] = {}
    for key, value in d.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            flat.update(flatten(value, name + "."))
        else:
            flat[name] = value
    return flat
P
	w etl/cli.py <<'P'
"""etl CSV [--out DIR] [--push URL]: totals per region."""
import argparse
import json
import urllib.request
from pathlib import Path
from typing import Any

from etl.extract import read_rows
from etl.transform import normalise


def summary(rows: list[dict[str, Any]]) -> str:
    """One line per region with its total, regions sorted."""
    totals: dict[str, float] = {}
    for row in rows:
        totals[row["region"]] = totals.get(row["region"], 0.0) + row["amount"]
    return "".join(f"{r:<8}{t:>10.2f}\n" for r, t in sorted(totals.items()))


def main(argv: list[str] | None = None) -> int:
    """Run the pipeline."""
    p = argparse.ArgumentParser(prog="etl")
    p.add_argument("csv", type=Path)
    p.add_argument("--out", type=Path)
    p.add_argument("--push")
    args = p.parse_args(argv)
    rows = [normalise(r) for r in read_rows(args.csv)]
    text = summary(rows)
    print(text, end="")
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "summary.txt").write_text(text, encoding="utf-8")
    if args.push:
        body = json.dumps({"summary": text}).encode()
        req = urllib.request.Request(args.push, data=body, method="POST")
        with urllib.request.urlopen(req, timeout=10) as resp:
            print("pushed:", resp.status)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
P
	w data/sales.csv <<'C'
date,region,amount
2024-03-01,north,120.50
2024-03-01,south,80.00
2024-03-02,north,99.50
2024-03-02,east,42.25
2024-03-03,south,10.00
C
	w tests/test_transform.py <<'P'
from etl.transform import batches, flatten, normalise


def test_batches_keep_every_row():
    rows = [{"n": i} for i in range(5)]
    got = list(batches(rows, 2))
    assert [len(b) for b in got] == [2, 2, 1]


def test_normalise():
    row = normalise({" Region ": " north ", "Amount": "12.50", "date": "2024-03-01"})
    assert row == {"region": "north", "amount": 12.5, "date": "2024-03-01"}


def test_flatten():
    assert flatten({"a": {"b": 1, "c": {"d": 2}}, "e": 3}) == {"a.b": 1, "a.c.d": 2, "e": 3}
P
	w tests/test_cli.py <<'P'
from pathlib import Path

from etl.cli import main

HERE = Path(__file__).parent


def test_summary_snapshot(tmp_path):
    assert main([str(HERE.parent / "data" / "sales.csv"), "--out", str(tmp_path)]) == 0
    got = (tmp_path / "summary.txt").read_text(encoding="utf-8")
    assert got == (HERE / "snapshots" / "summary.txt").read_text(encoding="utf-8")
P
	mkdir -p tests/snapshots
	python3 -c 'import sys; sys.path.insert(0, "."); from etl.cli import main; main(["data/sales.csv", "--out", "tests/snapshots"])' >/dev/null
	rm -rf etl/__pycache__
	w setup.cfg <<'I'
[flake8]
max-line-length = 100
exclude = .git,__pycache__
I
	w pytest.ini <<'I'
[pytest]
testpaths = tests
pythonpath = .
I
	w ci/tox.sh <<'S'
#!/usr/bin/env bash
# Runs the tests under every supported interpreter (tox.ini's old envlist).
set -eu
for py in ${PYTHONS:-python3.11 python3.12}; do
	echo "== $py"
	"$py" -m pytest -q -p no:cacheprovider
done
S
	w ci/lint.sh <<'S'
#!/usr/bin/env bash
# The pre-commit hooks, run one after another in CI. SKIP=hook,... skips
# hooks, as pre-commit's SKIP does.
set -e
hook() {
	case ",${SKIP:-}," in *",$1,"*) echo "- $1: skipped"; return ;; esac
	echo "- $1"
	shift
	"$@"
}
hook isort isort --check-only --diff etl tests
hook flake8 flake8 etl tests
hook mypy mypy etl
hook black black --check etl tests
echo "all hooks passed"
S
	chmod +x ci/*.sh
	w bin/etl-run <<'P'
#!/usr/bin/env python3
"""Runs the pipeline from a checkout."""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from etl.cli import main  # noqa: E402

raise SystemExit(main())
P
}

sec_py() {
E=python
TOOL="pytest $(pytest-3 --version 2>&1 | cut -d' ' -f2) (pytest-timeout 2.1.0), $(python3 --version)"
project gr12-etl
etl_base
record $E gr12-py-pytest-pass PASS - "pytest-3 -q: the transform tests and the summary snapshot test pass" -- pytest-3 -q
record $E gr12-py-toxloop-311-pass PASS - "PYTHONS=python3.11 ci/tox.sh: the tox-like loop runs pytest under python3.11, the tests pass" -- env PYTHONS=python3.11 ./ci/tox.sh
record $E gr12-py-toxloop-312-missing ENV_ERROR - "ci/tox.sh with its default list: python3.11 passes, then python3.12, which this image does not have: command not found (127)" -- ./ci/tox.sh
edit etl/transform.py 's/    for start in range(0, len(rows), size):/    for start in range(0, len(rows) - 1, size):/'
record $E gr12-py-batches-off-by-one TEST_FAILURE - "batches stops at len(rows) - 1: the last batch of one row is dropped, test_batches_keep_every_row fails" -- pytest-3 -q
edit etl/transform.py 's/    for start in range(0, len(rows) - 1, size):/    for start in range(0, len(rows), size):/'
edit etl/transform.py 's/            flat.update(flatten(value, name + "."))/            flat.update(flatten(d, name + "."))/'
record $E gr12-py-flatten-recursion TEST_FAILURE - "flatten recurses on d instead of the nested value: RecursionError in test_flatten" -- python3 -m pytest -q tests/test_transform.py
edit etl/transform.py 's/            flat.update(flatten(d, name + "."))/            flat.update(flatten(value, name + "."))/'
w tests/test_amounts.py <<'P'
from etl.transform import normalise


def test_thousands_separator():
    assert normalise({"region": "west", "amount": "1,234.50"})["amount"] == 1234.5
P
record $E gr12-py-float-thousands-valueerror TEST_FAILURE - "a new test feeds an amount with a thousands separator: float('1,234.50') raises ValueError inside normalise, the test fails" -- pytest-3 -q tests/test_amounts.py
rm tests/test_amounts.py
edit etl/extract.py 's/^COLUMNS = dict.fromkeys(\["date", "region", "amount"\])$/COLUMNS = dict(["date", "region", "amount"])/'
record $E gr12-py-import-time-valueerror CODE_ERROR - "extract.py builds COLUMNS with dict() of a list of strings at import: ValueError (dictionary update sequence element has length 4); tests/test_cli.py, which imports cli and so extract, fails to collect (test_transform.py does not import extract)" -- pytest-3 -q
edit etl/extract.py 's/^COLUMNS = dict(\["date", "region", "amount"\])$/COLUMNS = dict.fromkeys(["date", "region", "amount"])/'
edit etl/cli.py 's/{t:>10.2f}/{t:>10.1f}/'
record $E gr12-py-snapshot-mismatch TEST_FAILURE - "summary prints one decimal now; tests/snapshots/summary.txt has two: test_summary_snapshot fails" -- pytest-3 -q
edit etl/cli.py 's/{t:>10.1f}/{t:>10.2f}/'
# Time limits from pytest.ini (pytest-timeout).
w etl/wait.py <<'P'
"""Waiting for the upstream export."""
import time
from pathlib import Path


def wait_for_export(path: Path, poll: float = 0.1) -> Path:
    """Return path once the export job has written it."""
    while not path.exists():
        time.sleep(poll)
    return path
P
w tests/test_wait.py <<'P'
from pathlib import Path

from etl.wait import wait_for_export


def test_export_arrives(tmp_path):
    assert wait_for_export(tmp_path / "sales-2024-03.csv").name == "sales-2024-03.csv"
P
printf '[pytest]\ntestpaths = tests\npythonpath = .\ntimeout = 3\n' > pytest.ini
record $E gr12-py-pytest-ini-timeout TIMEOUT - "pytest.ini sets timeout = 3 (pytest-timeout): test_export_arrives polls for a file no job writes and is stopped after 3 s" -- pytest-3 -q
printf '[pytest]\ntestpaths = tests\npythonpath = .\ntimeout = 3s\n' > pytest.ini
record $E gr12-py-pytest-ini-timeout-not-number ENV_ERROR - "pytest.ini sets timeout = 3s: pytest-timeout wants a number of seconds and refuses the value before any test runs" -- pytest-3 -q
printf '[pytest]\ntestpaths = tests\npythonpath = .\n' > pytest.ini
rm etl/wait.py tests/test_wait.py
TOOL="$(python3 --version) (unittest)"
record $E gr12-py-unittest-pattern-none TEST_FAILURE - "python3 -m unittest discover -s tests -p '*_tests.py': the pattern matches no file (they are test_*.py), Ran 0 tests" -- python3 -m unittest discover -s tests -p '*_tests.py'
TOOL="$(python3 --version)"
record $E gr12-py-bin-not-executable ENV_ERROR - "a CI step runs ./bin/etl-run, committed without its executable bit: Permission denied (126)" -- bash -c './bin/etl-run data/sales.csv'
RUN_AS=nobody record $E gr12-py-out-dir-unwritable ENV_ERROR - "python3 -m etl.cli --out out run as the CI user nobody in a root-owned checkout: creating out/ fails with PermissionError" -- python3 -m etl.cli data/sales.csv --out out
record $E gr12-py-push-dns ENV_ERROR - "python3 -m etl.cli --push http://warehouse.internal.example:8080/ingest: the host does not resolve (no network): URLError, Name or service not known" -- python3 -m etl.cli data/sales.csv --push http://warehouse.internal.example:8080/ingest
record $E gr12-py-cd-subproject-missing ENV_ERROR - "a CI step cd services/etl && pytest-3 -q: the step was written for the monorepo; this repository has no services/etl" -- bash -c 'cd services/etl && pytest-3 -q'
record $E gr12-py-run-pass PASS - "python3 -m etl.cli data/sales.csv: prints the three region totals" -- python3 -m etl.cli data/sales.csv
# The pre-commit-like lint script and the tools it runs.
TOOL="isort 5.6.4, flake8 $(flake8 --version | head -1 | cut -d' ' -f1), mypy $(mypy --version | cut -d' ' -f2), $(python3 --version)"
record $E gr12-py-lint-skip-black-pass PASS - "SKIP=black ci/lint.sh: isort, flake8 and mypy hooks pass; black is skipped" -- env SKIP=black ./ci/lint.sh
record $E gr12-py-lint-black-missing ENV_ERROR - "ci/lint.sh: isort, flake8 and mypy pass, then the black hook: black is not installed in this image (command not found)" -- ./ci/lint.sh
edit etl/cli.py 's/^import json$/import json\nimport os/'
edit etl/cli.py 's/^    return "".join(f"{r:<8}{t:>10.2f}\\n" for r, t in sorted(totals.items()))$/    lines = [f"{r:<8}{t:>10.2f}\\n" for r, t in sorted(totals.items())]\n    return "".join(lines)  ;/'
record $E gr12-py-lint-flake8-findings LINT_ERROR - "SKIP=black ci/lint.sh: isort passes, the flake8 hook reports os imported but unused (F401) and a stray semicolon with whitespace before it (E203/E703); the script stops there" -- env SKIP=black ./ci/lint.sh
etl_base
printf '[flake8]\nmax-line-length = 100px\nexclude = .git,__pycache__\n' > setup.cfg
record $E gr12-py-flake8-cfg-not-int ENV_ERROR - "setup.cfg sets max-line-length = 100px: flake8 cannot read the option as an integer and stops" -- flake8 etl tests
etl_base
TOOL="mypy $(mypy --version | cut -d' ' -f2), $(python3 --version)"
record $E gr12-py-mypy-pass PASS - "mypy etl: no issues" -- mypy etl
printf '\n\ndef summary_path(out: Path) -> Path:\n    """Where the summary is written."""\n    return str(out / "summary.txt")\n' >> etl/cli.py
record $E gr12-py-mypy-return-str TYPE_ERROR - "summary_path is declared to return Path and returns str(...): incompatible return value type" -- mypy etl
etl_base
printf '\n\ndef first_batch(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:\n    """The first batch of a run."""\n    return next(batches(rows, "100"))\n' >> etl/transform.py
record $E gr12-py-mypy-arg-type TYPE_ERROR - "python3 -m mypy etl: first_batch passes the batch size as the string \"100\" to batches(size: int)" -- python3 -m mypy etl
etl_base
TOOL="pylint $(pylint --version 2>/dev/null | sed -n "1s/^pylint //p"), $(python3 --version)"
w etl/load.py <<'P'
"""Loading the rows into the warehouse files."""
import json


def write_rows(rows, path, seen=[]):
    """Write rows not written before as JSON lines."""
    count = 0
    with open(path, "a", encoding="utf-8") as f:
        for i, row in enumerate(rows):
            if row["date"] in seen:
                continue
            seen.append(row["date"])
            f.write(json.dumps(row) + "\n")
    return len(seen)
P
record $E gr12-py-pylint-findings LINT_ERROR - "pylint --disable=C etl: load.write_rows has a mutable default argument (dangerous-default-value) and unused variables count and i" -- pylint --disable=C etl
rm etl/load.py
}

########################################################################
# node: mdtable, a CLI turning CSV into markdown tables; npm scripts chain
# node --check and node --test.
mdtable_base() {
	rm -rf ./* .[!.]* 2>/dev/null
	w package.json <<'J'
{
  "name": "mdtable",
  "version": "1.3.0",
  "bin": { "mdtable": "bin/mdtable.js" },
  "scripts": {
    "check": "node --check lib/table.js && node --check lib/tree.js && node --check bin/mdtable.js",
    "test": "node --test test/",
    "ci": "npm run check && npm test",
    "build": "node scripts/build.js"
  }
}
J
	w lib/table.js <<'J'
'use strict';

function widths(rows) {
  const w = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      w[i] = Math.max(w[i] || 3, String(cell).length);
    });
  }
  return w;
}

function render(header, rows) {
  const w = widths([header, ...rows]);
  const line = (cells) => '| ' + cells.map((c, i) => String(c).padEnd(w[i])).join(' | ') + ' |';
  const sep = '| ' + w.map((n) => '-'.repeat(n)).join(' | ') + ' |';
  return [line(header), sep, ...rows.map(line)].join('\n') + '\n';
}

function parseCsv(text) {
  return text.trim().split('\n').map((l) => l.split(',').map((c) => c.trim()));
}

module.exports = { widths, render, parseCsv };
J
	w lib/tree.js <<'J'
'use strict';

// Depth of a nested outline: { title, children: [...] }.
function depth(node) {
  if (node.children.length === 0) return 1;
  return 1 + Math.max(...node.children.map(depth));
}

// Outline rows for the table: the title indented by its level.
function outline(node, level = 0, out = []) {
  out.push(['  '.repeat(level) + node.title, String(node.children.length)]);
  node.children.forEach((c) => outline(c, level + 1, out));
  return out;
}

module.exports = { depth, outline };
J
	w bin/mdtable.js <<'J'
#!/usr/bin/env node
'use strict';
const fs = require('node:fs');
const { render, parseCsv } = require('../lib/table');

async function main(args) {
  let text;
  if (args[0] === '--from') {
    const res = await fetch(args[1]);
    text = await res.text();
  } else {
    text = fs.readFileSync(args[0], 'utf8');
  }
  const [header, ...rows] = parseCsv(text);
  process.stdout.write(render(header, rows));
}

main(process.argv.slice(2));
J
	w scripts/build.js <<'J'
'use strict';
// Bundles the CLI into dist/ (a copy with a banner: no bundler needed).
const fs = require('node:fs');
const path = require('node:path');

const out = path.join(__dirname, '..', 'dist');
fs.mkdirSync(out, { recursive: true });
const src = fs.readFileSync(path.join(__dirname, '..', 'lib', 'table.js'), 'utf8');
fs.writeFileSync(path.join(out, 'table.js'), '// mdtable 1.3.0\n' + src);
console.log('wrote dist/table.js');
J
	w test/table.test.js <<'J'
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { widths, render, parseCsv } = require('../lib/table');

test('widths are at least three', () => {
  assert.deepEqual(widths([['a', 'bb'], ['cccc', 'd']]), [4, 3]);
});

test('render matches the fixture', () => {
  const [header, ...rows] = parseCsv('name,qty\napples,3\npears,12\n');
  const want = fs.readFileSync(path.join(__dirname, 'fixtures', 'fruit.md'), 'utf8');
  assert.equal(render(header, rows), want);
});
J
	w test/tree.test.js <<'J'
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { depth, outline } = require('../lib/tree');

const doc = {
  title: 'Guide',
  children: [
    { title: 'Install', children: [] },
    { title: 'Usage', children: [{ title: 'Flags', children: [] }] },
  ],
};

test('depth', () => {
  assert.equal(depth(doc), 3);
});

test('outline indents by level', () => {
  assert.deepEqual(outline(doc).map((r) => r[0]), ['Guide', '  Install', '  Usage', '    Flags']);
});
J
	mkdir -p test/fixtures
	node -e "const t = require('./lib/table'); const [h, ...r] = t.parseCsv('name,qty\napples,3\npears,12\n'); process.stdout.write(t.render(h, r));" > test/fixtures/fruit.md
	printf 'name,qty\napples,3\npears,12\n' > fruit.csv
}

sec_node() {
E=node
TOOL="node $(node --version), npm $(npm --version)"
project gr12-mdtable
mdtable_base
record $E gr12-node-npm-test-pass PASS - "npm test (node --test test/): the table and outline tests pass" -- npm test
record $E gr12-node-npm-ci-chain-pass PASS - "npm run ci: npm run check (node --check of three files) then npm test, all pass" -- npm run ci
record $E gr12-node-test-reporter-tap-pass PASS - "node --test --test-reporter=tap test/: four tests pass, TAP output" -- node --test --test-reporter=tap test/
record $E gr12-node-cli-pass PASS - "node bin/mdtable.js fruit.csv: prints the markdown table" -- node bin/mdtable.js fruit.csv
record $E gr12-node-cli-input-missing ENV_ERROR - "node bin/mdtable.js data/fruit.csv: the CI step names a data/ directory the repository does not have: ENOENT" -- node bin/mdtable.js data/fruit.csv
record $E gr12-node-npm-run-lint-missing ENV_ERROR - "npm run lint: package.json has no lint script (Missing script)" -- npm run lint
edit lib/tree.js 's/^  return 1 + Math.max(...node.children.map(depth));$/  return 1 + Math.max(...[node].map(depth));/'
record $E gr12-node-tree-recursion TEST_FAILURE - "depth maps itself over [node] instead of the children: RangeError, Maximum call stack size exceeded, in the depth test" -- npm test
edit lib/tree.js 's/^  return 1 + Math.max(...\[node\].map(depth));$/  return 1 + Math.max(...node.children.map(depth));/'
edit lib/table.js "s/^  const sep = '| ' + w.map((n) => '-'.repeat(n)).join(' | ') + ' |';$/  const sep = '| ' + w.map((n) => ':' + '-'.repeat(n - 1)).join(' | ') + ' |';/"
record $E gr12-node-fixture-mismatch TEST_FAILURE - "render now writes left-alignment colons in the separator row; test/fixtures/fruit.md has plain dashes: the fixture test fails" -- npm test
mdtable_base
edit bin/mdtable.js "s/^  const \[header, ...rows\] = parseCsv(text);$/  const [header, ...rows] = parseCsv(text;/"
record $E gr12-node-ci-check-syntax CODE_ERROR - "npm run ci: node --check of bin/mdtable.js fails, parseCsv's call is not closed: SyntaxError, npm test never runs" -- npm run ci
mdtable_base
edit package.json 's/^  "version": "1.3.0",$/  "version": "1.3.0",\n  "type": "module",/'
record $E gr12-node-type-module-cjs CODE_ERROR - "package.json gains \"type\": \"module\"; lib/*.js still use require and module.exports: the test files fail to load (require is not defined in ES module scope)" -- npm test
mdtable_base
record $E gr12-node-cli-fetch-dns ENV_ERROR - "node bin/mdtable.js --from http://sheets.internal.example/fruit.csv: the host does not resolve here (no network): fetch failed, getaddrinfo" -- node bin/mdtable.js --from http://sheets.internal.example/fruit.csv
RUN_AS=nobody record $E gr12-node-build-dist-unwritable ENV_ERROR - "npm run build as the CI user nobody in a root-owned checkout: mkdir dist fails with EACCES" -- npm run build
w test/watch.test.js <<'J'
'use strict';
const test = require('node:test');
const fs = require('node:fs');

test('picks up the exported sheet', async () => {
  await new Promise((resolve) => {
    const t = setInterval(() => {
      if (fs.existsSync('export/sheet.csv')) { // the export job is not part of this run
        clearInterval(t);
        resolve();
      }
    }, 100);
  });
});
J
record $E gr12-node-test-poll-timeout TIMEOUT - "timeout 6 npm test: a test polls for export/sheet.csv, which no job writes; timeout(1) ends npm test (124)" -- timeout 6 npm test
rm test/watch.test.js
}

########################################################################
# typescript: a plugin registry library (tsc, npm start).
plugins_base() {
	rm -rf ./* .[!.]* 2>/dev/null
	w package.json <<'J'
{
  "name": "hookreg",
  "version": "0.5.0",
  "private": true,
  "scripts": {
    "build": "tsc -p .",
    "start": "tsc -p . && node dist/index.js"
  }
}
J
	w tsconfig.json <<'J'
{
  "compilerOptions": {
    "target": "es2020",
    "module": "commonjs",
    "strict": true,
    "outDir": "dist",
    "rootDir": "src"
  },
  "include": ["src"]
}
J
	w src/plugin.ts <<'T'
export type Hook = (payload: unknown) => unknown;

export interface Host {
  register(hook: string, fn: Hook): void;
}

export interface Plugin {
  readonly name: string;
  version: number;
  setup(host: Host): void;
  teardown?(): void;
}

export class Registry implements Host {
  private readonly hooks = new Map<string, Hook[]>();
  private readonly plugins: Plugin[] = [];

  use(p: Plugin): this {
    if (this.plugins.some((q) => q.name === p.name)) {
      throw new Error(`plugin ${p.name} already registered`);
    }
    this.plugins.push(p);
    p.setup(this);
    return this;
  }

  register(hook: string, fn: Hook): void {
    const list = this.hooks.get(hook) ?? [];
    list.push(fn);
    this.hooks.set(hook, list);
  }

  run(hook: string, payload: unknown): unknown {
    return (this.hooks.get(hook) ?? []).reduce((acc, fn) => fn(acc), payload);
  }

  names(): string[] {
    return this.plugins.map((p) => p.name);
  }
}
T
	w src/plugins/upper.ts <<'T'
import { Plugin } from "../plugin";

export const upper: Plugin = {
  name: "upper",
  version: 1,
  setup(host) {
    host.register("text", (s) => String(s).toUpperCase());
  },
};
T
	w src/plugins/exclaim.ts <<'T'
import { Plugin } from "../plugin";

export const exclaim: Plugin = {
  name: "exclaim",
  version: 2,
  setup(host) {
    host.register("text", (s) => `${String(s)}!`);
  },
};
T
	w src/index.ts <<'T'
import { Plugin, Registry } from "./plugin";
import { exclaim } from "./plugins/exclaim";
import { upper } from "./plugins/upper";

const available: Record<string, Plugin> = { upper, exclaim };
const enabled = ["upper", "exclaim"];

const r = new Registry();
for (const name of enabled) {
  r.use(available[name]);
}
console.log(r.names().join(","), r.run("text", "hello plugins"));
T
}

sec_ts() {
E=typescript
TOOL="tsc $(tsc --version | cut -d' ' -f2), node $(node --version), npm $(npm --version)"
project gr12-hookreg
plugins_base
record $E gr12-ts-tsc-pass PASS - "tsc -p . (strict): the registry and two plugins compile to dist/" -- tsc -p .
rm -rf dist
record $E gr12-ts-npm-start-pass PASS - "npm start: tsc, then node dist/index.js runs both plugins and prints HELLO PLUGINS!" -- npm start
rm -rf dist
w src/plugins/trim.ts <<'T'
import { Plugin } from "../plugin";

export const trim: Plugin = {
  name: "trim",
  version: 1,
};
T
record $E gr12-ts-plugin-missing-setup TYPE_ERROR - "the trim plugin object has no setup method, which Plugin requires (TS2741)" -- tsc --noEmit -p .
w src/plugins/trim.ts <<'T'
import { Plugin } from "../plugin";

export const trim: Plugin = {
  name: "trim",
  version: 1,
  setup(host) {
    host.register("text", (s) => String(s).trim());
  },
};

trim.name = "strip";
T
record $E gr12-ts-readonly-assign TYPE_ERROR - "trim.ts assigns to name, a readonly property of Plugin (TS2540)" -- tsc --noEmit -p .
w src/plugins/trim.ts <<'T'
import { Host } from "../plugin";

export function makeTrim(chars) {
  return {
    name: "trim",
    version: 1,
    setup(host: Host) {
      host.register("text", (s) => String(s).replace(new RegExp(`^[${chars}]+|[${chars}]+$`, "g"), ""));
    },
  };
}
T
record $E gr12-ts-implicit-any-param TYPE_ERROR - "npm run build: makeTrim's chars parameter has no type, an implicit any under strict (TS7006)" -- npm run build
rm src/plugins/trim.ts
rm -rf dist
edit src/plugins/exclaim.ts 's/    host.register("text", (s) => `${String(s)}!`);/    host.register("text", (s) => `${String(s)}!);/'
record $E gr12-ts-template-unterminated CODE_ERROR - "exclaim.ts: a template literal lost its closing backtick (unterminated template literal)" -- tsc --noEmit -p .
plugins_base
edit src/index.ts 's/^const enabled = \["upper", "exclaim"\];$/const enabled = ["upper", "exclaim", "trim"];/'
record $E gr12-ts-run-plugin-undefined CODE_ERROR - "npm start: index.ts enables a trim plugin the available map lacks; it compiles, then use() reads .name of undefined: TypeError at run time" -- npm start
plugins_base
edit tsconfig.json 's/    "strict": true,/    "strict": "true",/'
record $E gr12-ts-tsconfig-strict-string ENV_ERROR - "tsconfig.json gives strict as the string \"true\": tsc wants a boolean (TS5024)" -- tsc -p .
plugins_base
edit tsconfig.json 's/    "module": "commonjs",/    "module": "commonjs",\n    "moduleResolution": "bundler",/'
record $E gr12-ts-module-resolution-bundler ENV_ERROR - "tsconfig.json sets moduleResolution bundler, a TypeScript 5 value; Debian's tsc 4.8 refuses it (TS6046)" -- npm run build
}

########################################################################
# rust: calc, an arithmetic expression parser and evaluator, offline.
calc_base() {
	rm -rf ./* .[!.]* 2>/dev/null
	w Cargo.toml <<'T'
[package]
name = "calc"
version = "0.2.0"
edition = "2021"

[dependencies]
T
	w src/lib.rs <<'R'
//! A tiny arithmetic evaluator: integers, + - * / and parentheses.

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Token {
    Num(i32),
    Plus,
    Minus,
    Star,
    Slash,
    LParen,
    RParen,
}

#[derive(Debug, PartialEq)]
pub enum Error {
    BadChar(char),
    Unexpected(usize),
    DivZero,
    Eof,
}

pub fn tokenize(s: &str) -> Result<Vec<Token>, Error> {
    let chars: Vec<char> = s.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            ' ' | '\t' => {
                i += 1;
            }
            '0'..='9' => {
                let mut n: i32 = 0;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    n = n * 10 + chars[i].to_digit(10).unwrap() as i32;
                    i += 1;
                }
                out.push(Token::Num(n));
            }
            '+' | '-' | '*' | '/' | '(' | ')' => {
                out.push(match c {
                    '+' => Token::Plus,
                    '-' => Token::Minus,
                    '*' => Token::Star,
                    '/' => Token::Slash,
                    '(' => Token::LParen,
                    _ => Token::RParen,
                });
                i += 1;
            }
            _ => return Err(Error::BadChar(c)),
        }
    }
    Ok(out)
}

struct Parser {
    toks: Vec<Token>,
    pos: usize,
}

impl Parser {
    fn peek(&self) -> Option<Token> {
        self.toks.get(self.pos).copied()
    }

    fn bump(&mut self) -> Option<Token> {
        let t = self.peek();
        self.pos += 1;
        t
    }

    fn expr(&mut self) -> Result<i32, Error> {
        let mut v = self.term()?;
        while let Some(t @ (Token::Plus | Token::Minus)) = self.peek() {
            self.pos += 1;
            let r = self.term()?;
            if t == Token::Plus {
                v += r;
            } else {
                v -= r;
            }
        }
        Ok(v)
    }

    fn term(&mut self) -> Result<i32, Error> {
        let mut v = self.atom()?;
        while let Some(t @ (Token::Star | Token::Slash)) = self.peek() {
            self.pos += 1;
            let r = self.atom()?;
            if t == Token::Star {
                v *= r;
            } else if r == 0 {
                return Err(Error::DivZero);
            } else {
                v /= r;
            }
        }
        Ok(v)
    }

    fn atom(&mut self) -> Result<i32, Error> {
        match self.bump() {
            Some(Token::Num(n)) => Ok(n),
            Some(Token::Minus) => Ok(-self.atom()?),
            Some(Token::LParen) => {
                let v = self.expr()?;
                match self.bump() {
                    Some(Token::RParen) => Ok(v),
                    None => Err(Error::Eof),
                    Some(_) => Err(Error::Unexpected(self.pos - 1)),
                }
            }
            None => Err(Error::Eof),
            Some(_) => Err(Error::Unexpected(self.pos - 1)),
        }
    }
}

/// Evaluates an expression.
///
/// ```
/// assert_eq!(calc::eval("1 + 2 * 3"), Ok(7));
/// ```
pub fn eval(s: &str) -> Result<i32, Error> {
    let mut p = Parser {
        toks: tokenize(s)?,
        pos: 0,
    };
    let v = p.expr()?;
    if p.pos < p.toks.len() {
        return Err(Error::Unexpected(p.pos));
    }
    Ok(v)
}
R
	w src/main.rs <<'R'
fn main() {
    let expr = std::env::args().skip(1).collect::<Vec<_>>().join(" ");
    let v = calc::eval(&expr).unwrap();
    println!("{v}");
}
R
	w tests/eval.rs <<'R'
use calc::{eval, Error};

#[test]
fn precedence() {
    assert_eq!(eval("2 + 3 * 4"), Ok(14));
}

#[test]
fn parens() {
    assert_eq!(eval("(2 + 3) * 4"), Ok(20));
}

#[test]
fn unary_minus() {
    assert_eq!(eval("-3 + 5"), Ok(2));
}

#[test]
fn div_zero() {
    assert_eq!(eval("1 / (2 - 2)"), Err(Error::DivZero));
}

#[test]
fn bad_char() {
    assert_eq!(eval("2 $ 3"), Err(Error::BadChar('$')));
}
R
}

sec_rust() {
E=rust
TOOL="$(cargo --version | cut -d' ' -f1-2), $(rustc --version | cut -d' ' -f1-2)"
project gr12-calc
calc_base
record $E gr12-rs-test-pass PASS - "cargo test --offline: five integration tests and the doc test pass" -- cargo test --offline
TOOL="$(cargo clippy --version | cut -d' ' -f1-2), $(cargo --version | cut -d' ' -f1-2)"
record $E gr12-rs-clippy-pass PASS - "cargo clippy --offline --all-targets -- -D warnings: nothing reported" -- cargo clippy --offline --all-targets -- -D warnings
TOOL="$(cargo --version | cut -d' ' -f1-2), $(rustc --version | cut -d' ' -f1-2)"
w tests/big.rs <<'R'
#[test]
fn large_product() {
    assert_eq!(calc::eval("100000 * 100000"), Ok(1_410_065_408));
}
R
record $E gr12-rs-mul-overflow-panic TEST_FAILURE - "cargo test --test big: 100000 * 100000 overflows i32; in a debug build term's v *= r panics, attempt to multiply with overflow" -- cargo test --offline --test big
rm tests/big.rs
edit src/lib.rs 's/^        let mut v = self.term()?;$/        let mut v = self.expr()?;/'
record $E gr12-rs-left-recursion-stack-overflow TEST_FAILURE - "expr now starts by calling expr (a left-recursive grammar): every test's thread overflows its stack, the test binary aborts (SIGABRT)" -- cargo test --offline --test eval
edit src/lib.rs 's/^        let mut v = self.expr()?;$/        let mut v = self.term()?;/'
record $E gr12-rs-run-unwrap-err CODE_ERROR - "cargo run -- '2 +': main unwraps eval's Err(Eof): the program panics, called Result::unwrap() on an Err value" -- cargo run --offline -q -- '2 +'
edit src/lib.rs 's/^            Some(Token::Num(n)) => Ok(n),$/            Some(Token::Num(n)) => Ok(n as i64),/'
record $E gr12-rs-mismatched-types CODE_ERROR - "atom returns Ok(n as i64) from a function returning Result<i32, Error>: mismatched types (E0308)" -- cargo build --offline
edit src/lib.rs 's/^            Some(Token::Num(n)) => Ok(n as i64),$/            Some(Token::Num(n)) => Ok(n),/'
printf '\n/// The symbol of a token, for error messages.\npub fn symbol(t: Token) -> &%sstatic str {\n    match t {\n        Token::Num(_) => "number",\n        Token::Plus => "+",\n        Token::Minus => "-",\n        Token::Star => "*",\n        Token::LParen => "(",\n        Token::RParen => ")",\n    }\n}\n' "'" >> src/lib.rs
record $E gr12-rs-non-exhaustive-match CODE_ERROR - "symbol's match on Token has no arm for Slash: non-exhaustive patterns (E0004)" -- cargo build --offline
calc_base
TOOL="$(cargo clippy --version | cut -d' ' -f1-2), $(cargo --version | cut -d' ' -f1-2)"
printf '\n/// Sum of the values of several expressions.\npub fn sum_all(values: &Vec<i32>) -> i32 {\n    let mut s = 0;\n    for i in 0..values.len() {\n        s += values[i];\n    }\n    return s;\n}\n' >> src/lib.rs
record $E gr12-rs-clippy-findings LINT_ERROR - "cargo clippy -- -D warnings: sum_all takes &Vec (ptr_arg), indexes in a range loop (needless_range_loop) and ends with a needless return" -- cargo clippy --offline -- -D warnings
calc_base
TOOL="$(cargo --version | cut -d' ' -f1-2), $(rustc --version | cut -d' ' -f1-2)"
record $E gr12-rs-test-target-missing ENV_ERROR - "cargo test --test integration: the CI job names a test target the package does not have (its tests are in tests/eval.rs)" -- cargo test --offline --test integration
record $E gr12-rs-target-not-installed ENV_ERROR - "cargo build --target aarch64-unknown-linux-gnu: that target's standard library is not installed in this toolchain (can't find crate for core)" -- cargo build --offline --target aarch64-unknown-linux-gnu
edit src/lib.rs '0,/^                i += 1;$/{/^                i += 1;$/d}'
cargo test --offline --no-run >/dev/null 2>&1
record $E gr12-rs-tokenize-spin-timeout TIMEOUT - "timeout 10 cargo test: tokenize no longer advances past a space, so every test with a space loops forever; timeout(1) stops the run (124)" -- timeout 10 cargo test --offline --test eval
calc_base
}

########################################################################
# shell: a backup tool; make targets call the scripts, bats and
# ShellCheck.
backup_base() {
	rm -rf ./* .[!.]* 2>/dev/null
	w scripts/backup.sh <<'S'
#!/usr/bin/env bash
# backup.sh SRC DEST: archives SRC into DEST/backup-STAMP.tar.gz and keeps
# the newest $KEEP archives (3 by default).
set -euo pipefail

src=${1:?usage: backup.sh SRC DEST}
dest=${2:?usage: backup.sh SRC DEST}
keep=${KEEP:-3}
stamp=${STAMP:-$(date +%Y%m%d%H%M%S)}

mkdir -p "$dest"
# One backup at a time per destination.
exec 9> "$dest/.lock"
flock 9
tar -czf "$dest/backup-$stamp.tar.gz" -C "$src" .
# shellcheck source=scripts/prune.sh
. "$(dirname "$0")/prune.sh"
prune "$dest" "$keep"
echo "backup-$stamp.tar.gz written to $dest"
S
	w scripts/prune.sh <<'S'
# shellcheck shell=bash
# prune DIR KEEP: removes all but the newest KEEP backups in DIR.
prune() {
	local dir=$1 keep=$2 old
	old=$(find "$dir" -maxdepth 1 -name 'backup-*.tar.gz' | sort -r | tail -n +$((keep + 1)))
	if [ -n "$old" ]; then
		# The names are ours (backup-STAMP.tar.gz): no spaces.
		# shellcheck disable=SC2086
		rm -f $old
	fi
}
S
	w scripts/lint.sh <<'S'
#!/usr/bin/env bash
set -e
shellcheck -x scripts/*.sh
echo "shellcheck: ok"
S
	w scripts/upload.sh <<'S'
#!/usr/bin/env bash
# upload.sh FILE: sends a backup to the backup host.
set -euo pipefail
curl -fsS --max-time 20 -T "$1" "http://${BACKUP_HOST:-backup.internal.example}/incoming/"
echo "uploaded $1"
S
	chmod +x scripts/backup.sh scripts/lint.sh scripts/upload.sh
	w test/backup.bats <<'B'
setup() {
	TMP=$(mktemp -d)
	mkdir -p "$TMP/src"
	echo hello > "$TMP/src/a.txt"
	BACKUP="$BATS_TEST_DIRNAME/../scripts/backup.sh"
}

teardown() {
	rm -rf "$TMP"
}

@test "writes an archive" {
	run env STAMP=1 "$BACKUP" "$TMP/src" "$TMP/out"
	[ "$status" -eq 0 ]
	[ -f "$TMP/out/backup-1.tar.gz" ]
}

@test "keeps the newest three" {
	for s in 1 2 3 4 5; do
		STAMP=$s KEEP=3 "$BACKUP" "$TMP/src" "$TMP/out" > /dev/null
	done
	run ls "$TMP/out"
	[ "${#lines[@]}" -eq 3 ]
	[ "${lines[0]}" = "backup-3.tar.gz" ]
}
B
	w Makefile <<'M'
.PHONY: check lint test backup

check: lint test

lint:
	./scripts/lint.sh

test:
	bats test/

backup:
	./scripts/backup.sh data "$(DEST)"
M
	mkdir -p data && echo "id,name" > data/users.csv
}

sec_shell() {
E=shell
TOOL="ShellCheck $(shellcheck --version | sed -n 's/^version: //p'), Bats $(bats --version | cut -d' ' -f2), $(make --version | head -1), $(bash --version | head -1 | sed 's/ (.*//')"
project gr12-backup
backup_base
record $E gr12-sh-make-check-pass PASS - "make check: ./scripts/lint.sh (shellcheck -x) is clean, then bats test/ passes both tests" -- make check
TOOL="ShellCheck $(shellcheck --version | sed -n 's/^version: //p')"
record $E gr12-sh-shellcheck-x-pass PASS - "shellcheck -x scripts/backup.sh: the sourced prune.sh followed, nothing reported" -- shellcheck -x scripts/backup.sh
TOOL="Bats $(bats --version | cut -d' ' -f2), $(make --version | head -1)"
edit scripts/prune.sh 's/tail -n +$((keep + 1))/tail -n +$((keep))/'
record $E gr12-sh-bats-prune-off-by-one TEST_FAILURE - "make test: prune keeps one archive too few (tail -n +KEEP): the keeps-the-newest-three test sees two" -- make test
edit scripts/prune.sh 's/tail -n +$((keep))/tail -n +$((keep + 1))/'
TOOL="ShellCheck $(shellcheck --version | sed -n 's/^version: //p'), $(make --version | head -1)"
w scripts/restore.sh <<'S'
#!/usr/bin/env bash
# restore.sh DIR: unpacks the newest backup of DIR into ./restore.
dir=$1
for f in $(ls $dir/backup-*.tar.gz | sort -r); do
	echo "newest: $f"
	read answer
	[ "$answer" = y ] && tar -xzf $f -C restore && break
done
S
chmod +x scripts/restore.sh
record $E gr12-sh-make-lint-findings LINT_ERROR - "make lint: shellcheck reports restore.sh iterating over ls output (SC2045), unquoted \$dir and \$f (SC2086) and read without -r (SC2162)" -- make lint
rm scripts/restore.sh
w scripts/notify.sh <<'S'
#!/bin/sh
# notify.sh MESSAGE: posts to the chat hook when one is configured.
notify() {
	local msg="$1"
	if [[ -n "$CHAT_HOOK" ]]; then
		echo "posting: $msg"
	fi
}
notify "$@"
S
record $E gr12-sh-shellcheck-posix-sh LINT_ERROR - "shellcheck scripts/notify.sh: a #!/bin/sh script using [[ ]] and local, which POSIX sh does not have (SC3010, SC3043)" -- shellcheck scripts/notify.sh
rm scripts/notify.sh
TOOL="$(bash --version | head -1 | sed 's/ (.*//'), $(make --version | head -1)"
RUN_AS=nobody record $E gr12-sh-make-backup-dest-unwritable ENV_ERROR - "make backup DEST=/var/backups/app run as the CI user nobody: mkdir cannot create the destination under root-owned /var/backups (Permission denied)" -- make backup DEST=/var/backups/app
record $E gr12-sh-backup-src-missing ENV_ERROR - "scripts/backup.sh /srv/app-data ...: the source path configured for this host does not exist here; tar cannot change to it" -- ./scripts/backup.sh /srv/app-data "$WORK/gr12-backup/out"
rm -rf out
mkdir -p out
bash -c 'exec 9> out/.lock; flock 9; exec sleep 60' &
HOLDER=$!
sleep 1
record $E gr12-sh-backup-flock-timeout TIMEOUT - "timeout 5 scripts/backup.sh data out while an earlier backup still holds out/.lock: flock waits, timeout(1) ends the run (124)" -- timeout 5 ./scripts/backup.sh data out
release
rm -rf out
TOOL="$(bash --version | head -1 | sed 's/ (.*//'), curl $(curl --version | head -1 | cut -d' ' -f2)"
record $E gr12-sh-upload-host-unresolved ENV_ERROR - "scripts/upload.sh data/users.csv: the default backup host name does not resolve here (no network): curl (6) could not resolve host" -- ./scripts/upload.sh data/users.csv
TOOL="$(bash --version | head -1 | sed 's/ (.*//')"
w scripts/stamp.sh <<'S'
#!/usr/bin/env bash
# stamp.sh: prints the stamp of the newest backup in DEST.
newest=$(ls -1 "${DEST:-out}" | sort -r | head -1
echo "${newest#backup-}"
S
record $E gr12-sh-bash-n-cmdsubst-unclosed CODE_ERROR - "bash -n scripts/stamp.sh: a \$( command substitution is never closed: unexpected EOF while looking for the matching )" -- bash -n scripts/stamp.sh
rm scripts/stamp.sh
}

########################################################################
# c and make: an INI parser library; a C++ event bus with CMake and ctest.
ini_base() {
	rm -rf ./* .[!.]* 2>/dev/null
	w include/ini.h <<'C'
#ifndef INI_H
#define INI_H

/* Called for every key = value line; a non-zero return stops the parse. */
typedef int (*ini_cb)(void *user, const char *section, const char *key, const char *value);

/* Returns 0, -1 for a line too long, or the number of the bad line. */
int ini_parse(const char *text, ini_cb cb, void *user);
#endif
C
	w src/ini.c <<'C'
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "ini.h"

static char *trim(char *s)
{
	char *end;
	while (isspace((unsigned char)*s))
		s++;
	end = s + strlen(s);
	while (end > s && isspace((unsigned char)end[-1]))
		end--;
	*end = '\0';
	return s;
}

int ini_parse(const char *text, ini_cb cb, void *user)
{
	char line[256], section[64] = "";
	int lineno = 0;
	while (*text) {
		size_t n = strcspn(text, "\n");
		if (n >= sizeof line)
			return -1;
		memcpy(line, text, n);
		line[n] = '\0';
		text += n;
		if (*text == '\n')
			text++;
		lineno++;
		char *s = trim(line);
		if (*s == '\0' || *s == ';' || *s == '#')
			continue;
		if (*s == '[') {
			char *close = strchr(s, ']');
			if (!close)
				return lineno;
			*close = '\0';
			snprintf(section, sizeof section, "%s", trim(s + 1));
			continue;
		}
		char *eq = strchr(s, '=');
		if (!eq)
			return lineno;
		*eq = '\0';
		if (cb(user, section, trim(s), trim(eq + 1)) != 0)
			return lineno;
	}
	return 0;
}
C
	w tests/test_ini.c <<'C'
#include <stdio.h>
#include <string.h>
#include "ini.h"

static int failures, count;
static char got[8][3][64];

static int collect(void *user, const char *section, const char *key, const char *value)
{
	(void)user;
	if (count == 8)
		return -1;
	snprintf(got[count][0], 64, "%s", section);
	snprintf(got[count][1], 64, "%s", key);
	snprintf(got[count][2], 64, "%s", value);
	count++;
	return 0;
}

static void expect(int i, const char *s, const char *k, const char *v)
{
	if (i >= count || strcmp(got[i][0], s) || strcmp(got[i][1], k) || strcmp(got[i][2], v)) {
		printf("FAIL: entry %d: want [%s] %s = '%s', got [%s] %s = '%s'\n", i, s, k, v,
		       i < count ? got[i][0] : "", i < count ? got[i][1] : "", i < count ? got[i][2] : "");
		failures++;
	}
}

int main(void)
{
	static char longline[300];
	int rc = ini_parse("; settings\nname = demo \n[server]\nport=8080\n  host = example.org\n\n[ log ]\nlevel= debug\n", collect, NULL);
	if (rc != 0) {
		printf("FAIL: ini_parse returned %d\n", rc);
		failures++;
	}
	expect(0, "", "name", "demo");
	expect(1, "server", "port", "8080");
	expect(2, "server", "host", "example.org");
	expect(3, "log", "level", "debug");
	if (ini_parse("[broken\nkey=value\n", collect, NULL) != 1) {
		puts("FAIL: an unclosed section is not reported at line 1");
		failures++;
	}
	memset(longline, 'v', 256);
	memcpy(longline, "k=", 2);
	if (ini_parse(longline, collect, NULL) != -1) {
		puts("FAIL: a 256-character line is not refused");
		failures++;
	}
	printf("%s: %d failure(s)\n", failures ? "FAIL" : "ok", failures);
	return failures != 0;
}
C
	w Makefile <<'M'
CC ?= gcc
CFLAGS ?= -std=c11 -Wall -Wextra -O2
CPPFLAGS += -Iinclude

all: libini.a

libini.a: src/ini.o
	$(AR) rcs $@ $^

src/ini.o: src/ini.c include/ini.h

tests/test_ini: tests/test_ini.c libini.a
	$(CC) $(CPPFLAGS) $(CFLAGS) -o $@ $< -L. -lini

test: tests/test_ini
	./tests/test_ini

dist: libini.a
	./scripts/mkdist.sh

clean:
	rm -f src/*.o libini.a tests/test_ini
	rm -rf dist

.PHONY: all test dist clean
M
	w scripts/mkdist.sh <<'S'
#!/bin/sh
# mkdist.sh: the release directory, with the README rendered to HTML.
set -e
mkdir -p dist
cp libini.a include/ini.h dist/
pandoc README.md -o dist/README.html
echo "dist/ ready"
S
	chmod +x scripts/mkdist.sh
	printf '# libini\n\nA small INI parser.\n' > README.md
}

sec_c() {
E=make
TOOL="$(make --version | head -1), $(gcc --version | head -1)"
project gr12-ini
ini_base
record $E gr12-make-test-pass PASS - "make test: libini and the test program build, all checks pass" -- make test
make clean >/dev/null
record $E gr12-make-j2-all-pass PASS - "make -j2 all: builds libini.a" -- make -j2 all
make clean >/dev/null
edit src/ini.c 's/	while (end > s \&\& isspace((unsigned char)end\[-1\]))/	while (end > s \&\& isspace((unsigned char)*end))/'
record $E gr12-make-test-trim-fail TEST_FAILURE - "trim tests *end, the terminating NUL, instead of end[-1]: trailing spaces stay in keys, values and section names, the test program reports three entries and exits 1" -- make test
edit src/ini.c 's/	while (end > s \&\& isspace((unsigned char)\*end))/	while (end > s \&\& isspace((unsigned char)end[-1]))/'
make clean >/dev/null
edit src/ini.c 's/		if (n >= sizeof line)/		if (n > sizeof line)/'
record $E gr12-make-test-asan-overflow TEST_FAILURE - "make test with -fsanitize=address: a 256-character line passes the length check (n > sizeof line) and line[256] is written: AddressSanitizer reports a stack-buffer-overflow and aborts the test program" -- make test CFLAGS='-std=c11 -g -O1 -fsanitize=address -fno-omit-frame-pointer'
edit src/ini.c 's/		if (n > sizeof line)/		if (n >= sizeof line)/'
make clean >/dev/null
edit src/ini.c 's/^int ini_parse(const char \*text, ini_cb cb, void \*user)$/int ini_parse(const char *text, ini_cb cb, void *user, int flags)/'
record $E gr12-make-conflicting-types CODE_ERROR - "ini.c defines ini_parse with a fourth flags parameter; ini.h declares three: conflicting types" -- make
edit src/ini.c 's/^int ini_parse(const char \*text, ini_cb cb, void \*user, int flags)$/int ini_parse(const char *text, ini_cb cb, void *user)/'
make clean >/dev/null
printf '\nvoid ini_stats(const char *text)\n{\n\tprintf("%%d bytes, %%d lines\\n", strlen(text), (int)strspn(text, "\\n"));\n}\n' >> src/ini.c
record $E gr12-make-werror-format LINT_ERROR - "make CFLAGS='-std=c11 -Wall -Werror': ini_stats prints strlen's size_t with %d (-Wformat), an error under -Werror" -- make CFLAGS='-std=c11 -Wall -Werror'
ini_base
record $E gr12-make-dist-pandoc-missing ENV_ERROR - "make dist: scripts/mkdist.sh renders the README with pandoc, which this image does not have (not found)" -- make dist
ini_base
edit src/ini.c 's/^		text += n;$/		text += 0;/'
make tests/test_ini >/dev/null
CASE_LIMIT=6 record $E gr12-make-test-parse-spin TIMEOUT - "make test: ini_parse no longer advances past a line with text before its newline and loops forever; the runner's 6 s deadline kills it" -- make test
ini_base

E=cpp
TOOL="cmake $(cmake --version | head -1 | cut -d' ' -f3), $(g++ --version | head -1)"
project gr12-eventbus
rm -rf ./* .[!.]* 2>/dev/null
w CMakeLists.txt <<'T'
cmake_minimum_required(VERSION 3.16)
project(eventbus CXX)
set(CMAKE_CXX_STANDARD 17)
set(CMAKE_CXX_STANDARD_REQUIRED ON)
add_library(eventbus src/bus.cpp)
target_include_directories(eventbus PUBLIC include)
enable_testing()
add_executable(bus_test tests/bus_test.cpp)
target_link_libraries(bus_test eventbus)
add_test(NAME bus_test COMMAND bus_test)
T
w include/bus.hpp <<'C'
#pragma once
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

class Bus {
public:
    using Handler = std::function<void(const std::string&)>;
    int subscribe(const std::string& topic, Handler h);
    void unsubscribe(int id);
    std::size_t publish(const std::string& topic, const std::string& msg);

private:
    struct Sub {
        int id;
        std::string topic;
        Handler h;
    };
    std::vector<Sub> subs_;
    int next_ = 1;
};
C
w src/bus.cpp <<'C'
#include "bus.hpp"

#include <algorithm>
#include <utility>

int Bus::subscribe(const std::string& topic, Handler h) {
    subs_.push_back({next_, topic, std::move(h)});
    return next_++;
}

void Bus::unsubscribe(int id) {
    subs_.erase(std::remove_if(subs_.begin(), subs_.end(), [id](const Sub& s) { return s.id == id; }), subs_.end());
}

std::size_t Bus::publish(const std::string& topic, const std::string& msg) {
    std::size_t n = 0;
    for (std::size_t i = 0; i < subs_.size(); ++i) {
        if (subs_[i].topic == topic) {
            subs_[i].h(msg);
            ++n;
        }
    }
    return n;
}
C
w tests/bus_test.cpp <<'C'
#include "bus.hpp"

#include <cstdio>
#include <string>

static int failures = 0;
#define CHECK(c)                                                                 \
    do {                                                                         \
        if (!(c)) {                                                              \
            std::printf("%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #c);    \
            ++failures;                                                          \
        }                                                                        \
    } while (0)

int main() {
    Bus b;
    std::string last;
    int calls = 0;
    int id = b.subscribe("save", [&](const std::string& m) { last = m; ++calls; });
    b.subscribe("load", [&](const std::string&) { ++calls; });
    CHECK(b.publish("save", "doc1") == 1);
    CHECK(last == "doc1");
    b.unsubscribe(id);
    CHECK(b.publish("save", "doc2") == 0);
    CHECK(calls == 1);
    std::printf("%s\n", failures ? "bus_test: FAILED" : "bus_test: ok");
    return failures ? 1 : 0;
}
C
CBUILD='cmake -S . -B build >/dev/null && cmake --build build && ctest --test-dir build --output-on-failure'
record $E gr12-cmake-ctest-pass PASS - "configure, build, ctest --test-dir build --output-on-failure: bus_test passes" -- bash -c "$CBUILD"
edit src/bus.cpp 's/\[id\](const Sub& s) { return s.id == id; }/[id](const Sub\& s) { return s.id != id; }/'
record $E gr12-cmake-ctest-unsubscribe-fail TEST_FAILURE - "unsubscribe removes every subscription but the one named: save is still delivered, two CHECKs fail, ctest reports bus_test failed" -- bash -c "$CBUILD"
edit src/bus.cpp 's/\[id\](const Sub& s) { return s.id != id; }/[id](const Sub\& s) { return s.id == id; }/'
w tests/echo_test.cpp <<'C'
#include "bus.hpp"

#include <cstdio>

int main() {
    Bus b;
    // The audit handler republishes what it sees, to the same topic.
    b.subscribe("audit", [&b](const std::string& m) { b.publish("audit", m); });
    std::printf("delivered to %zu\n", b.publish("audit", "login"));
    return 0;
}
C
printf 'add_executable(echo_test tests/echo_test.cpp)\ntarget_link_libraries(echo_test eventbus)\nadd_test(NAME echo_test COMMAND echo_test)\n' >> CMakeLists.txt
record $E gr12-cmake-ctest-handler-recursion TEST_FAILURE - "echo_test: a handler republishes to its own topic, publish recurses until the stack overflows: the test dies of SIGSEGV, ctest reports the exception" -- bash -c "$CBUILD"
head -n -3 CMakeLists.txt > c.tmp && mv c.tmp CMakeLists.txt
rm tests/echo_test.cpp
rm -rf build
w include/stats.hpp <<'C'
#pragma once
#include <cstddef>

struct Stats {
    std::size_t published = 0;
};
C
edit include/bus.hpp 's/^#include <functional>$/#include <functional>\n#include <memory>\n#include "stats.hpp"/'
edit include/bus.hpp 's/^    int next_ = 1;$/    int next_ = 1;\n    std::unique_ptr<Stats> stats_ = std::make_unique<Stats>();\n\npublic:\n    Bus snapshot() const { return *this; }/'
record $E gr12-cmake-build-deleted-copy CODE_ERROR - "Bus holds a std::unique_ptr<Stats> and snapshot() returns *this by value: use of the deleted copy constructor" -- bash -c "$CBUILD"
edit include/bus.hpp '/^    std::unique_ptr<Stats> stats_ = std::make_unique<Stats>();$/,/^    Bus snapshot() const { return \*this; }$/d'
edit include/bus.hpp '/^#include <memory>$/d;/^#include "stats.hpp"$/d'
rm include/stats.hpp
rm -rf build
edit CMakeLists.txt 's/^set(CMAKE_CXX_STANDARD 17)$/set(CMAKE_CXX_STANDARD 2017)/'
record $E gr12-cmake-cxx-standard-2017 ENV_ERROR - "CMakeLists.txt sets CMAKE_CXX_STANDARD 2017 (for 17): the generate step fails, the targets require a language dialect CXX2017 that CMake does not know for GNU" -- bash -c "$CBUILD"
edit CMakeLists.txt 's/^set(CMAKE_CXX_STANDARD 2017)$/set(CMAKE_CXX_STANDARD 17)/'
rm -rf build
record $E gr12-cmake-preset-file-missing ENV_ERROR - "cmake --preset ci: the CI job uses a configure preset, but the repository has no CMakePresets.json" -- cmake --preset ci
}

########################################################################
# java: a CSV to JSON-lines converter; javac and JUnit 4 in CI steps.
JCP=/usr/share/java/junit4.jar:/usr/share/java/hamcrest.jar
csvjson_base() {
	rm -rf ./* .[!.]* 2>/dev/null
	w src/main/java/dev/convert/CsvToJson.java <<'J'
package dev.convert;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

public final class CsvToJson {
    private CsvToJson() {
    }

    public static List<String> fields(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                out.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.append(c);
            }
        }
        out.add(cur.toString());
        return out;
    }

    public static String toJson(List<String> header, List<String> row) {
        StringBuilder b = new StringBuilder("{");
        for (int i = 0; i < header.size(); i++) {
            if (i > 0) {
                b.append(',');
            }
            b.append('"').append(header.get(i)).append("\":\"")
                .append(row.get(i).replace("\"", "\\\"")).append('"');
        }
        return b.append('}').toString();
    }

    public static void main(String[] args) throws IOException {
        List<String> lines = Files.readAllLines(Path.of(args[0]));
        List<String> header = fields(lines.get(0));
        for (String l : lines.subList(1, lines.size())) {
            System.out.println(toJson(header, fields(l)));
        }
    }
}
J
	w src/test/java/dev/convert/CsvToJsonTest.java <<'J'
package dev.convert;

import static org.junit.Assert.assertEquals;

import java.util.List;
import org.junit.Test;

public class CsvToJsonTest {
    @Test
    public void quotedCommaStaysInField() {
        assertEquals(List.of("a", "b,c", "d"), CsvToJson.fields("a,\"b,c\",d"));
    }

    @Test
    public void emptyLastField() {
        assertEquals(List.of("x", ""), CsvToJson.fields("x,"));
    }

    @Test
    public void jsonLine() {
        assertEquals("{\"name\":\"Ada\",\"lang\":\"en\"}",
            CsvToJson.toJson(List.of("name", "lang"), List.of("Ada", "en")));
    }
}
J
	printf 'name,lang\nAda,en\n"Grace, Rear Admiral",en\n' > people.csv
}

sec_java() {
E=java
TOOL="$(javac -version 2>&1), JUnit 4.13.2"
project gr12-csvjson
csvjson_base
JBUILD='rm -rf out && mkdir -p out && javac -d out -cp '"$JCP"' $(find src -name "*.java")'
JTEST="$JBUILD && java -cp out:$JCP org.junit.runner.JUnitCore dev.convert.CsvToJsonTest"
record $E gr12-java-junit-pass PASS - "a CI step: javac of main and test sources, then JUnitCore: three tests pass" -- bash -c "$JTEST"
record $E gr12-java-run-pass PASS - "java -cp out dev.convert.CsvToJson people.csv: prints two JSON lines" -- java -cp out dev.convert.CsvToJson people.csv
record $E gr12-java-xlint-werror-pass PASS - "javac -Xlint:all -Werror of the main sources: no warning" -- bash -c 'rm -rf out && mkdir -p out && javac -Xlint:all -Werror -d out $(find src/main -name "*.java")'
record $E gr12-java-input-missing ENV_ERROR - "java ... CsvToJson data/people.csv: the CI step's input path does not exist in this repository (NoSuchFileException)" -- java -cp out dev.convert.CsvToJson data/people.csv
record $E gr12-java-jarfile-missing ENV_ERROR - "java -jar build/libs/csvjson.jar: the jar is made by a packaging step this job never ran: unable to access jarfile" -- java -jar build/libs/csvjson.jar people.csv
edit src/main/java/dev/convert/CsvToJson.java 's/        for (int i = 0; i < line.length(); i++) {/        for (int i = 0; i < line.length() - 1; i++) {/'
record $E gr12-java-junit-off-by-one TEST_FAILURE - "fields stops one character early: the last character of each line is lost, quotedCommaStaysInField and emptyLastField fail" -- bash -c "$JTEST"
csvjson_base
w src/main/java/dev/convert/Unquote.java <<'J'
package dev.convert;

public final class Unquote {
    private Unquote() {
    }

    /** Strips matching outer quotes, however many pairs. */
    public static String strip(String s) {
        if (s.length() >= 2 && s.charAt(0) == '"' && s.charAt(s.length() - 1) == '"') {
            return strip(s);
        }
        return s;
    }

    public static void main(String[] args) {
        for (String a : args) {
            System.out.println(strip(a));
        }
    }
}
J
record $E gr12-java-run-stackoverflow CODE_ERROR - "java ... Unquote '\"\"x\"\"': strip calls itself on the same string: StackOverflowError" -- bash -c "$JBUILD && java -cp out dev.convert.Unquote '\"\"x\"\"'"
rm src/main/java/dev/convert/Unquote.java
edit src/main/java/dev/convert/CsvToJson.java 's/^        return out;$/        int width = out.size() * 1.5;\n        return out;/'
record $E gr12-java-lossy-conversion CODE_ERROR - "fields assigns out.size() * 1.5, a double, to an int: possible lossy conversion" -- bash -c "$JBUILD"
csvjson_base
w src/main/java/dev/convert/Batch.java <<'J'
package dev.convert;

import java.util.ArrayList;
import java.util.List;

public final class Batch {
    private Batch() {
    }

    public static List<String> all(List<List<String>> rows, List<String> header) {
        List out = new ArrayList();
        for (List<String> r : rows) {
            out.add(CsvToJson.toJson(header, r));
        }
        return out;
    }
}
J
record $E gr12-java-xlint-werror-rawtypes LINT_ERROR - "javac -Xlint:all -Werror: Batch uses a raw List and ArrayList (rawtypes, unchecked): warnings found and -Werror specified" -- bash -c 'rm -rf out && mkdir -p out && javac -Xlint:all -Werror -d out $(find src/main -name "*.java")'
rm src/main/java/dev/convert/Batch.java
}

########################################################################
# ruby: a tiny template engine with minitest and rake.
tmpl_base() {
	rm -rf ./* .[!.]* 2>/dev/null
	w lib/tmpl.rb <<'R'
# Tiny templates: {{name}} placeholders and {{#list}}...{{/list}} sections.
module Tmpl
  class MissingKey < StandardError; end

  SECTION = /\{\{#(\w+)\}\}(.*?)\{\{\/\1\}\}/m
  FIELD = /\{\{(\w+)\}\}/

  def self.render(template, vars)
    out = template.gsub(SECTION) do
      key = Regexp.last_match(1)
      body = Regexp.last_match(2)
      Array(vars.fetch(key.to_sym) { raise MissingKey, key }).map { |item| render(body, item) }.join
    end
    out.gsub(FIELD) do
      key = Regexp.last_match(1).to_sym
      vars.fetch(key) { raise MissingKey, key.to_s }.to_s
    end
  end
end
R
	w test/test_tmpl.rb <<'R'
require "minitest/autorun"
require "tmpl"

class TestTmpl < Minitest::Test
  def test_placeholder
    assert_equal "Hi Ada!", Tmpl.render("Hi {{name}}!", name: "Ada")
  end

  def test_section
    t = "{{#items}}- {{title}}\n{{/items}}"
    assert_equal "- a\n- b\n", Tmpl.render(t, items: [{ title: "a" }, { title: "b" }])
  end

  def test_missing_key
    assert_raises(Tmpl::MissingKey) { Tmpl.render("{{nope}}", {}) }
  end

  def test_invoice_golden
    dir = File.join(__dir__, "fixtures")
    t = File.read(File.join(dir, "invoice.tmpl"))
    want = File.read(File.join(dir, "invoice.txt"))
    got = Tmpl.render(t, customer: "Ada", lines: [{ item: "Tee", qty: 2 }, { item: "Kuchen", qty: 1 }])
    assert_equal want, got
  end
end
R
	w test/fixtures/invoice.tmpl <<'R'
Rechnung für {{customer}}
{{#lines}}{{qty}} x {{item}}
{{/lines}}Vielen Dank.
R
	w test/fixtures/invoice.txt <<'R'
Rechnung für Ada
2 x Tee
1 x Kuchen
Vielen Dank.
R
	w Rakefile <<'R'
require "rake/testtask"

Rake::TestTask.new(:test) do |t|
  t.libs << "lib" << "test"
  t.test_files = FileList["test/test_*.rb"]
  t.warning = false
end

task default: :test
R
}

sec_ruby() {
E=ruby
TOOL="$(ruby --version | cut -d' ' -f1-2), minitest $(ruby -e 'require "minitest"; print Minitest::VERSION'), rake $(rake --version | cut -d' ' -f3)"
project gr12-tmpl
tmpl_base
record $E gr12-rb-rake-test-pass PASS - "rake test: four minitest tests pass, the invoice golden file included" -- rake test
record $E gr12-rb-name-filter-pass PASS - "ruby -Ilib -Itest test/test_tmpl.rb -n test_section: the one test named runs and passes" -- ruby -Ilib -Itest test/test_tmpl.rb -n test_section
record $E gr12-rb-lang-c-invalid-byte ENV_ERROR - "rake test under LANG=C LC_ALL=C (a CI image without a UTF-8 locale): Ruby reads the UTF-8 fixture as US-ASCII and the template's gsub raises invalid byte sequence in US-ASCII" -- env LANG=C LC_ALL=C rake test
record $E gr12-rb-rake-task-missing ENV_ERROR - "rake spec: the CI step runs an RSpec task this Rakefile does not define (Don't know how to build task 'spec')" -- rake spec
edit test/fixtures/invoice.tmpl 's/^{{#lines}}{{qty}} x {{item}}$/{{#lines}}{{qty}} × {{item}}/'
record $E gr12-rb-golden-mismatch TEST_FAILURE - "the invoice template now writes × for x; test/fixtures/invoice.txt still has x: test_invoice_golden fails" -- rake test
tmpl_base
edit lib/tmpl.rb 's/      Array(vars.fetch(key.to_sym) { raise MissingKey, key }).map { |item| render(body, item) }.join/      Array(vars.fetch(key.to_sym) { raise MissingKey, key }).map { |item| render(template, vars.merge(item)) }.join/'
record $E gr12-rb-section-stack-too-deep TEST_FAILURE - "a section renders the whole template again (the outer vars merged in) instead of its body: SystemStackError (stack level too deep) in test_section and test_invoice_golden" -- rake test
tmpl_base
edit lib/tmpl.rb '0,/^    end$/{/^    end$/d}'
record $E gr12-rb-syntax-missing-end CODE_ERROR - "ruby -c lib/tmpl.rb: the gsub block's end was deleted: syntax error, unexpected end-of-input" -- ruby -c lib/tmpl.rb
tmpl_base
}

########################################################################
# php: a small router (a web handler) with PHPUnit 9 and php -S.
router_base() {
	rm -rf ./* .[!.]* 2>/dev/null
	w src/Router.php <<'P'
<?php
declare(strict_types=1);

namespace App;

final class Router
{
    /** @var array<string, array<string, callable>> */
    private array $routes = [];

    public function add(string $method, string $pattern, callable $handler): void
    {
        $this->routes[$method][$pattern] = $handler;
    }

    /** @return array{int, string} */
    public function dispatch(string $method, string $path): array
    {
        foreach ($this->routes[$method] ?? [] as $pattern => $handler) {
            $re = '#^' . preg_replace('#\{(\w+)\}#', '(?P<$1>[^/]+)', $pattern) . '$#';
            if (preg_match($re, $path, $m)) {
                $params = array_filter($m, 'is_string', ARRAY_FILTER_USE_KEY);
                return [200, (string) $handler(...$params)];
            }
        }
        return [404, 'not found'];
    }
}
P
	w tests/RouterTest.php <<'P'
<?php
declare(strict_types=1);

use App\Router;
use PHPUnit\Framework\TestCase;

final class RouterTest extends TestCase
{
    private Router $r;

    protected function setUp(): void
    {
        $this->r = new Router();
        $this->r->add('GET', '/users/{id}', fn (string $id) => "user $id");
        $this->r->add('GET', '/health', fn () => 'ok');
    }

    public function testParam(): void
    {
        $this->assertSame([200, 'user 42'], $this->r->dispatch('GET', '/users/42'));
    }

    public function testNotFound(): void
    {
        $this->assertSame([404, 'not found'], $this->r->dispatch('GET', '/nope'));
    }

    public function testMethodMatters(): void
    {
        $this->assertSame([404, 'not found'], $this->r->dispatch('POST', '/health'));
    }
}
P
	w phpunit.xml <<'X'
<?xml version="1.0" encoding="UTF-8"?>
<phpunit bootstrap="src/Router.php" colors="false">
  <testsuites>
    <testsuite name="unit">
      <directory>tests</directory>
    </testsuite>
  </testsuites>
</phpunit>
X
	w public/index.php <<'P'
<?php
declare(strict_types=1);

require __DIR__ . '/../src/Router.php';

$r = new App\Router();
$r->add('GET', '/health', fn () => 'ok');
[$code, $body] = $r->dispatch($_SERVER['REQUEST_METHOD'], (string) parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH));
http_response_code($code);
echo $body;
P
	w bin/healthcheck.php <<'P'
<?php
declare(strict_types=1);

$url = getenv('HEALTH_URL') ?: 'http://api.internal.example/health';
$body = @file_get_contents($url);
if ($body === false) {
    fwrite(STDERR, "healthcheck: $url: " . (error_get_last()['message'] ?? 'request failed') . "\n");
    exit(1);
}
echo "healthy: $body\n";
P
}

sec_php() {
E=php
TOOL="$(php --version | head -1 | cut -d' ' -f1-2), $(phpunit --version | head -1 | cut -d' ' -f1-2)"
project gr12-router
router_base
record $E gr12-phpunit-pass PASS - "phpunit: the three router tests pass" -- phpunit
record $E gr12-php-lint-pass PASS - "php -l src/Router.php: no syntax errors detected" -- php -l src/Router.php
edit src/Router.php 's/        foreach ($this->routes\[$method\] ?? \[\] as $pattern => $handler) {/        foreach (array_merge(...array_values($this->routes)) as $pattern => $handler) {/'
record $E gr12-phpunit-method-ignored-fail TEST_FAILURE - "dispatch looks through the routes of every method: POST /health answers 200, testMethodMatters fails" -- phpunit
router_base
edit tests/RouterTest.php "s/        \$this->r->add('GET', '\/users\/{id}', fn (string \$id) => \"user \$id\");/        \$this->r->add('GET', '\/users\/{id}', fn (int \$id) => \"user \$id\");/"
record $E gr12-phpunit-strict-types-typeerror TEST_FAILURE - "the route handler now declares int \$id; under strict_types the captured string '42' is refused: TypeError, testParam errors" -- phpunit
router_base
edit src/Router.php "s/        return \[404, 'not found'\];/        return [404, 'not found']/"
record $E gr12-php-lint-missing-semicolon CODE_ERROR - "php -l src/Router.php: the 404 return lost its semicolon: Parse error, syntax error, unexpected token" -- php -l src/Router.php
router_base
hold_port 47133
record $E gr12-php-server-port-in-use ENV_ERROR - "php -S 127.0.0.1:47133 -t public while another process listens on that port: Failed to listen (Address already in use)" -- php -S 127.0.0.1:47133 -t public
release
record $E gr12-php-healthcheck-dns ENV_ERROR - "php bin/healthcheck.php: the default API host name does not resolve here (no network): getaddrinfo failed, exit 1" -- php bin/healthcheck.php
}

for t in go gofmt git python3 python3.11 pytest-3 mypy pylint flake8 isort node npm tsc cargo shellcheck bats bash flock curl gcc g++ make cmake ctest javac java ruby rake php phpunit timeout setpriv; do need "$t"; done
[ -f /usr/share/java/junit4.jar ] && [ -f /usr/share/java/hamcrest.jar ] || { echo "grow12: Debian's junit4 and libhamcrest-java are not installed (see the header)" >&2; exit 1; }
id nobody >/dev/null || { echo "grow12: the user nobody (RUN_AS) does not exist" >&2; exit 1; }
for s in ${ONLY:-go py node ts rust shell c java ruby php}; do
	"sec_$s"
done
