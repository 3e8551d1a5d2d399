#!/usr/bin/env bash
# The tenth growth of the corpus (issue 30, "Failure types"), recorded
# blind: the everyday failures of small real projects in the tools this
# machine has, across go (go test, go vet, go build, a gofmt -l CI
# script), python (pytest-3, unittest, mypy, pylint, flake8, pyflakes3,
# isort, python3 -m), node (node --test, npm scripts), TypeScript (tsc),
# rust (cargo test, build, run, clippy, fmt, offline with no
# dependencies), shell (ShellCheck, bash -n, bats, CI scripts), C and C++
# (make, gcc, g++, cmake, ctest), java (javac, java, jar, JUnit 4's
# JUnitCore), ruby (ruby, ruby -c, minitest, rake) and php (php -l,
# PHPUnit 9) — with the setup failures (ENV_ERROR) in the tools' own
# words in ways the corpus had not recorded: -fuzz over several
# packages, a -covermode go does not have, a relative GOPATH, a godebug
# setting go does not know, a mypy --python-executable that is not
# installed, a flake8 per-file-ignores it cannot read, an isort profile
# that does not exist, a program (prettier) an npm script needs and a
# package.json npm cannot parse or cannot find (wrong directory), a lib
# newer than the installed tsc, a cargo binary target that is not there,
# a ShellCheck option value it refuses, a token a release script needs
# and the CI environment lacks, a script checked out with CRLF line ends,
# a cmake build directory never configured, a jar without a Main-Class,
# a gem that is not installed, a PHPUnit configuration that is not
# well-formed — next to passing runs, test failures, code that does not
# parse, compile, link or load, lint findings, type errors and time
# limits (go test -timeout, node's per-test timeout, timeout(1), the
# runner's deadline) in the same layouts. Staticcheck is not built on
# this machine (neither /root/go/bin nor $HOME/go/bin has it) and is not
# used; black is installed but not used. The test counts column is "-"
# for every case.
#
# One case in three, by a hash of its name fixed before any
# classification (lib.sh's split with HELDOUT), goes to the held-out part
# "grow10-heldout"; the rest to "tune". The held-out part is never tuned
# on. While this growth was recorded the classifier was not run on any of
# its cases to choose or label anything: TestCorpus was run only at the
# end (go test -count=1 -run 'TestCorpus$' ./bot/failure/), for its exit
# code and for format errors, its output filtered to lines naming no
# case of this growth and no grow10 figure (and to no accuracy line or
# table row); the count of require failures (format errors) in its whole
# output was taken: 0. What showed: only the package's "ok" line (it
# passed, and without -v it printed nothing else; no line of its output
# named this growth). `go test -count=1 ./bot/failure/` passed as well.
# The labels are what each scenario was built to do, written before any
# run; a tune case's output was then read to check that the run did what
# it was built to do (the scenario fixed and re-run, or the label or
# reason changed, as the disclosures say). A held-out case's output was
# not read: where a held-out run built to fail exited 0 its label was
# made PASS from the exit code alone, and where a held-out run built to
# pass exited non-zero it was taken out of the corpus unread.
#
# Disclosures. One held-out run built to fail exited 0 and was made PASS
# from its exit code alone, its output unread: gr10-py-unittest-fail
# (Cart.add overwriting the quantity; the script shows why — its test
# adds each sku once, so the bug cannot show); the same bug with a test
# that adds a sku twice was then added as gr10-py-unittest-fail-repeat,
# which fell in the held-out part, exited 1 and was kept as built
# (TEST_FAILURE), unread. One held-out run built to pass exited non-zero
# and was taken out unread (its file, its row and its record line):
# gr10-py-flake8-pass. Three held-out runs were built to exit 0 having
# run nothing (TEST_FAILURE, as the corpus labels a test command that
# runs no test): gr10-ctest-no-tests, gr10-sh-bats-filter-none and
# gr10-phpunit-filter-none; they exited 0 as built and were kept
# TEST_FAILURE unread, as earlier growths kept such held-out runs
# (gr5c-unittest-no-tests, gr5d-jest-name-pattern-none). Tune runs the
# second reading changed: gr10-py-pylint-pass exited 16 on a trailing
# blank line this script left in pricing.py when it took the NameError
# line of gr10-py-pytest-module-nameerror out again — the restore was
# fixed (the blank line removed too) and every case re-recorded; the
# same leftover may be why gr10-py-flake8-pass failed, but it was not
# re-recorded; gr10-java-junit-hamcrest-missing (JUnitCore with only
# junit4.jar on the classpath) exited 0, Debian's junit4.jar naming
# hamcrest in its manifest's Class-Path, and was relabelled PASS;
# gr10-sh-token-unset exited 2 on a quote in the script's own message (an
# apostrophe inside ${RELEASE_TOKEN:?...}), which was reworded and the
# case re-recorded (exit 1, the message as built); gr10-sh-crlf-shebang,
# run directly, showed the recorder's setsid failing to execute the file
# rather than a shell's words: it is now run as a CI step runs it,
# through bash -c, and its reason was corrected from "bad interpreter
# (126)" to what bash 5.2 says, "cannot execute: required file not
# found" (127); gr10-cmake-build-unconfigured named a directory that did
# not exist ("is not a directory"), while it was built for a directory
# that exists but was never configured: the directory is now made first
# (the run says "could not load cache"); gr10-rs-clippy-findings put its
# function after the test module, so clippy's items_after_test_module
# fired too and manual_range_contains did not: the function now goes
# before the test module and the reason names what clippy reports
# (needless_return, needless_bool); gr10-tsc-generic-constraint's reason
# was corrected (TS2322 on the object literals, not TS2345). Before any
# run, two written CODE_ERROR scenarios (a cargo enum variant that does
# not exist, a javac argument of the wrong type) were cut and two
# LINT_ERROR ones (go vet httpresponse, flake8 findings) written instead,
# to keep the mix; no output of the cut ones was recorded. The whole
# file was recorded twice, the second time after these fixes (every
# other case's exit code was the same in both runs), then the shell
# section a third time for the crlf reason (same exit codes).
#
# Tools, all real (nothing here is hand-written output):
#   go1.26.8 (GOTOOLCHAIN=local; no module is fetched).
#   Debian bookworm: apt-get update && apt-get install -y pylint mypy \
#     flake8 black isort python3-pytest python3-pytest-timeout pyflakes3 \
#     node-typescript cmake bats ruby rake ruby-minitest php-cli phpunit \
#     junit4 libhamcrest-java
#   (python3 3.11.2, pytest 7.2.1 with pytest-timeout 2.1.0 loaded,
#   mypy 1.0.1, pylint 2.16.2 / astroid 2.14.2, flake8 5.0.4 with
#   pyflakes 2.5.0, isort 5.6.4, tsc 4.8.4, cmake and ctest 3.25.1,
#   Bats 1.8.2, ruby 3.1.2 with minitest 5.17.0 and rake 13.0.6,
#   PHP 8.2.36, PHPUnit 9.6.7, JUnit 4.13.2 and Hamcrest 2.2); with
#   ShellCheck 0.9.0, GNU bash 5.2.15, GNU Make 4.3, gcc and g++ 12.2.0,
#   OpenJDK 17.0.15 (javac, java, jar), all Debian's, already installed;
#   node v20.20.2 with npm 10.8.2 (NodeSource's); cargo and rustc 1.95.0,
#   clippy 0.1.95 and rustfmt 1.9.0 of rustup's stable toolchain.
#
# Run with WORK=/tmp/autoverify-corpus-g10 (the paths the outputs show);
# ONLY="go py" records only those sections (go py node ts rust shell c
# java ruby php).
export WORK=${WORK:-/tmp/autoverify-corpus-g10}
. "$(dirname "$0")/lib.sh"
export HELDOUT=grow10-heldout
export CASE_LIMIT=${CASE_LIMIT:-90}
export GOFLAGS=${GOFLAGS:--buildvcs=false} GOTOOLCHAIN=local

########################################################################
# go: a small ledger module (go test, go vet, go build, a gofmt script).
ledger_base() {
	rm -rf ./* .[!.]* 2>/dev/null
	printf 'module example.com/ledger\n\ngo 1.22\n' > go.mod
	w ledger/entry.go <<'G'
// Package ledger parses and sums ledger entries.
package ledger

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrFormat is returned for a line that is not "account amount".
var ErrFormat = errors.New("malformed entry")

// Entry is one posting: an account and an amount in cents.
type Entry struct {
	Account string
	Cents   int64
}

// Parse reads "account 12.34".
func Parse(line string) (Entry, error) {
	fields := strings.Fields(line)
	if len(fields) != 2 {
		return Entry{}, fmt.Errorf("parse %q: %w", line, ErrFormat)
	}
	whole, frac, _ := strings.Cut(fields[1], ".")
	w, err := strconv.ParseInt(whole, 10, 64)
	if err != nil {
		return Entry{}, fmt.Errorf("parse %q: %w", line, ErrFormat)
	}
	var f int64
	if frac != "" {
		f, err = strconv.ParseInt((frac + "0")[:2], 10, 64)
		if err != nil {
			return Entry{}, fmt.Errorf("parse %q: %w", line, ErrFormat)
		}
	}
	if strings.HasPrefix(whole, "-") {
		f = -f
	}
	return Entry{Account: fields[0], Cents: w*100 + f}, nil
}

// String formats an entry the way Parse reads it.
func (e Entry) String() string {
	sign := ""
	c := e.Cents
	if c < 0 {
		sign, c = "-", -c
	}
	return fmt.Sprintf("%s %s%d.%02d", e.Account, sign, c/100, c%100)
}

// Balance sums the entries per account.
func Balance(entries []Entry) map[string]int64 {
	b := map[string]int64{}
	for _, e := range entries {
		b[e.Account] += e.Cents
	}
	return b
}
G
	w ledger/entry_test.go <<'G'
package ledger

import (
	"errors"
	"testing"
)

func TestParse(t *testing.T) {
	cases := []struct {
		in   string
		want int64
	}{
		{"cash 12.34", 1234},
		{"cash -3.5", -350},
		{"bank 7", 700},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			e, err := Parse(c.in)
			if err != nil {
				t.Fatal(err)
			}
			if e.Cents != c.want {
				t.Errorf("Parse(%q).Cents = %d, want %d", c.in, e.Cents, c.want)
			}
		})
	}
}

func TestParseMalformed(t *testing.T) {
	if _, err := Parse("cash"); !errors.Is(err, ErrFormat) {
		t.Fatalf("Parse(cash) = %v, want ErrFormat", err)
	}
}

func TestBalance(t *testing.T) {
	b := Balance([]Entry{{"cash", 100}, {"cash", -40}, {"bank", 5}})
	if b["cash"] != 60 || b["bank"] != 5 {
		t.Errorf("Balance = %v", b)
	}
}
G
	w cmd/ledger/main.go <<'G'
// Command ledger prints the balance of the entries on standard input.
package main

import (
	"bufio"
	"fmt"
	"os"
	"sort"

	"example.com/ledger/ledger"
)

func main() {
	var entries []ledger.Entry
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		e, err := ledger.Parse(sc.Text())
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		entries = append(entries, e)
	}
	b := ledger.Balance(entries)
	accounts := make([]string, 0, len(b))
	for a := range b {
		accounts = append(accounts, a)
	}
	sort.Strings(accounts)
	for _, a := range accounts {
		fmt.Println(ledger.Entry{Account: a, Cents: b[a]})
	}
}
G
	w scripts/check-gofmt.sh <<'S'
#!/bin/sh
# CI step: fail when a Go file is not gofmt-formatted.
files=$(gofmt -l .)
if [ -n "$files" ]; then
	echo "These files are not gofmt-formatted:"
	echo "$files"
	echo "Run: gofmt -w ."
	exit 1
fi
echo "gofmt: all files formatted"
S
	chmod +x scripts/check-gofmt.sh
}

sec_go() {
E=go
TOOL="$(go version | cut -d' ' -f3)"
project gr10-ledger
ledger_base
record $E gr10-go-ledger-test-pass PASS - "go test ./...: the ledger's parse and balance tests pass" -- go test ./...
record $E gr10-go-ledger-build-pass PASS - "go build ./...: the library and the command build" -- go build ./...
record $E gr10-go-ledger-vet-pass PASS - "go vet ./...: nothing reported" -- go vet ./...
record $E gr10-go-gofmt-script-pass PASS - "scripts/check-gofmt.sh: gofmt -l lists no file" -- ./scripts/check-gofmt.sh
w ledger/slow_test.go <<'G'
package ledger

import "testing"

func TestReplayArchive(t *testing.T) {
	if testing.Short() {
		t.Skip("replays the whole archive; skipped with -short")
	}
}
G
record $E gr10-go-test-short-pass PASS - "go test -short -v: the slow test skips itself under -short, the others pass" -- go test -short -v ./ledger/
rm -f ledger/slow_test.go

# A fuzz target whose seed corpus passes, then String made to drop the
# leading zero of the cents, which the seed cash 1.05 catches.
w ledger/fuzz_test.go <<'G'
package ledger

import "testing"

func FuzzRoundTrip(f *testing.F) {
	f.Add("cash 1.25")
	f.Add("bank 300.00")
	f.Add("cash 1.05")
	f.Fuzz(func(t *testing.T, line string) {
		e, err := Parse(line)
		if err != nil {
			return
		}
		back, err := Parse(e.String())
		if err != nil {
			t.Fatalf("Parse(%q) of String: %v", e.String(), err)
		}
		if back != e {
			t.Fatalf("round trip of %q: %v, then %v", line, e, back)
		}
	})
}
G
record $E gr10-go-fuzz-seed-pass PASS - "go test -run FuzzRoundTrip: the three seed inputs round-trip" -- go test -run FuzzRoundTrip ./ledger/
sed -i 's|%s %s%d.%02d|%s %s%d.%d|' ledger/entry.go
record $E gr10-go-fuzz-seed-fail TEST_FAILURE - "String prints the cents with %d: the seed cash 1.05 comes back as cash 1.5, 150 cents, and the round trip fails" -- go test -run FuzzRoundTrip ./ledger/
record $E gr10-go-fuzz-multi-package ENV_ERROR - "go test -fuzz=FuzzRoundTrip ./...: -fuzz cannot be used with more than one package" -- go test -fuzz=FuzzRoundTrip -fuzztime=5s ./...
rm ledger/fuzz_test.go
sed -i 's|%s %s%d.%d|%s %s%d.%02d|' ledger/entry.go
record $E gr10-go-covermode-invalid ENV_ERROR - "go test -covermode=exact: not one of set, count, atomic" -- go test -covermode=exact ./...
record $E gr10-go-gopath-relative ENV_ERROR - "GOPATH=.gopath, a relative path: go refuses it" -- env GOPATH=.gopath go build ./...
cp go.mod go.mod.orig
printf 'module example.com/ledger\n\ngo 1.22\n\ngodebug (\n\tledgerdecimal=1\n)\n' > go.mod
record $E gr10-go-godebug-unknown ENV_ERROR - "go.mod's godebug block names ledgerdecimal, a setting go does not know" -- go build ./...
mv go.mod.orig go.mod

# A report test whose expected text is out of date.
w ledger/report.go <<'G'
package ledger

import (
	"sort"
	"strings"
)

// Report lists each account's balance, one per line, sorted.
func Report(entries []Entry) string {
	b := Balance(entries)
	accounts := make([]string, 0, len(b))
	for a := range b {
		accounts = append(accounts, a)
	}
	sort.Strings(accounts)
	var sb strings.Builder
	for _, a := range accounts {
		sb.WriteString(Entry{Account: a, Cents: b[a]}.String())
		sb.WriteString("\n")
	}
	return sb.String()
}
G
w ledger/report_test.go <<'G'
package ledger

import "testing"

func TestReport(t *testing.T) {
	got := Report([]Entry{{"cash", 1250}, {"bank", -300}, {"cash", 50}})
	want := "bank -3.00\ncash 12.50\n"
	if got != want {
		t.Errorf("Report() =\n%s\nwant\n%s", got, want)
	}
}
G
record $E gr10-go-test-report-mismatch TEST_FAILURE - "TestReport expects cash 12.50; the entries sum to 13.00" -- go test ./...
# An error wrapped with %v: errors.Is no longer finds ErrFormat.
sed -i 's|want := "bank -3.00\\ncash 12.50\\n"|want := "bank -3.00\\ncash 13.00\\n"|' ledger/report_test.go
sed -i '0,/return Entry{}, fmt.Errorf("parse %q: %w", line, ErrFormat)/s//return Entry{}, fmt.Errorf("parse %q: %v", line, ErrFormat)/' ledger/entry.go
record $E gr10-go-test-errors-is-fail TEST_FAILURE - "Parse wraps ErrFormat with %v for a short line: TestParseMalformed's errors.Is fails" -- go test -v ./ledger/
sed -i 's|fmt.Errorf("parse %q: %v", line, ErrFormat)|fmt.Errorf("parse %q: %w", line, ErrFormat)|' ledger/entry.go

# Code that does not compile.
w ledger/total.go <<'G'
package ledger

// Total sums all entries, or reports that there are none.
func Total(entries []Entry) (int64, bool) {
	if len(entries) == 0 {
		return 0, false
	}
	var t int64
	for _, e := range entries {
		t += e.Cents
	}
}
G
record $E gr10-go-missing-return CODE_ERROR - "Total ends without a return statement" -- go build ./...
w ledger/total.go <<'G'
package ledger

import "cmp"

// Largest returns the largest of xs.
func Largest[T cmp.Ordered](xs ...T) T {
	m := xs[0]
	for _, x := range xs[1:] {
		m = max(m, x)
	}
	return m
}

// LargestEntry returns the largest entry.
func LargestEntry(entries []Entry) Entry {
	return Largest(entries...)
}
G
record $E gr10-go-generic-constraint CODE_ERROR - "Largest[T cmp.Ordered] called with Entry, a struct: Entry does not satisfy cmp.Ordered" -- go vet ./...
rm ledger/total.go
w ledger/audit/audit.go <<'G'
// Package audit checks ledgers.
package audit

import "example.com/ledger/ledger"

// Check reports whether the entries balance to zero.
func Check(entries []ledger.Entry) bool {
	var t int64
	for _, c := range ledger.Balance(entries) {
		t += c
	}
	return t == 0
}
G
w ledger/verify.go <<'G'
package ledger

import "example.com/ledger/ledger/audit"

// Verified reports whether the entries balance.
func Verified(entries []Entry) bool { return audit.Check(entries) }
G
record $E gr10-go-import-cycle CODE_ERROR - "ledger imports ledger/audit, which imports ledger: import cycle not allowed" -- go build ./...
rm -r ledger/audit ledger/verify.go

# go vet: a context's cancel function lost.
w ledger/fetch.go <<'G'
package ledger

import (
	"context"
	"time"
)

// Fetcher loads entries from somewhere slow.
type Fetcher interface {
	Fetch(ctx context.Context) ([]Entry, error)
}

// FetchWithin loads the entries, giving up after d.
func FetchWithin(f Fetcher, d time.Duration) ([]Entry, error) {
	ctx, _ := context.WithTimeout(context.Background(), d)
	return f.Fetch(ctx)
}
G
record $E gr10-go-vet-lostcancel LINT_ERROR - "go vet: the cancel function context.WithTimeout returns is discarded (lostcancel)" -- go vet ./...
rm ledger/fetch.go
w ledger/remote.go <<'G'
package ledger

import (
	"bufio"
	"net/http"
)

// FetchLines reads entries, one per line, from url.
func FetchLines(url string) ([]Entry, error) {
	resp, err := http.Get(url)
	defer resp.Body.Close()
	if err != nil {
		return nil, err
	}
	var entries []Entry
	sc := bufio.NewScanner(resp.Body)
	for sc.Scan() {
		e, err := Parse(sc.Text())
		if err != nil {
			return nil, err
		}
		entries = append(entries, e)
	}
	return entries, sc.Err()
}
G
record $E gr10-go-vet-httpresponse LINT_ERROR - "go vet: resp.Body.Close is deferred before http.Get's error is checked (httpresponse)" -- go vet ./...
rm ledger/remote.go
# gofmt script: a file with its imports and braces misformatted.
printf 'package ledger\n\nfunc  negate(e Entry) Entry {\n    e.Cents = -e.Cents\n  return e\n}\n' > ledger/negate.go
record $E gr10-go-gofmt-script-findings LINT_ERROR - "scripts/check-gofmt.sh: ledger/negate.go is not gofmt-formatted, the script lists it and exits 1" -- ./scripts/check-gofmt.sh
rm ledger/negate.go

# A test that waits on a server that never answers, under go test -timeout.
w ledger/remote_test.go <<'G'
package ledger

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestRemoteEntries(t *testing.T) {
	block := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-block // the upstream never answers
	}))
	defer srv.Close()
	resp, err := http.Get(srv.URL + "/entries")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
}
G
record $E gr10-go-test-http-hang TIMEOUT - "go test -timeout 3s: TestRemoteEntries waits on a server handler that never answers (http.Get has no timeout)" -- go test -timeout 3s ./ledger/
rm ledger/remote_test.go
}

########################################################################
# python: a src-layout shop package (pytest-3, unittest, mypy, pylint,
# flake8, pyflakes3, isort).
shop_base() {
	rm -rf ./* .[!.]* 2>/dev/null
	w pyproject.toml <<'T'
[project]
name = "shop"
version = "0.3.0"
requires-python = ">=3.9"

[tool.pytest.ini_options]
pythonpath = ["src"]
testpaths = ["tests"]
T
	w src/shop/__init__.py <<'P'
"""A small shop: prices, carts and reports."""
P
	w src/shop/pricing.py <<'P'
"""Prices with VAT and discounts."""

VAT = {"standard": 0.20, "reduced": 0.05}


def with_vat(net, rate="standard"):
    """Return the gross price of net under rate."""
    return round(net * (1 + VAT[rate]), 2)


def discount(price, percent):
    """Take percent off price; percent must be 0 to 100."""
    if not 0 <= percent <= 100:
        raise ValueError(f"discount out of range: {percent}")
    return round(price * (100 - percent) / 100, 2)
P
	w src/shop/cart.py <<'P'
"""A shopping cart."""
from shop.pricing import with_vat


class Cart:
    """Items and their quantities."""

    def __init__(self):
        self.lines = {}

    def add(self, sku, net, qty=1):
        """Add qty units of sku at net each."""
        price, have = self.lines.get(sku, (net, 0))
        self.lines[sku] = (price, have + qty)

    def total(self, rate="standard"):
        """The gross total."""
        return round(sum(with_vat(p, rate) * q for p, q in self.lines.values()), 2)

    def summary(self):
        """Quantities per sku."""
        return {sku: q for sku, (_, q) in self.lines.items()}
P
	w tests/test_pricing.py <<'P'
import pytest

from shop.pricing import discount, with_vat


def test_with_vat():
    assert with_vat(10.0) == 12.0


def test_reduced_rate():
    assert with_vat(10.0, "reduced") == 10.5


def test_discount():
    assert discount(80.0, 25) == 60.0


def test_discount_range():
    with pytest.raises(ValueError):
        discount(10.0, 120)
P
	w tests/test_cart.py <<'P'
from shop.cart import Cart


def test_total():
    c = Cart()
    c.add("tea", 2.5, 2)
    c.add("mug", 5.0)
    assert c.total() == 12.0


def test_summary():
    c = Cart()
    c.add("tea", 2.5)
    c.add("tea", 2.5)
    assert c.summary() == {"tea": 2}
P
}

sec_py() {
E=python
TOOL="pytest $(pytest-3 --version 2>&1 | cut -d' ' -f2), $(python3 --version)"
project gr10-shop
shop_base
record $E gr10-py-pytest-pass PASS - "pytest-3 with pyproject's pythonpath and testpaths: six tests pass" -- pytest-3
w tests/test_legacy.py <<'P'
import warnings

from shop.pricing import with_vat


def legacy_price(net):
    warnings.warn("legacy_price is deprecated; use with_vat", DeprecationWarning)
    return with_vat(net)


def test_legacy_price():
    assert legacy_price(10.0) == 12.0
P
record $E gr10-py-pytest-warnings-pass PASS - "pytest-3 -q: all pass; a DeprecationWarning shows in the warnings summary" -- pytest-3 -q
rm tests/test_legacy.py
record $E gr10-py-pytest-k-none TEST_FAILURE - "pytest-3 -k refund: no test is named for refunds, all deselected, exit 5" -- pytest-3 -k refund
# A price computed with float error, asserted exactly and with approx.
w tests/test_bulk.py <<'P'
import pytest

from shop.pricing import discount, with_vat


def test_bulk_price():
    assert with_vat(discount(33.33, 10), "reduced") == pytest.approx(31.51, abs=0.001)
P
record $E gr10-py-pytest-approx-fail TEST_FAILURE - "the bulk price is 31.50 (rounded twice); the test wants 31.51 within 0.001" -- pytest-3 -q
rm tests/test_bulk.py
sed -i 's/    if not 0 <= percent <= 100:/    if not 0 <= percent <= 1000:/' src/shop/pricing.py
record $E gr10-py-pytest-raises-fail TEST_FAILURE - "discount's range check allows 120: pytest.raises(ValueError) sees no exception (DID NOT RAISE)" -- pytest-3
sed -i 's/    if not 0 <= percent <= 1000:/    if not 0 <= percent <= 100:/' src/shop/pricing.py
sed -i 's/    return round(net \* (1 + VAT\[rate\]), 2)/    return round(net * (1 + VAT[rate]))/' src/shop/pricing.py
record $E gr10-py-pytest-maxfail TEST_FAILURE - "with_vat rounds to whole units: the reduced-rate test fails and --maxfail=1 stops the run there" -- pytest-3 --maxfail=1
sed -i 's/    return round(net \* (1 + VAT\[rate\]))/    return round(net * (1 + VAT[rate]), 2)/' src/shop/pricing.py
# The module under test fails at import.
printf '\nDEFAULT_RATE = VAT[STANDARD]\n' >> src/shop/pricing.py
record $E gr10-py-pytest-module-nameerror CODE_ERROR - "pricing.py reads STANDARD, a name it never defines, at import: both test modules fail to collect" -- pytest-3
sed -i '/^DEFAULT_RATE = VAT\[STANDARD\]$/d' src/shop/pricing.py
sed -i '${/^$/d}' src/shop/pricing.py
# A conftest fixture with a scope pytest does not have.
w tests/conftest.py <<'P'
import pytest

from shop.cart import Cart


@pytest.fixture(scope="suite")
def cart():
    return Cart()
P
w tests/test_fixture.py <<'P'
def test_empty(cart):
    assert cart.total() == 0
P
record $E gr10-py-fixture-scope-invalid CODE_ERROR - "conftest.py's cart fixture has scope=\"suite\", not a pytest scope: the test using it errors" -- pytest-3 -q
rm tests/conftest.py tests/test_fixture.py
# A report command that fails at run time.
w src/shop/report.py <<'P'
"""Print a stock report: python3 -m shop.report."""
from shop.pricing import VAT, with_vat

STOCK = [("tea", 2.5, "standard"), ("bread", 1.8, "zero")]


def main():
    for sku, net, rate in STOCK:
        print(f"{sku:8} {with_vat(net, rate):8.2f}  (VAT {VAT[rate]:.0%})")


if __name__ == "__main__":
    main()
P
record $E gr10-py-report-keyerror CODE_ERROR - "python3 -m shop.report: the bread line's rate, zero, is not in VAT: KeyError" -- env PYTHONPATH=src python3 -m shop.report
rm src/shop/report.py

TOOL="$(python3 --version) (unittest)"
w tests/test_cart_unittest.py <<'P'
import unittest

from shop.cart import Cart


class CartTest(unittest.TestCase):
    def test_summary(self):
        c = Cart()
        c.add("tea", 2.5, 3)
        c.add("mug", 5.0)
        self.assertDictEqual(c.summary(), {"tea": 3, "mug": 1})

    def test_total_empty(self):
        self.assertEqual(Cart().total(), 0)


if __name__ == "__main__":
    unittest.main()
P
record $E gr10-py-unittest-pass PASS - "PYTHONPATH=src python3 -m unittest discover -s tests -v: the TestCase classes pass (the pytest-style modules hold no TestCase)" -- env PYTHONPATH=src python3 -m unittest discover -s tests -v
sed -i 's/        self.lines\[sku\] = (price, have + qty)/        self.lines[sku] = (price, qty)/' src/shop/cart.py
record $E gr10-py-unittest-fail PASS - "Cart.add overwrites the quantity instead of adding to it (built to fail, but the test adds each sku once, so the bug does not show; held out, it exited 0: labelled from the exit code alone, output unread)" -- env PYTHONPATH=src python3 -m unittest discover -s tests
sed -i 's/        c.add("mug", 5.0)$/        c.add("mug", 5.0)\n        c.add("tea", 2.5, 2)/;s/        self.assertDictEqual(c.summary(), {"tea": 3, "mug": 1})/        self.assertDictEqual(c.summary(), {"tea": 5, "mug": 1})/' tests/test_cart_unittest.py
record $E gr10-py-unittest-fail-repeat TEST_FAILURE - "the same bug, the test now adding tea twice (3, then 2 more): Cart.add keeps only the last quantity, assertDictEqual fails" -- env PYTHONPATH=src python3 -m unittest discover -s tests
sed -i 's/        self.lines\[sku\] = (price, qty)/        self.lines[sku] = (price, have + qty)/' src/shop/cart.py
w tests/test_queue.py <<'P'
import queue
import threading
import unittest


class OrderQueueTest(unittest.TestCase):
    def test_worker_acknowledges(self):
        orders, acks = queue.Queue(), queue.Queue()

        def worker():
            order = orders.get()
            if order == "stop":
                return
            acks.put(order)

        threading.Thread(target=worker, daemon=True).start()
        orders.put("stop")
        self.assertEqual(acks.get(), "stop")  # never comes: blocks forever
P
CASE_LIMIT=4 record $E gr10-py-unittest-queue-hang TIMEOUT - "a unittest waits on a queue the worker never fills: the runner's 4 s deadline kills it" -- env PYTHONPATH=src python3 -m unittest discover -s tests
rm tests/test_queue.py tests/test_cart_unittest.py

TOOL="mypy $(mypy --version | cut -d' ' -f2), $(python3 --version)"
w mypy.ini <<'I'
[mypy]
files = src
disallow_untyped_defs = False
warn_unused_ignores = True
I
w src/shop/orders.py <<'P'
"""Orders as typed dictionaries."""
from typing import Protocol, TypedDict


class Order(TypedDict):
    sku: str
    qty: int


class Notifier(Protocol):
    def send(self, to: str, body: str) -> bool: ...


def confirm(order: Order, via: Notifier) -> bool:
    return via.send("orders@example.com", f"{order['qty']} x {order['sku']}")


class Mailer:
    def send(self, to: str, body: str) -> bool:
        return bool(to and body)


def place(sku: str, qty: int) -> bool:
    return confirm({"sku": sku, "qty": qty}, Mailer())
P
record $E gr10-py-mypy-pass PASS - "mypy with mypy.ini (files = src): a TypedDict and a Protocol used correctly" -- mypy
sed -i 's/    return confirm({"sku": sku, "qty": qty}, Mailer())/    return confirm({"sku": sku, "qty": str(qty)}, Mailer())/' src/shop/orders.py
record $E gr10-py-mypy-typeddict TYPE_ERROR - "place builds an Order whose qty is a str: mypy reports the TypedDict item's incompatible type" -- mypy
sed -i 's/    return confirm({"sku": sku, "qty": str(qty)}, Mailer())/    return confirm({"sku": sku, "qty": qty}, Mailer())/' src/shop/orders.py
sed -i 's/    def send(self, to: str, body: str) -> bool:$/    def send(self, to: str, body: bytes) -> bool:/' src/shop/orders.py
record $E gr10-py-mypy-protocol TYPE_ERROR - "Mailer.send takes bytes for body: Mailer does not satisfy the Notifier protocol where confirm wants one" -- mypy
sed -i 's/    def send(self, to: str, body: bytes) -> bool:/    def send(self, to: str, body: str) -> bool:/' src/shop/orders.py
record $E gr10-py-mypy-python-executable ENV_ERROR - "mypy --python-executable /usr/bin/python3.9, an interpreter that is not installed" -- mypy --python-executable /usr/bin/python3.9
rm mypy.ini src/shop/orders.py

TOOL="pylint $(pylint --version | head -1 | cut -d' ' -f2), $(python3 --version)"
w .pylintrc <<'I'
[MAIN]
init-hook='import sys; sys.path.insert(0, "src")'

[MESSAGES CONTROL]
disable=too-few-public-methods
I
record $E gr10-py-pylint-pass PASS - "pylint src/shop with .pylintrc: no message, 10.00/10" -- pylint src/shop
w src/shop/coupons.py <<'P'
"""Coupon codes."""


def apply(codes, seen=[]):
    """Return the codes not yet used."""
    fresh = []
    for code in codes:
        normalised = code.strip().upper()
        if code in seen:
            continue
        else:
            seen.append(code)
            fresh.append(code)
    return fresh
P
record $E gr10-py-pylint-findings LINT_ERROR - "pylint: a mutable default argument (dangerous-default-value), an unused variable, an else after continue" -- pylint src/shop
rm .pylintrc

TOOL="flake8 $(flake8 --version | head -1 | cut -d' ' -f1), pyflakes $(pyflakes3 --version | cut -d' ' -f1), $(python3 --version)"
w src/shop/coupons.py <<'P'
"""Coupon codes."""


def apply(codes, seen=None):
    """Return the codes not yet used."""
    seen = [] if seen is None else seen
    fresh = []
    for code in codes:
        if code not in seen:
            seen.append(code)
            fresh.append(code)
    return fresh
P
w .flake8 <<'I'
[flake8]
max-line-length = 100
exclude = .git,__pycache__,build
I
w src/shop/search.py <<'P'
"""Search the catalogue."""
import re


def find(items, pattern, limit=None):
    """Items whose name matches pattern, at most limit of them."""
    l = []
    for item in items:
        if re.search("\d+" + pattern, item["name"]):
            l.append(item)
    if limit == None:
        return l
    return l[:limit]
P
record $E gr10-py-flake8-findings LINT_ERROR - "flake8: an ambiguous variable name l (E741), a comparison to None with == (E711), an invalid escape sequence (W605)" -- flake8 src tests
rm src/shop/search.py
printf '[flake8]\nmax-line-length = 100\nper-file-ignores =\n    tests/*.py F401 E501\n' > .flake8
record $E gr10-py-flake8-per-file-ignores-bad ENV_ERROR - ".flake8's per-file-ignores entry lacks the colon between pattern and codes: flake8 refuses the option" -- flake8 src tests
rm .flake8
w src/shop/labels.py <<'P'
"""Shelf labels."""
import os
from shop.pricing import with_vat
from shop.pricing import with_vat


def label(sku, net):
    """A shelf label."""
    title = f"Shelf label"
    return f"{title}: {sku} {with_vat(net):.2f}"
P
record $E gr10-py-pyflakes-findings LINT_ERROR - "pyflakes3: os imported unused, with_vat redefined while unused, an f-string without placeholders" -- pyflakes3 src/shop
rm src/shop/labels.py

TOOL="isort $(isort --version-number 2>/dev/null || echo 5.6.4), $(python3 --version)"
w src/shop/stock.py <<'P'
"""Stock levels."""
from shop.cart import Cart
import json
from collections import Counter
import os.path


def load(path):
    """Read stock levels from a JSON file."""
    with open(os.path.join(path), encoding="utf-8") as f:
        return Counter(json.load(f))


def reserve(cart: Cart, stock):
    """Take a cart's quantities out of stock."""
    stock.subtract(cart.summary())
    return stock
P
record $E gr10-py-isort-check LINT_ERROR - "isort --check-only --diff src: stock.py's imports are not sorted (first-party before the standard library)" -- isort --check-only --diff src
printf '\n[tool.isort]\nprofile = "blackk"\n' >> pyproject.toml
record $E gr10-py-isort-profile-unknown ENV_ERROR - "pyproject.toml's [tool.isort] profile is blackk, a profile isort does not have" -- isort --check-only src
}

########################################################################
# node: a CommonJS cart library tested with node --test through npm.
cartjs_base() {
	rm -rf ./* .[!.]* 2>/dev/null
	w package.json <<'J'
{
  "name": "cartjs",
  "version": "1.4.0",
  "private": true,
  "scripts": {
    "test": "node --test test/",
    "build": "node scripts/build.js",
    "format:check": "prettier --check ."
  }
}
J
	w lib/cart.js <<'J'
'use strict';

function lineTotal(line) {
  return Math.round(line.price * line.qty * 100) / 100;
}

function total(lines) {
  return Math.round(lines.reduce((s, l) => s + lineTotal(l), 0) * 100) / 100;
}

function group(lines) {
  const out = {};
  for (const l of lines) {
    out[l.sku] = (out[l.sku] || 0) + l.qty;
  }
  return out;
}

function parseQty(s) {
  const n = Number.parseInt(s, 10);
  if (!Number.isInteger(n) || n < 1) {
    throw new RangeError(`bad quantity: ${s}`);
  }
  return n;
}

module.exports = { lineTotal, total, group, parseQty };
J
	w test/cart.test.js <<'J'
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { total, group, parseQty } = require('../lib/cart');

test('total sums the lines', () => {
  assert.equal(total([{ sku: 'a', price: 1.1, qty: 3 }, { sku: 'b', price: 2, qty: 1 }]), 5.3);
});

test('group adds quantities per sku', () => {
  assert.deepEqual(group([{ sku: 'a', qty: 1 }, { sku: 'a', qty: 2 }, { sku: 'b', qty: 1 }]), { a: 3, b: 1 });
});

test('parseQty refuses zero', () => {
  assert.throws(() => parseQty('0'), RangeError);
});
J
	w scripts/build.js <<'J'
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const pkg = require('../package.json');

const out = path.join(__dirname, '..', 'dist');
fs.mkdirSync(out, { recursive: true });
const banner = `/*! ${pkg.name} ${pkg.version} */\n`;
fs.writeFileSync(path.join(out, 'cart.js'), banner + fs.readFileSync(path.join(__dirname, '..', 'lib', 'cart.js'), 'utf8'));
console.log(`built dist/cart.js (${pkg.name} ${pkg.version})`);
J
}

sec_node() {
E=node
TOOL="node $(node --version), npm $(npm --version)"
project gr10-cartjs
cartjs_base
record $E gr10-node-npm-test-pass PASS - "npm test (node --test test/): the three cart tests pass" -- npm test
record $E gr10-node-npm-build-pass PASS - "npm run build: scripts/build.js writes dist/cart.js" -- npm run build
w test/checkout.test.js <<'J'
'use strict';
const { describe, it } = require('node:test');
const assert = require('node:assert/strict');
const { group, lineTotal } = require('../lib/cart');

describe('checkout', () => {
  it('prices a line', () => {
    assert.equal(lineTotal({ price: 0.1, qty: 3 }), 0.3);
  });
  describe('grouping', () => {
    it('keeps the order skus were first seen', () => {
      assert.deepEqual(Object.keys(group([{ sku: 'z', qty: 1 }, { sku: '10', qty: 1 }])), ['z', '10']);
    });
  });
});
J
record $E gr10-node-test-describe-fail TEST_FAILURE - "a nested it expects insertion order of keys; an integer-like key ('10') comes first in a JS object: deepEqual fails" -- node --test test/
rm test/checkout.test.js
sed -i 's/  if (!Number.isInteger(n) || n < 1) {/  if (!Number.isInteger(n) || n < 0) {/' lib/cart.js
record $E gr10-node-test-throws-fail TEST_FAILURE - "parseQty accepts 0 after its check was loosened: assert.throws gets no exception" -- npm test
sed -i 's/  if (!Number.isInteger(n) || n < 0) {/  if (!Number.isInteger(n) || n < 1) {/' lib/cart.js
sed -i 's|  return Math.round(lines.reduce((s, l) => s + lineTotal(l), 0) \* 100) / 100;|  return lines.reduce((s, l) => s + l.price * l.qty, 0);|' lib/cart.js
record $E gr10-node-test-float-fail TEST_FAILURE - "total sums price x qty unrounded: 1.1 x 3 + 2 is 5.300000000000001, not 5.3, and strictEqual fails" -- node --test test/
sed -i 's|  return lines.reduce((s, l) => s + l.price \* l.qty, 0);|  return Math.round(lines.reduce((s, l) => s + lineTotal(l), 0) * 100) / 100;|' lib/cart.js
w test/slow.test.js <<'J'
'use strict';
const test = require('node:test');

test('waits for the price feed', { timeout: 500 }, async () => {
  await new Promise((resolve) => setTimeout(resolve, 5000));
});
J
record $E gr10-node-test-timeout-option TIMEOUT - "a test with { timeout: 500 } waits 5 s for a price feed: node's test runner cancels it when the 500 ms run out" -- node --test test/
rm test/slow.test.js
mkdir -p empty-spec && cp package.json empty-spec/ && mkdir -p empty-spec/spec
printf "'use strict';\nmodule.exports = {};\n" > empty-spec/spec/helpers.js
record $E gr10-node-test-no-files TEST_FAILURE - "node --test in a package whose tests would be under spec/ as *.spec.js and there are none: no test file found, nothing runs" -- node --test empty-spec/
rm -rf empty-spec
# An ES module importing a name the library does not export.
w esm/format.mjs <<'J'
export function money(cents) {
  return `${(cents / 100).toFixed(2)} EUR`;
}
J
w esm/receipt.mjs <<'J'
import { money, percent } from './format.mjs';

console.log(money(1250), percent(0.2));
J
record $E gr10-node-esm-export-missing CODE_ERROR - "receipt.mjs imports percent from ./format.mjs, which exports only money: SyntaxError at link time" -- node esm/receipt.mjs
rm -r esm
# The build script reads a field package.json does not have.
sed -i 's|^const banner = .*$|const banner = `/*! ${pkg.name} ${pkg.version} (${pkg.repository.url}) */\\n`;|' scripts/build.js
grep -q 'pkg.repository.url' scripts/build.js || { echo "grow10: the build.js edit did not apply" >&2; exit 1; }
record $E gr10-node-build-typeerror CODE_ERROR - "npm run build: build.js reads pkg.repository.url and package.json has no repository: TypeError" -- npm run build
cartjs_base
record $E gr10-node-prettier-not-installed ENV_ERROR - "npm run format:check runs prettier, which is not installed (no node_modules): sh reports prettier not found, exit 127" -- npm run format:check
mkdir -p web && mv package.json lib test scripts web/
record $E gr10-node-npm-test-wrong-dir ENV_ERROR - "npm test from the repository root; the package (package.json) is in web/: npm finds no package.json" -- npm test
mv web/* . && rmdir web
sed -i 's/    "format:check": "prettier --check ."/    "format:check": "prettier --check .",/' package.json
record $E gr10-node-package-json-trailing-comma ENV_ERROR - "package.json has a trailing comma after the last script: npm cannot parse it (EJSONPARSE)" -- npm test
}

########################################################################
# typescript: Debian's tsc on a small typed module.
tsinv_base() {
	rm -rf ./* .[!.]* 2>/dev/null
	w tsconfig.json <<'J'
{
  "compilerOptions": {
    "target": "es2020",
    "module": "commonjs",
    "strict": true,
    "noEmit": true,
    "lib": ["es2020"]
  },
  "include": ["src"]
}
J
	w src/shape.ts <<'T'
export type Shape =
  | { kind: "circle"; radius: number }
  | { kind: "rect"; width: number; height: number };

export function area(s: Shape): number {
  switch (s.kind) {
    case "circle":
      return Math.PI * s.radius ** 2;
    case "rect":
      return s.width * s.height;
  }
}

export interface Settings {
  readonly currency: string;
  decimals: number;
}

export function format(value: number, settings: Settings): string {
  return `${value.toFixed(settings.decimals)} ${settings.currency}`;
}

export function largest<T extends { size: number }>(items: T[]): T | undefined {
  return items.reduce<T | undefined>((m, x) => (m === undefined || x.size > m.size ? x : m), undefined);
}
T
}

sec_ts() {
E=typescript
TOOL="tsc $(tsc --version | cut -d' ' -f2) (Debian node-typescript), node $(node --version)"
project gr10-tsshape
tsinv_base
record $E gr10-tsc-pass PASS - "tsc -p .: strict, noEmit: the union, the interface and the generic type-check" -- tsc -p .
w src/use.ts <<'T'
import { Shape, area } from "./shape";

export function perimeter(s: Shape): number {
  return 2 * (s.width + s.height);
}

export const a = area({ kind: "circle", radius: 1 });
T
record $E gr10-tsc-union-property TYPE_ERROR - "perimeter reads width and height of a Shape that may be a circle: property does not exist on the union (TS2339)" -- tsc -p .
w src/use.ts <<'T'
import { Settings, format } from "./shape";

const eur: Settings = { currency: "EUR", decimals: 2 };

export function toUsd(v: number): string {
  eur.currency = "USD";
  return format(v, eur);
}
T
record $E gr10-tsc-readonly-assign TYPE_ERROR - "toUsd assigns to Settings.currency, a readonly property (TS2540)" -- tsc -p .
w src/use.ts <<'T'
import { largest } from "./shape";

export const biggest = largest([{ name: "a", length: 3 }, { name: "b", length: 5 }]);
T
record $E gr10-tsc-generic-constraint TYPE_ERROR - "largest needs items with a size; the object literals have name and length: not assignable to { size: number } (TS2322)" -- tsc -p .
w src/use.ts <<'T'
import { area } from "./shape";

export function totalArea(radii: number[]): number {
  return radii.reduce((sum, r) => sum + area({ kind: "circle", radius: r }, 0);
}
T
record $E gr10-tsc-syntax CODE_ERROR - "use.ts: the reduce call's parenthesis is never closed (TS1005)" -- tsc -p .
rm src/use.ts
sed -i 's/    "lib": \["es2020"\]/    "lib": ["es2020", "es2023.array"]/' tsconfig.json
record $E gr10-tsc-lib-newer-than-tsc ENV_ERROR - "lib es2023.array, a library file tsc 4.8 does not have (TypeScript 5 does): TS6046" -- tsc -p .
}

########################################################################
# rust: a units crate (cargo test, build, clippy, fmt), offline, no
# dependencies.
units_base() {
	rm -rf ./* .[!.]* 2>/dev/null
	w Cargo.toml <<'T'
[package]
name = "units"
version = "0.2.0"
edition = "2021"

[dependencies]
T
	w src/lib.rs <<'R'
//! Length units.

/// A length in millimetres.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Length(pub f64);

/// A unit a length can be read in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unit {
    Millimetre,
    Centimetre,
    Metre,
    Inch,
}

impl Unit {
    /// Millimetres per unit.
    pub fn factor(self) -> f64 {
        match self {
            Unit::Millimetre => 1.0,
            Unit::Centimetre => 10.0,
            Unit::Metre => 1000.0,
            Unit::Inch => 25.4,
        }
    }

    /// Parses a unit's symbol.
    pub fn parse(s: &str) -> Option<Unit> {
        match s {
            "mm" => Some(Unit::Millimetre),
            "cm" => Some(Unit::Centimetre),
            "m" => Some(Unit::Metre),
            "in" => Some(Unit::Inch),
            _ => None,
        }
    }
}

impl Length {
    /// The length in unit.
    pub fn in_unit(self, unit: Unit) -> f64 {
        self.0 / unit.factor()
    }
}

/// Parses "12.5 cm".
pub fn parse(s: &str) -> Option<Length> {
    let (n, u) = s.trim().split_once(' ')?;
    let n: f64 = n.parse().ok()?;
    Some(Length(n * Unit::parse(u)?.factor()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_centimetres() {
        assert_eq!(parse("12.5 cm"), Some(Length(125.0)));
    }

    #[test]
    fn converts_to_inches() {
        assert!((Length(254.0).in_unit(Unit::Inch) - 10.0).abs() < 1e-9);
    }

    #[test]
    fn refuses_unknown_units() {
        assert_eq!(parse("3 furlongs"), None);
    }
}
R
}

sec_rust() {
E=rust
TOOL="$(cargo --version | cut -d' ' -f1-2), $(rustc --version | cut -d' ' -f1-2), $(cargo clippy --version | cut -d' ' -f1-2), rustfmt $(rustfmt --version | cut -d' ' -f2)"
export CARGO_NET_OFFLINE=true CARGO_TERM_COLOR=never
project gr10-units
units_base
record $E gr10-rs-test-pass PASS - "cargo test: the three unit tests pass (and no doc test fails)" -- cargo test
record $E gr10-rs-clippy-pass PASS - "cargo clippy --all-targets -- -D warnings: nothing to report" -- cargo clippy --all-targets -- -D warnings
record $E gr10-rs-fmt-pass PASS - "cargo fmt --check: formatted" -- cargo fmt --check
w tests/imperial.rs <<'R'
use units::{parse, Unit};

#[test]
fn feet_are_not_units() {
    assert_eq!(Unit::parse("ft"), None);
}

#[test]
fn inches_round_trip() {
    let l = parse("2 in").expect("parses");
    assert_eq!(l.in_unit(Unit::Centimetre), 5.0, "2 in should be 5 cm");
}
R
record $E gr10-rs-integration-fail TEST_FAILURE - "tests/imperial.rs: 2 in is 5.08 cm, the test asserts 5.0" -- cargo test
rm tests/imperial.rs
cp src/lib.rs lib.rs.orig
sed -i 's|            Unit::Inch => 25.4,||' src/lib.rs
record $E gr10-rs-match-non-exhaustive CODE_ERROR - "factor's match has no arm for Unit::Inch: non-exhaustive patterns (E0004)" -- cargo build
cp lib.rs.orig src/lib.rs
cat >> src/lib.rs <<'R'

/// Sums lengths, then reports how many there were.
pub fn total(lengths: Vec<Length>) -> (Length, usize) {
    let sum = lengths.into_iter().fold(0.0, |s, l| s + l.0);
    (Length(sum), lengths.len())
}
R
record $E gr10-rs-use-after-move CODE_ERROR - "total consumes lengths with into_iter and then calls lengths.len(): borrow of moved value (E0382)" -- cargo build
cp lib.rs.orig src/lib.rs
w ruler.rs <<'R'
/// Whether a length is within the range a ruler measures.
pub fn on_ruler(l: Length) -> bool {
    if l.0 >= 0.0 && l.0 <= 300.0 {
        return true;
    } else {
        return false;
    }
}

R
awk 'FNR == NR { fn = fn $0 "\n"; next } /^#\[cfg\(test\)\]$/ && !done { printf "%s", fn; done = 1 } { print }' ruler.rs src/lib.rs > lib.rs.new && mv lib.rs.new src/lib.rs
rm ruler.rs
record $E gr10-rs-clippy-findings LINT_ERROR - "cargo clippy -- -D warnings: on_ruler returns bool literals from an if-else, each with a needless return (needless_return, needless_bool)" -- cargo clippy --all-targets -- -D warnings
cp lib.rs.orig src/lib.rs
cat >> src/lib.rs <<'R'

/// The symbols, longest first.
pub fn symbols() -> Vec<&'static str> { let mut v = vec!["mm", "cm", "m", "in"]; v.sort_by(|a, b| b.len().cmp(&a.len())); v }
R
record $E gr10-rs-fmt-diff LINT_ERROR - "cargo fmt --check: symbols is written on one line; rustfmt shows the diff and exits 1" -- cargo fmt --check
cp lib.rs.orig src/lib.rs
record $E gr10-rs-bin-missing ENV_ERROR - "cargo run --bin convert: the package has no binary target (only a library)" -- cargo run --bin convert -- "3 cm"
cat >> src/lib.rs <<'R'

#[cfg(test)]
mod slow {
    #[test]
    fn converges() {
        let mut x = 1.0_f64;
        while x != 0.0 {
            x = (x * 0.5).max(1e-300);
        }
    }
}
R
cargo test --no-run >/dev/null 2>&1
record $E gr10-rs-test-loop-timeout TIMEOUT - "timeout 5 cargo test (built first): the converges test's loop never ends (the value stops at 1e-300), exit 124" -- timeout 5 cargo test
cp lib.rs.orig src/lib.rs
rm lib.rs.orig
unset CARGO_NET_OFFLINE CARGO_TERM_COLOR
}

########################################################################
# shell: the CI scripts of a small repository (ShellCheck, bash -n, bats).
sec_shell() {
E=shell
project gr10-ops
rm -rf ./* .[!.]* 2>/dev/null
TOOL="ShellCheck $(shellcheck --version | sed -n 's/^version: //p')"
w scripts/backup.sh <<'S'
#!/usr/bin/env bash
# Copy the database dumps to the backup directory.
set -euo pipefail

src=${1:-/var/lib/app/dumps}
dest=${2:-/srv/backup}

mkdir -p "$dest"
for f in "$src"/*.sql.gz; do
	[ -e "$f" ] || continue
	cp -- "$f" "$dest/"
done
echo "backed up to $dest"
S
record $E gr10-sh-shellcheck-pass PASS - "shellcheck scripts/backup.sh: nothing to report" -- shellcheck scripts/backup.sh
w scripts/rotate.sh <<'S'
#!/usr/bin/env bash
# Keep the newest seven backups.
dir=$1
cd $dir
for f in $(ls -t *.sql.gz | tail -n +8); do
	rm $f
done
export STAMP=$(date +%F)
echo "rotated $dir at $STAMP"
S
record $E gr10-sh-shellcheck-findings LINT_ERROR - "shellcheck: cd without || exit, iterating over ls output, unquoted variables, export with a command substitution" -- shellcheck scripts/rotate.sh
record $E gr10-sh-shellcheck-severity-bad ENV_ERROR - "shellcheck --severity=critical: not one of error, warning, info, style" -- shellcheck --severity=critical scripts/backup.sh
rm scripts/rotate.sh
TOOL="$(bash --version | head -1)"
w scripts/deploy.sh <<'S'
#!/usr/bin/env bash
# Deploy the current build to the servers listed in hosts.txt.
set -euo pipefail
while read -r host; do
	if [ -n "$host" ]; then
		echo "deploying to $host"
		rsync -a build/ "$host:/srv/app/"
done < hosts.txt
S
record $E gr10-sh-bash-n-syntax CODE_ERROR - "bash -n scripts/deploy.sh: an if never closed with fi inside a while loop (syntax error near done)" -- bash -n scripts/deploy.sh
w scripts/publish.sh <<'S'
#!/usr/bin/env bash
# Publish the release notes; needs the token of the release bot.
set -euo pipefail
: "${RELEASE_TOKEN:?RELEASE_TOKEN must be set (the token of the release bot)}"
echo "publishing with a token of ${#RELEASE_TOKEN} characters"
S
chmod +x scripts/publish.sh
record $E gr10-sh-token-unset ENV_ERROR - "scripts/publish.sh stops with \${RELEASE_TOKEN:?}: the CI environment does not set RELEASE_TOKEN" -- env -u RELEASE_TOKEN ./scripts/publish.sh
printf '#!/bin/bash\r\necho "checking links"\r\nexit 0\r\n' > scripts/check-links.sh
chmod +x scripts/check-links.sh
record $E gr10-sh-crlf-shebang ENV_ERROR - "a CI step (bash -c) runs scripts/check-links.sh, checked out with CRLF line ends: the interpreter /bin/bash\\r is not found; bash 5.2 says cannot execute: required file not found (127)" -- bash -c ./scripts/check-links.sh
w scripts/wait-for-db.sh <<'S'
#!/usr/bin/env bash
# Wait until the database accepts connections on 127.0.0.1:55432.
until (exec 3<>/dev/tcp/127.0.0.1/55432) 2>/dev/null; do
	echo "waiting for the database on 127.0.0.1:55432"
	sleep 1
done
echo "database is up"
S
chmod +x scripts/wait-for-db.sh
record $E gr10-sh-wait-for-db-timeout TIMEOUT - "timeout 4 around wait-for-db.sh: nothing listens on 127.0.0.1:55432, the loop waits until timeout stops it (124)" -- timeout 4 ./scripts/wait-for-db.sh

TOOL="Bats $(bats --version | cut -d' ' -f2)"
w scripts/slug.sh <<'S'
#!/usr/bin/env bash
# slug TEXT: lower case, spaces to dashes.
slug() {
	printf '%s\n' "$1" | tr '[:upper:]' '[:lower:]' | tr ' ' '-'
}
S
w test/slug.bats <<'B'
setup() {
	source "$BATS_TEST_DIRNAME/../scripts/slug.sh"
}

@test "lower-cases" {
	run slug "Release Notes"
	[ "$status" -eq 0 ]
	[ "$output" = "release-notes" ]
}

@test "keeps digits" {
	run slug "v2 Beta"
	[ "$output" = "v2-beta" ]
}
B
record $E gr10-sh-bats-pass PASS - "bats test/: both slug tests pass" -- bats test/
cat >> test/slug.bats <<'B'

@test "squeezes repeated spaces" {
	run slug "Big   Release"
	[ "$output" = "big-release" ]
}
B
record $E gr10-sh-bats-fail TEST_FAILURE - "slug turns each space into a dash: Big   Release becomes big---release; the new test wants big-release" -- bats test/
record $E gr10-sh-bats-filter-none TEST_FAILURE - "bats --filter 'strips accents' test/: no test has that name, 1..0, nothing runs" -- bats --filter 'strips accents' test/
}

########################################################################
# c: a ring buffer library built by make with a home-made test program;
# a CMake/CTest project; a C++ file.
ring_base() {
	rm -rf ./* .[!.]* 2>/dev/null
	w include/ring.h <<'C'
#ifndef RING_H
#define RING_H
#include <stddef.h>

struct ring {
	int buf[8];
	size_t head, len;
};

void ring_init(struct ring *r);
int ring_push(struct ring *r, int v);
int ring_pop(struct ring *r, int *v);
size_t ring_len(const struct ring *r);
#endif
C
	w src/ring.c <<'C'
#include "ring.h"

void ring_init(struct ring *r) { r->head = 0; r->len = 0; }

int ring_push(struct ring *r, int v)
{
	if (r->len == 8)
		return -1;
	r->buf[(r->head + r->len) % 8] = v;
	r->len++;
	return 0;
}

int ring_pop(struct ring *r, int *v)
{
	if (r->len == 0)
		return -1;
	*v = r->buf[r->head];
	r->head = (r->head + 1) % 8;
	r->len--;
	return 0;
}

size_t ring_len(const struct ring *r) { return r->len; }
C
	w tests/ring_test.c <<'C'
#include <stdio.h>
#include "ring.h"

static int passed, failed;
#define CHECK(c) do { if (c) passed++; else { failed++; printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); } } while (0)

int main(void)
{
	struct ring r;
	int v = 0;
	ring_init(&r);
	CHECK(ring_pop(&r, &v) == -1);
	for (int i = 0; i < 8; i++)
		ring_push(&r, i);
	CHECK(ring_push(&r, 99) == -1);
	ring_pop(&r, &v);
	CHECK(v == 0);
	ring_push(&r, 8);
	CHECK(ring_len(&r) == 8);
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
C
	printf 'CC ?= gcc\nCFLAGS ?= -std=c11 -Wall -Wextra -O2\nCPPFLAGS += -Iinclude\n\nall: build/ring_test\n\nbuild/%%.o: src/%%.c include/ring.h\n\t@mkdir -p build\n\t$(CC) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<\n\nbuild/ring_test: tests/ring_test.c build/ring.o\n\t$(CC) $(CPPFLAGS) $(CFLAGS) -o $@ $^\n\ntest: build/ring_test\n\t./build/ring_test\n\nclean:\n\trm -rf build\n\n.PHONY: all test clean\n' > Makefile
}

sec_c() {
E=c
TOOL="$(make --version | head -1), $(gcc --version | head -1)"
project gr10-ring
ring_base
record $E gr10-c-make-test-pass PASS - "make test: builds the library and the test program; 4 passed, 0 failed" -- make test
make clean >/dev/null
sed -i 's|	if (r->len == 8)|	if (r->len > 8)|' src/ring.c
record $E gr10-c-make-test-fail TEST_FAILURE - "ring_push's full check is len > 8: a ninth push succeeds and overwrites the oldest value; the test program's checks fail and it exits 1, so make test fails" -- make test
sed -i 's|	if (r->len > 8)|	if (r->len == 8)|' src/ring.c
make clean >/dev/null
printf '\nint ring_peek(const struct ring *r);\n' >> include/ring.h
sed -i 's|	CHECK(ring_len(&r) == 8);|	CHECK(ring_len(\&r) == 8);\n	CHECK(ring_peek(\&r) == 1);|' tests/ring_test.c
record $E gr10-c-undefined-reference CODE_ERROR - "the test calls ring_peek, declared in ring.h but defined nowhere: the link fails (undefined reference)" -- make test
ring_base
sed -i 's|	\*v = r->buf\[r->head\];|	*v = r->buf.data[r->head];|' src/ring.c
grep -q 'buf.data' src/ring.c || { echo "grow10: the ring.c edit did not apply" >&2; exit 1; }
record $E gr10-c-member-of-array CODE_ERROR - "ring_pop reads r->buf.data, but buf is an int array, not a struct: request for member data in something not a structure or union" -- make
ring_base

TOOL="cmake $(cmake --version | head -1 | cut -d' ' -f3), ctest, $(gcc --version | head -1)"
w CMakeLists.txt <<'C'
cmake_minimum_required(VERSION 3.16)
project(ring C)
enable_testing()
add_library(ring src/ring.c)
target_include_directories(ring PUBLIC include)
add_executable(ring_test tests/ring_test.c)
target_link_libraries(ring_test ring)
add_test(NAME ring_test COMMAND ring_test)
C
cmake -S . -B build -DCMAKE_BUILD_TYPE=Debug >/dev/null && cmake --build build >/dev/null
record $E gr10-ctest-pass PASS - "ctest --test-dir build --output-on-failure: ring_test passes" -- ctest --test-dir build --output-on-failure
w tests/ring_assert.c <<'C'
#include <assert.h>
#include "ring.h"

int main(void)
{
	struct ring r;
	int v;
	ring_init(&r);
	ring_push(&r, 5);
	assert(ring_pop(&r, &v) == 0 && v == 5);
	assert(ring_pop(&r, &v) == 0); /* the ring is empty now */
	return 0;
}
C
printf 'add_executable(ring_assert tests/ring_assert.c)\ntarget_link_libraries(ring_assert ring)\nadd_test(NAME ring_assert COMMAND ring_assert)\n' >> CMakeLists.txt
cmake --build build >/dev/null 2>&1
record $E gr10-ctest-assert-abort TEST_FAILURE - "ring_assert's assert fails on popping an empty ring (a Debug build keeps asserts): the test aborts, ctest reports it failed" -- ctest --test-dir build --output-on-failure
rm -rf fresh-build && mkdir fresh-build
record $E gr10-cmake-build-unconfigured ENV_ERROR - "cmake --build fresh-build: the directory exists but was never configured (no CMakeCache.txt)" -- cmake --build fresh-build
w notests/CMakeLists.txt <<'C'
cmake_minimum_required(VERSION 3.16)
project(ringlib C)
enable_testing()
add_library(ring ../src/ring.c)
target_include_directories(ring PUBLIC ../include)
C
cmake -S notests -B notests/build >/dev/null && cmake --build notests/build >/dev/null
record $E gr10-ctest-no-tests TEST_FAILURE - "ctest in a build tree whose CMakeLists.txt enables testing but adds no test: no tests found, nothing runs" -- ctest --test-dir notests/build

E=cpp
TOOL="$(g++ --version | head -1)"
w src/inventory.cpp <<'C'
#include <iostream>
#include <map>
#include <string>

struct Sku {
	std::string code;
	int batch;
};

int main()
{
	std::map<Sku, int> stock;
	stock[Sku{"A-1", 3}] = 12;
	for (const auto &[sku, n] : stock)
		std::cout << sku.code << " " << n << "\n";
	return 0;
}
C
record $E gr10-cpp-map-key-no-less CODE_ERROR - "std::map keyed by Sku, which has no operator<: the template instantiation fails (no match for operator<)" -- g++ -std=c++17 -Wall -c src/inventory.cpp -o build/inventory.o
sed -i 's|^\tint batch;$|\tint batch;\n\tbool operator<(const Sku \&o) const { return code != o.code ? code < o.code : batch < o.batch; }|' src/inventory.cpp
grep -q 'operator<' src/inventory.cpp || { echo "grow10: the inventory.cpp edit did not apply" >&2; exit 1; }
record $E gr10-cpp-map-key-pass PASS - "the same with Sku::operator< defined: compiles without a warning" -- g++ -std=c++17 -Wall -c src/inventory.cpp -o build/inventory.o
}

########################################################################
# java: javac and JUnit 4 (Debian's junit4 and hamcrest) on a small
# invoice package.
sec_java() {
E=java
TOOL="$(javac -version 2>&1), $(java -version 2>&1 | head -1), JUnit 4.13.2, Hamcrest 2.2 (Debian)"
project gr10-invoice
rm -rf ./* .[!.]* 2>/dev/null
JUNIT=/usr/share/java/junit4.jar:/usr/share/java/hamcrest.jar
w src/main/java/shop/Invoice.java <<'J'
package shop;

import java.util.ArrayList;
import java.util.List;

public class Invoice {
    private final List<long[]> lines = new ArrayList<>();

    public void add(long unitCents, int qty) {
        lines.add(new long[] {unitCents, qty});
    }

    public long totalCents() {
        long t = 0;
        for (long[] l : lines) {
            t += l[0] * l[1];
        }
        return t;
    }

    public int lineCount() {
        return lines.size();
    }
}
J
w src/main/java/shop/Main.java <<'J'
package shop;

public class Main {
    public static void main(String[] args) {
        Invoice inv = new Invoice();
        inv.add(Long.parseLong(args[0]), Integer.parseInt(args[1]));
        System.out.printf("total %d.%02d%n", inv.totalCents() / 100, inv.totalCents() % 100);
    }
}
J
w src/test/java/shop/InvoiceTest.java <<'J'
package shop;

import static org.junit.Assert.assertEquals;

import org.junit.Test;

public class InvoiceTest {
    @Test
    public void totalOfTwoLines() {
        Invoice inv = new Invoice();
        inv.add(250, 2);
        inv.add(199, 1);
        assertEquals(699, inv.totalCents());
    }

    @Test
    public void countsLines() {
        Invoice inv = new Invoice();
        inv.add(100, 3);
        assertEquals(1, inv.lineCount());
    }
}
J
mkdir -p out
javac -d out src/main/java/shop/*.java && javac -d out -cp out:$JUNIT src/test/java/shop/*.java
record $E gr10-java-junit-pass PASS - "JUnitCore shop.InvoiceTest: both tests pass (OK (2 tests))" -- java -cp out:$JUNIT org.junit.runner.JUnitCore shop.InvoiceTest
record $E gr10-java-junit-hamcrest-missing PASS - "JUnit 4 run with only junit4.jar on the classpath (built to fail for the missing hamcrest): Debian's junit4.jar names hamcrest in its manifest's Class-Path, so both tests pass" -- java -cp out:/usr/share/java/junit4.jar org.junit.runner.JUnitCore shop.InvoiceTest
sed -i 's|            t += l\[0\] \* l\[1\];|            t += l[0];|' src/main/java/shop/Invoice.java
javac -d out src/main/java/shop/*.java
record $E gr10-java-junit-fail TEST_FAILURE - "totalCents ignores the quantity: totalOfTwoLines expects 699 and gets 449" -- java -cp out:$JUNIT org.junit.runner.JUnitCore shop.InvoiceTest
sed -i 's|            t += l\[0\];|            t += l[0] * l[1];|' src/main/java/shop/Invoice.java
javac -d out src/main/java/shop/*.java
record $E gr10-java-main-no-args CODE_ERROR - "java shop.Main with no arguments: args[0] is read unchecked, ArrayIndexOutOfBoundsException" -- java -cp out shop.Main
(cd out && jar cf ../invoice.jar shop)
record $E gr10-java-jar-no-main-manifest ENV_ERROR - "java -jar invoice.jar: the jar was made without a Main-Class in its manifest (no main manifest attribute)" -- java -jar invoice.jar 250 2
rm invoice.jar
}

########################################################################
# ruby: a gem-less library with minitest and rake.
sec_ruby() {
E=ruby
TOOL="$(ruby --version | cut -d' ' -f1-2), minitest $(ruby -e 'require "minitest"; print Minitest::VERSION'), rake $(rake --version | cut -d' ' -f3)"
project gr10-tally
rm -rf ./* .[!.]* 2>/dev/null
w lib/tally.rb <<'R'
# Counts words.
module Tally
  def self.words(text)
    text.downcase.scan(/[a-z']+/).tally
  end

  def self.top(text, n)
    words(text).sort_by { |w, c| [-c, w] }.first(n)
  end
end
R
w test/test_tally.rb <<'R'
require "minitest/autorun"
require "tally"

class TestTally < Minitest::Test
  def test_words
    assert_equal({ "a" => 2, "b" => 1 }, Tally.words("A b a"))
  end

  def test_top
    assert_equal [["the", 3], ["cat", 1]], Tally.top("the cat the the", 2)
  end
end
R
w Rakefile <<'R'
require "rake/testtask"

Rake::TestTask.new(:test) do |t|
  t.libs << "lib" << "test"
  t.test_files = FileList["test/test_*.rb"]
end

task default: :test
R
record $E gr10-rb-minitest-pass PASS - "ruby -Ilib -Itest test/test_tally.rb: both tests pass" -- ruby -Ilib -Itest test/test_tally.rb
record $E gr10-rb-rake-default-pass PASS - "rake (default task test): the Rake::TestTask runs both tests, they pass" -- rake
sed -i "s|    text.downcase.scan(/\[a-z'\]+/).tally|    text.scan(/[a-z']+/).tally|" lib/tally.rb
record $E gr10-rb-minitest-fail TEST_FAILURE - "words no longer lower-cases: A is dropped by the [a-z] scan, test_words fails" -- rake test
sed -i "s|    text.scan(/\[a-z'\]+/).tally|    text.downcase.scan(/[a-z']+/).tally|" lib/tally.rb
w lib/report.rb <<'R'
require_relative "tally"
require_relative "formatters/table"

module Report
  def self.print(text)
    puts Formatters::Table.render(Tally.top(text, 5))
  end
end
R
record $E gr10-rb-require-relative-missing CODE_ERROR - "report.rb require_relative's formatters/table, a file of the project that is not there: LoadError" -- ruby -Ilib -e 'require "report"; Report.print("a b a")'
w lib/report.rb <<'R'
require "csv"
require "terminal-table"
require_relative "tally"

module Report
  def self.print(text)
    puts Terminal::Table.new(rows: Tally.top(text, 5))
  end
end
R
record $E gr10-rb-gem-missing ENV_ERROR - "report.rb requires terminal-table, a gem that is not installed: cannot load such file" -- ruby -Ilib -e 'require "report"; Report.print("a b a")'
w lib/report.rb <<'R'
require_relative "tally"

module Report
  def self.print(text)
    Tally.top(text, 5).each do |(word, count)|
      puts format("%-10s %d", word, count)
    end)
  end
end
R
record $E gr10-rb-syntax CODE_ERROR - "ruby -c lib/report.rb: a stray ) after the block's end" -- ruby -c lib/report.rb
rm lib/report.rb
}

########################################################################
# php: php -l and PHPUnit 9 (Debian) on a small class.
sec_php() {
E=php
TOOL="$(php --version | head -1 | cut -d' ' -f1-2), $(phpunit --version | head -1 | cut -d' ' -f1-2)"
project gr10-temperature
rm -rf ./* .[!.]* 2>/dev/null
w src/Temperature.php <<'P'
<?php
declare(strict_types=1);

namespace App;

final class Temperature
{
    public function __construct(private float $celsius)
    {
    }

    public static function fromFahrenheit(float $f): self
    {
        return new self(($f - 32) * 5 / 9);
    }

    public function celsius(): float
    {
        return $this->celsius;
    }

    public function label(): string
    {
        return match (true) {
            $this->celsius < 0 => 'freezing',
            $this->celsius < 20 => 'cool',
            default => 'warm',
        };
    }
}
P
w tests/TemperatureTest.php <<'P'
<?php
declare(strict_types=1);

use App\Temperature;
use PHPUnit\Framework\TestCase;

final class TemperatureTest extends TestCase
{
    public function testFromFahrenheit(): void
    {
        $this->assertEqualsWithDelta(100.0, Temperature::fromFahrenheit(212)->celsius(), 1e-9);
    }

    public function testLabels(): void
    {
        $this->assertSame('freezing', (new Temperature(-5))->label());
        $this->assertSame('warm', (new Temperature(25))->label());
    }
}
P
w phpunit.xml <<'X'
<?xml version="1.0" encoding="UTF-8"?>
<phpunit bootstrap="src/Temperature.php" colors="false">
  <testsuites>
    <testsuite name="unit">
      <directory>tests</directory>
    </testsuite>
  </testsuites>
</phpunit>
X
record $E gr10-php-lint-pass PASS - "php -l src/Temperature.php: no syntax errors" -- php -l src/Temperature.php
record $E gr10-phpunit-pass PASS - "phpunit with phpunit.xml: both tests pass" -- phpunit
record $E gr10-phpunit-filter-none TEST_FAILURE - "phpunit --filter testKelvin: no test has that name, no tests executed" -- phpunit --filter testKelvin
sed -i "s|            \$this->celsius < 20 => 'cool',|            \$this->celsius < 30 => 'cool',|" src/Temperature.php
record $E gr10-phpunit-fail TEST_FAILURE - "label's cool range was widened to 30: 25 degrees is now cool and testLabels fails" -- phpunit
sed -i "s|            \$this->celsius < 30 => 'cool',|            \$this->celsius < 20 => 'cool',|" src/Temperature.php
sed -i 's|    </testsuite>|    </testsuite>\n  </testsuites|' phpunit.xml
record $E gr10-phpunit-xml-malformed ENV_ERROR - "phpunit.xml is not well-formed XML (a closing tag left without its >): PHPUnit cannot load its configuration" -- phpunit
sed -i '/^  <\/testsuites$/d' phpunit.xml
sed -i "s|            default => 'warm',|            default => 'warm'|;s|        };|        ;|" src/Temperature.php
record $E gr10-php-lint-syntax CODE_ERROR - "php -l: label's match expression lost its closing brace: a parse error" -- php -l src/Temperature.php
}

for t in go gofmt python3 pytest-3 mypy pylint flake8 pyflakes3 isort node npm tsc cargo shellcheck bats gcc g++ make cmake ctest javac java jar ruby rake php phpunit timeout; do need "$t"; done
[ -f /usr/share/java/junit4.jar ] && [ -f /usr/share/java/hamcrest.jar ] || { echo "grow10: Debian's junit4 and libhamcrest-java are not installed (see the header)" >&2; exit 1; }
for s in ${ONLY:-go py node ts rust shell c java ruby php}; do
	"sec_$s"
done
