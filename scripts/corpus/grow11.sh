#!/usr/bin/env bash
# The eleventh growth of the corpus (issue 30, "Failure types"), recorded
# blind: the everyday failures and passing runs of small real-looking
# projects, in setups and layouts the corpus had not recorded yet — go
# (go test with build tags, -cover, -json and -count over map order, a
# mutex locked twice under -timeout, go vet struct tags and unused
# results, go run panicking, a gofmt CI step in bash -c, a go.mod go
# version that is not one, a replace to a sibling checkout that is not
# there, vendor/ with and without -mod=vendor, GOARCH=arm64 test binaries
# on amd64, -ldflags -X without its value), python (python3 -m pytest,
# pytest-3 and /usr/bin/python3 -m unittest on a src layout: doctests,
# parametrize, pytest.raises(match=), filterwarnings = error,
# importorskip, pytest-timeout's marker and the runner's deadline, a
# pytest.ini option misspelt with and without --strict-config, a conftest
# reading an environment variable CI does not set, the src layout without
# pythonpath; py_compile and compileall on a late __future__ import and a
# TabError; mypy -p with a mypy.ini, a misspelt option in it and a
# --config-file that is not there; pylint, pylint --errors-only, flake8
# --max-complexity and a --config that is not there, isort --profile
# black), node (an npm workspaces monorepo: npm test --workspaces and -w,
# a workspace not in the repository, a script file that is not there, a
# package never installed, --test-name-pattern matching nothing, a server
# left listening), TypeScript (tsc and npm run typecheck: possibly
# undefined, an exhaustive never check, a misspelt compiler option, npm
# --prefix of a directory the repository does not have), rust (cargo test
# --doc, should_panic's expected message, borrow and lifetime errors,
# clippy -D warnings, cargo fmt --check, a test iterating a channel that
# never closes under timeout(1), a workspace member not checked out, a
# build.rs needing a release pipeline's variable), shell (ShellCheck with
# -S error and -x, bats with helper libraries never checked out, a deploy
# script under set -euo pipefail and an ERR trap without its argument or
# its archive, a wait-for-port loop under timeout(1), bash -n), C with
# make (an assert-based test, an undefined reference, a missing struct
# member, -Werror on sign-compare and type-limits, a generated header no
# rule makes, recursive make into an empty submodule directory, make -f
# of a makefile that is not there), C++ with CMake and ctest (a failing
# test, a test killed by its TIMEOUT property, an overload error,
# add_subdirectory of an empty submodule, pkg_check_modules of a library
# not installed), java (javac and JUnit 4's JUnitCore in a CI step: a
# failure, @Test(timeout), no runnable methods, a public class in the
# wrong file, an unreported exception, --release 21 on JDK 17, java
# naming a class without its package), ruby (rake test, minitest
# failures and errors, a NameError at load, bundler/setup with a Gemfile
# gem not installed, a polling test under timeout(1)) and php (PHPUnit 9
# with a data provider, a risky test, -c of a file that is not there, the
# redis extension missing, an interface method not implemented). The
# test counts column is "-" for every case. The make-built C project is
# recorded under make/, the CMake C++ project under cpp/.
#
# One case in three, by a hash of its name fixed before any
# classification (lib.sh's split with HELDOUT), goes to the held-out part
# "grow11-heldout"; the rest to "tune": 92 tune, 38 grow11-heldout, 130
# cases. The held-out part is never tuned on. While this growth was
# recorded the classifier was not run on any of its cases to choose or
# label anything: TestCorpus was run only at the end (go test -count=1
# -run 'TestCorpus$' ./bot/failure/), for its exit code and for format
# errors, its output filtered to lines naming no case of this growth, no
# grow11 figure, no accuracy line and no table row; the count of require
# failures (format errors) in its whole output was taken: 0. What showed:
# only the package's "ok" line (it passed, and without -v it printed
# nothing else). `go test -count=1 ./bot/failure/` passed as well.
# The labels are what each scenario was built to do, written before any
# run; a tune case's output was then read to check that the run did what
# it was built to do (the scenario fixed and re-run, or the label or
# reason changed, as the disclosures say). A held-out case's output was
# not read (only its exit code was looked at): where a held-out run built
# to fail exited 0 its label was made PASS from the exit code alone, and
# where a held-out run built to pass exited non-zero it was taken out of
# the corpus unread.
#
# Disclosures. One held-out run built to pass exited non-zero and was
# taken out unread (its file, its row and its record line):
# gr11-py-mypy-pass (mypy -p weather of the package as first written).
# The tune case gr11-py-mypy-ini-option-typo-pass, built to pass, exited
# 1 too, and its output was read: mypy 1.0 reported union-attr on the
# lambda of warmest's max(readings, key=lambda r: r.celsius,
# default=None) (the default=None makes the key's argument Optional). The
# base code was fixed (warmest returns None for an empty list and calls
# max without a default), the python section re-recorded, and the pass
# case added anew as gr11-py-mypy-empty-guard-pass, which fell in the
# tune part (exit 0); the held-out gr11-py-mypy-call-arg and
# gr11-py-mypy-untyped-def, built to fail, exited 1 in both recordings
# and were kept as built, unread. One held-out run built to fail exited 0
# and was made PASS from its exit code alone, its output unread:
# gr11-rs-borrow-mut-twice (shift calls retain inside an iter_mut loop;
# the script shows it breaks right after, which may be why it compiles);
# a borrow error whose loop goes on was then added as
# gr11-rs-borrow-push-while-iter, which fell in the tune part, exited 101
# and was kept as built (CODE_ERROR, E0502). Tune reasons the second
# reading corrected: gr11-go-mod-vendor-flag-no-dir (go reports
# inconsistent vendoring, not a module it cannot find),
# gr11-sh-bash-n-case-unclosed (bash reports a syntax error near an
# unexpected token, the echo read as a case pattern, not an unexpected
# end of file), gr11-py-pylint-findings (missing docstrings in
# stations.py are reported too). No tune label was changed. Before any
# run, scenarios were corrected from reading this script only (no output):
# a doctest example that would have passed, unittest's -t . on a tests/
# directory that is not a package, a parametrize line over flake8's
# length, an ls loop ShellCheck rates at error level under -S error, a
# ring-buffer bug reading past the buffer (made a deterministic
# overwrite), PHP's strtolower leaving Ü alone, and two reasons. The
# sections were first recorded one by one (python and rust twice, after
# the fixes above), then the whole file once more: every case's exit code
# was the same as in the section runs. pylint keeps its score between
# runs (its cache), so gr11-py-pylint-findings' rating line names a
# previous run.
#
# Tools, all real (nothing here is hand-written output):
#   go1.26.8 (GOTOOLCHAIN=local, GOPROXY=off; no module is fetched).
#   Debian bookworm: apt-get update && apt-get install -y pylint mypy \
#     flake8 isort python3-pytest python3-pytest-timeout pyflakes3 \
#     node-typescript cmake bats ruby rake ruby-minitest php-cli phpunit \
#     junit4 libhamcrest-java shellcheck   (pyflakes3 is not used here)
#   (python3 3.11.2, pytest 7.2.1 with pytest-timeout 2.1.0 loaded,
#   mypy 1.0.1, pylint 2.16.2 / astroid 2.14.2, flake8 5.0.4 with
#   pyflakes 2.5.0, pycodestyle 2.10.0 and mccabe 0.7.0, isort 5.6.4,
#   tsc 4.8.4, cmake and ctest 3.25.1, Bats 1.8.2, ruby 3.1.2 with
#   minitest 5.17.0, rake 13.0.6 and its default bundler 2.3.7,
#   PHP 8.2.36, PHPUnit 9.6.7, JUnit 4.13.2 and Hamcrest 2.2,
#   ShellCheck 0.9.0); with GNU bash 5.2.15, GNU Make 4.3, gcc and g++
#   12.2.0, pkg-config 1.8.1, OpenJDK 17.0.15 (javac, java), all Debian's,
#   already installed; node v20.20.2 with npm 10.8.2 (NodeSource's); cargo
#   and rustc 1.95.0, clippy 0.1.95 and rustfmt 1.9.0 of rustup's stable
#   toolchain.
#
# Run with WORK=/tmp/autoverify-corpus-g11 (the paths the outputs show);
# ONLY="go py" records only those sections (go py node ts rust shell c
# java ruby php; c records make/ and cpp/).
export WORK=${WORK:-/tmp/autoverify-corpus-g11}
. "$(dirname "$0")/lib.sh"
export HELDOUT=grow11-heldout
export CASE_LIMIT=${CASE_LIMIT:-90}
export GOFLAGS=${GOFLAGS:--buildvcs=false} GOTOOLCHAIN=local GOPROXY=off

########################################################################
# go: a URL shortener module (go test, go vet, go build, go run, a gofmt
# CI step, build tags, vendor/, replace).
shortener_base() {
	rm -rf ./* .[!.]* 2>/dev/null
	printf 'module example.com/shortener\n\ngo 1.22\n' > go.mod
	w shorten/code.go <<'G'
// Package shorten turns numeric ids into short codes and back.
package shorten

import (
	"errors"
	"strings"
)

const alphabet = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"

// ErrBadCode is returned for a code with a character outside the alphabet.
var ErrBadCode = errors.New("bad code")

// Encode returns the base-62 code of id.
func Encode(id uint64) string {
	if id == 0 {
		return "0"
	}
	var b []byte
	for id > 0 {
		b = append(b, alphabet[id%62])
		id /= 62
	}
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return string(b)
}

// Decode returns the id of a code.
func Decode(code string) (uint64, error) {
	if code == "" {
		return 0, ErrBadCode
	}
	var id uint64
	for _, r := range code {
		i := strings.IndexRune(alphabet, r)
		if i < 0 {
			return 0, ErrBadCode
		}
		id = id*62 + uint64(i)
	}
	return id, nil
}
G
	w shorten/store.go <<'G'
package shorten

import (
	"fmt"
	"sync"
)

// Store keeps the long URL of each id.
type Store struct {
	mu   sync.Mutex
	next uint64
	urls map[uint64]string
}

// NewStore returns an empty store whose first id is 1.
func NewStore() *Store {
	return &Store{next: 1, urls: map[uint64]string{}}
}

// Add stores url and returns its code.
func (s *Store) Add(url string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	id := s.next
	s.next++
	s.urls[id] = url
	return Encode(id)
}

// Lookup returns the URL of code.
func (s *Store) Lookup(code string) (string, error) {
	id, err := Decode(code)
	if err != nil {
		return "", err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	u, ok := s.urls[id]
	if !ok {
		return "", fmt.Errorf("lookup %s: not found", code)
	}
	return u, nil
}

// Len returns how many URLs are stored.
func (s *Store) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.urls)
}
G
	w shorten/code_test.go <<'G'
package shorten

import (
	"errors"
	"testing"
)

func TestEncode(t *testing.T) {
	cases := map[uint64]string{0: "0", 61: "Z", 62: "10", 3843: "ZZ"}
	for id, want := range cases {
		if got := Encode(id); got != want {
			t.Errorf("Encode(%d) = %q, want %q", id, got, want)
		}
	}
}

func TestRoundTrip(t *testing.T) {
	for _, id := range []uint64{1, 99, 123456789} {
		id := id
		t.Run(Encode(id), func(t *testing.T) {
			t.Parallel()
			back, err := Decode(Encode(id))
			if err != nil || back != id {
				t.Fatalf("Decode(Encode(%d)) = %d, %v", id, back, err)
			}
		})
	}
}

func TestDecodeBad(t *testing.T) {
	if _, err := Decode("ab-c"); !errors.Is(err, ErrBadCode) {
		t.Fatalf("Decode(ab-c) = %v, want ErrBadCode", err)
	}
}
G
	w shorten/store_test.go <<'G'
package shorten

import "testing"

func TestStore(t *testing.T) {
	s := NewStore()
	code := s.Add("https://example.com/a/very/long/path")
	u, err := s.Lookup(code)
	if err != nil || u != "https://example.com/a/very/long/path" {
		t.Fatalf("Lookup(%s) = %q, %v", code, u, err)
	}
	if _, err := s.Lookup("zz"); err == nil {
		t.Fatal("Lookup(zz) found something in a store of one URL")
	}
}
G
	w cmd/shortener/main.go <<'G'
// Command shortener shortens the URLs given as arguments.
package main

import (
	"fmt"
	"os"

	"example.com/shortener/shorten"
)

func main() {
	s := shorten.NewStore()
	for _, u := range os.Args[1:] {
		fmt.Printf("%s %s\n", s.Add(u), u)
	}
}
G
}

sec_go() {
E=go
TOOL="$(go version | cut -d' ' -f3)"
project gr11-shortener
shortener_base
record $E gr11-go-test-pass PASS - "go test ./...: the code and store tests pass (parallel subtests included)" -- go test ./...
record $E gr11-go-test-cover-pass PASS - "go test -cover ./...: the tests pass, the coverage of shorten is printed" -- go test -cover ./...
record $E gr11-go-build-o-pass PASS - "go build -o bin/shortener ./cmd/shortener: the command builds" -- go build -o bin/shortener ./cmd/shortener
rm -rf bin
record $E gr11-go-gofmt-ci-pass PASS - "a CI step in bash -c: gofmt -l . lists no file" -- bash -c 'out=$(gofmt -l .); if [ -n "$out" ]; then echo "not gofmt-ed:"; echo "$out"; exit 1; fi; echo "gofmt ok"'
printf 'package shorten\n\n// Valid reports whether code decodes.\nfunc Valid(code string) bool {\n  _, err := Decode(code)\n    return err == nil\n}\n' > shorten/valid.go
record $E gr11-go-gofmt-ci-findings LINT_ERROR - "the same CI step: shorten/valid.go is indented with spaces, gofmt -l lists it and the step exits 1" -- bash -c 'out=$(gofmt -l .); if [ -n "$out" ]; then echo "not gofmt-ed:"; echo "$out"; exit 1; fi; echo "gofmt ok"'
rm shorten/valid.go

# A test behind //go:build integration that fails.
w shorten/capacity_integration_test.go <<'G'
//go:build integration

package shorten

import "testing"

func TestCapacity(t *testing.T) {
	s := NewStore()
	for i := 0; i < 5000; i++ {
		s.Add("https://example.com/")
	}
	if got := Encode(uint64(s.Len())); len(got) != 2 {
		t.Fatalf("5000 URLs: the last code %q should still be two characters", got)
	}
}
G
record $E gr11-go-tags-none-pass PASS - "go test ./... without -tags: the failing test behind //go:build integration is not built, the rest pass" -- go test ./...
record $E gr11-go-tags-integration-fail TEST_FAILURE - "go test -tags integration: TestCapacity wants two-character codes for 5000 ids; 5000 is three base-62 digits" -- go test -tags integration ./...
edit shorten/capacity_integration_test.go 's/i < 5000/i < 3000/;s/5000 URLs/3000 URLs/'
record $E gr11-go-tags-integration-pass PASS - "go test -tags integration -v ./shorten/: with 3000 URLs the codes stay two characters, TestCapacity passes" -- go test -tags integration -v ./shorten/
rm shorten/capacity_integration_test.go

# Flaky-looking: a test that expects a map's range order.
w shorten/list.go <<'G'
package shorten

// Codes returns the code of every stored id.
func (s *Store) Codes() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for id := range s.urls {
		out = append(out, Encode(id))
	}
	return out
}
G
w shorten/list_test.go <<'G'
package shorten

import (
	"reflect"
	"testing"
)

func TestCodesInOrder(t *testing.T) {
	s := NewStore()
	var want []string
	for i := 0; i < 12; i++ {
		want = append(want, s.Add("https://example.com/"))
	}
	if got := s.Codes(); !reflect.DeepEqual(got, want) {
		t.Errorf("Codes() = %v, want %v", got, want)
	}
}
G
record $E gr11-go-map-order-fail TEST_FAILURE - "Codes ranges over a map; TestCodesInOrder wants insertion order, which go's randomised map order does not keep (-count=3)" -- go test -count=3 ./shorten/
rm shorten/list.go shorten/list_test.go

# A subtest failure, reported as JSON.
edit shorten/code.go 's|		id = id\*62 + uint64(i)|		id = id*61 + uint64(i)|'
record $E gr11-go-test-json-fail TEST_FAILURE - "go test -json: Decode multiplies by 61: TestRoundTrip's subtests for 99 and 123456789 fail" -- go test -json ./shorten/
edit shorten/code.go 's|		id = id\*61 + uint64(i)|		id = id*62 + uint64(i)|'

# A deadlock a test runs into: Rename locks the mutex Lookup locks again.
w shorten/rename.go <<'G'
package shorten

// Rename points code at a new URL.
func (s *Store) Rename(code, url string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, err := s.Lookup(code); err != nil {
		return err
	}
	id, _ := Decode(code)
	s.urls[id] = url
	return nil
}
G
w shorten/rename_test.go <<'G'
package shorten

import "testing"

func TestRename(t *testing.T) {
	s := NewStore()
	c := s.Add("https://old.example.com/")
	if err := s.Rename(c, "https://new.example.com/"); err != nil {
		t.Fatal(err)
	}
}
G
record $E gr11-go-mutex-relock-timeout TIMEOUT - "go test -timeout 3s: Rename holds the store's mutex and calls Lookup, which locks it again; TestRename blocks until the test binary's timeout panics" -- go test -timeout 3s ./shorten/
rm shorten/rename.go shorten/rename_test.go

# go vet findings.
w shorten/export.go <<'G'
package shorten

import "fmt"

// Link is one stored URL as exported.
type Link struct {
	Code string `json:"code"`
	URL  string `json:"url" xml:url`
}

// Describe formats a link for the log.
func Describe(l Link) string {
	fmt.Sprintf("%s -> %s", l.Code, l.URL)
	return l.Code
}
G
record $E gr11-go-vet-structtag-unusedresult LINT_ERROR - "go vet: Link's URL field has a malformed struct tag (xml:url unquoted) and Describe drops fmt.Sprintf's result (unusedresult)" -- go vet ./...
rm shorten/export.go

# Code that does not compile.
w shorten/iface.go <<'G'
package shorten

// Resolver is what the HTTP layer needs.
type Resolver interface {
	Lookup(code string) (string, error)
	Delete(code string) error
}

var _ Resolver = (*Store)(nil)
G
record $E gr11-go-iface-missing-method CODE_ERROR - "var _ Resolver = (*Store)(nil): Store has no Delete method, so it does not implement Resolver" -- go build ./...
rm shorten/iface.go
edit shorten/code_test.go 's|		if got := Encode(id); got != want {|		if got := Encode(id, 62); got != want {|'
record $E gr11-go-test-call-args CODE_ERROR - "code_test.go calls Encode(id, 62), the old two-argument signature: too many arguments, the test package does not compile" -- go test ./shorten/
edit shorten/code_test.go 's|		if got := Encode(id, 62); got != want {|		if got := Encode(id); got != want {|'
w cmd/shortener/main.go <<'G'
// Command shortener shortens the URLs given as arguments.
package main

import (
	"fmt"
	"os"

	"example.com/shortener/shorten"
)

func main() {
	s := shorten.NewStore()
	var seen map[string]string
	for _, u := range os.Args[1:] {
		if c, ok := seen[u]; ok {
			fmt.Printf("%s %s (again)\n", c, u)
			continue
		}
		c := s.Add(u)
		seen[u] = c
		fmt.Printf("%s %s\n", c, u)
	}
}
G
record $E gr11-go-run-nil-map CODE_ERROR - "go run ./cmd/shortener: main writes to seen, a map never made: panic, assignment to entry in nil map" -- go run ./cmd/shortener https://example.com/a https://example.com/b
shortener_base

# Module setup.
printf 'module example.com/shortener\n\ngo 1.22.x\n' > go.mod
record $E gr11-go-mod-go-version-invalid ENV_ERROR - "go.mod says go 1.22.x, not a Go version: go cannot load the module" -- go build ./...
printf 'module example.com/shortener\n\ngo 1.22\n\nrequire example.com/base62 v0.0.0\n\nreplace example.com/base62 => ../base62\n' > go.mod
w shorten/alt.go <<'G'
package shorten

import "example.com/base62"

// EncodeAlt encodes with the shared base62 module.
func EncodeAlt(id uint64) string { return base62.Encode(id) }
G
record $E gr11-go-replace-dir-missing ENV_ERROR - "go.mod replaces example.com/base62 by ../base62, a sibling checkout that is not there; shorten imports it" -- go test ./...
# The sibling module checked out, then vendored.
mkdir -p ../base62
printf 'module example.com/base62\n\ngo 1.22\n' > ../base62/go.mod
printf 'package base62\n\n// Encode is shorten.Encode kept for other services.\nfunc Encode(id uint64) string {\n\tconst a = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"\n\tif id == 0 {\n\t\treturn "0"\n\t}\n\ts := ""\n\tfor ; id > 0; id /= 62 {\n\t\ts = string(a[id%%62]) + s\n\t}\n\treturn s\n}\n' > ../base62/base62.go
go mod vendor
record $E gr11-go-vendor-pass PASS - "go build ./... with vendor/ made by go mod vendor (go 1.22: -mod=vendor by default): builds" -- go build ./...
mv vendor vendor.off
record $E gr11-go-mod-vendor-flag-no-dir ENV_ERROR - "go build -mod=vendor with no vendor/ directory (not checked in): go reports inconsistent vendoring, the required and replaced base62 not in vendor/modules.txt" -- go build -mod=vendor ./...
rm -rf vendor.off ../base62
shortener_base
record $E gr11-go-goarch-exec-format ENV_ERROR - "GOARCH=arm64 go test on an amd64 machine: the arm64 test binary cannot be executed here (no emulator)" -- env GOARCH=arm64 go test ./shorten/
record $E gr11-go-ldflags-x-unquoted-space ENV_ERROR - "go build -ldflags with -X given no importpath.name=value (the value was split off by the CI line's quoting)" -- go build -ldflags "-X main.version" ./cmd/shortener
}

########################################################################
# python: a src-layout weather package (python3 -m pytest, pytest-3,
# /usr/bin/python3 -m unittest, mypy, pylint, flake8, isort, py_compile,
# compileall).
weather_base() {
	rm -rf ./* .[!.]* 2>/dev/null
	w pyproject.toml <<'T'
[project]
name = "weather"
version = "1.2.0"
requires-python = ">=3.9"

[tool.pytest.ini_options]
pythonpath = ["src"]
testpaths = ["tests"]
T
	w src/weather/__init__.py <<'P'
"""Weather station readings."""
P
	w src/weather/units.py <<'P'
"""Unit conversions."""


def c_to_f(celsius: float) -> float:
    """Celsius to Fahrenheit.

    >>> c_to_f(100)
    212.0
    """
    return celsius * 9 / 5 + 32


def kmh_to_knots(kmh: float) -> float:
    """Kilometres per hour to knots, to one decimal.

    >>> kmh_to_knots(37.04)
    20.0
    """
    return round(kmh / 1.852, 1)
P
	w src/weather/stations.py <<'P'
"""Station readings in the "ID;temp;wind" line format."""
from dataclasses import dataclass
from typing import Optional

from weather.units import c_to_f


@dataclass
class Reading:
    station: str
    celsius: float
    wind_kmh: float

    @property
    def fahrenheit(self) -> float:
        return c_to_f(self.celsius)


def parse(line: str) -> Reading:
    station, temp, wind = line.strip().split(";")
    if not station:
        raise ValueError("reading without a station id")
    return Reading(station, float(temp), float(wind))


def warmest(readings: list[Reading]) -> Optional[Reading]:
    if not readings:
        return None
    return max(readings, key=lambda r: r.celsius)
P
	w tests/test_units.py <<'P'
import pytest

from weather.units import c_to_f, kmh_to_knots


@pytest.mark.parametrize(
    "c, f", [(0, 32.0), (100, 212.0), (-40, -40.0), (37, 98.6)]
)
def test_c_to_f(c, f):
    assert c_to_f(c) == pytest.approx(f)


def test_knots():
    assert kmh_to_knots(18.52) == 10.0
P
	w tests/test_stations.py <<'P'
import pytest

from weather.stations import parse, warmest


def test_parse():
    r = parse("OSL;-3.5;12\n")
    assert (r.station, r.celsius, r.wind_kmh) == ("OSL", -3.5, 12.0)


def test_parse_no_station():
    with pytest.raises(ValueError, match="without a station"):
        parse(";1;2")


def test_warmest():
    rs = [parse("A;1;0"), parse("B;7.5;0"), parse("C;3;0")]
    assert warmest(rs).station == "B"
    assert warmest([]) is None
P
}

sec_py() {
E=python
TOOL="pytest $(pytest-3 --version 2>&1 | cut -d' ' -f2) (pytest-timeout 2.1.0), $(python3 --version)"
project gr11-weather
weather_base
record $E gr11-py-pytest-m-pass PASS - "python3 -m pytest -q: pyproject's pythonpath and testpaths, eight tests pass" -- python3 -m pytest -q
record $E gr11-py-pytest-doctest-modules-pass PASS - "pytest-3 --doctest-modules src tests: the two docstring examples and the tests pass" -- pytest-3 --doctest-modules src tests
edit src/weather/units.py '0,/^    212.0$/s//    212/'
record $E gr11-py-pytest-doctest-fail TEST_FAILURE - "--doctest-modules: c_to_f's docstring example expects 212; the function returns 212.0" -- pytest-3 --doctest-modules src
edit src/weather/units.py 's/^    212$/    212.0/'
edit src/weather/units.py 's|    return celsius \* 9 / 5 + 32|    return celsius * 9 // 5 + 32|'
record $E gr11-py-pytest-parametrize-fail TEST_FAILURE - "c_to_f floor-divides (9 // 5): the parametrized cases for 37 and 100 fail, 0 passes" -- pytest-3 -q tests/test_units.py
edit src/weather/units.py 's|    return celsius \* 9 // 5 + 32|    return celsius * 9 / 5 + 32|'
edit src/weather/stations.py 's|        raise ValueError("reading without a station id")|        raise ValueError("missing station id")|'
record $E gr11-py-pytest-raises-match-fail TEST_FAILURE - "parse's error message was reworded: pytest.raises(match='without a station') fails on the regex" -- python3 -m pytest -q
edit src/weather/stations.py 's|        raise ValueError("missing station id")|        raise ValueError("reading without a station id")|'
# Warnings made errors by the project's pytest configuration.
cp pyproject.toml pyproject.toml.orig
printf 'filterwarnings = ["error"]\n' >> pyproject.toml
w src/weather/legacy.py <<'P'
"""The old fixed-width reading format."""
import warnings

from weather.stations import Reading


def parse_fixed(line: str) -> Reading:
    warnings.warn("parse_fixed is deprecated; use stations.parse", DeprecationWarning, stacklevel=2)
    return Reading(line[:3], float(line[3:9]), float(line[9:]))
P
w tests/test_legacy.py <<'P'
from weather.legacy import parse_fixed


def test_parse_fixed():
    assert parse_fixed("OSL  -3.5  12").celsius == -3.5
P
record $E gr11-py-pytest-filterwarnings-error TEST_FAILURE - "pyproject sets filterwarnings = error: parse_fixed's DeprecationWarning becomes an exception and test_parse_fixed fails" -- pytest-3 -q
mv pyproject.toml.orig pyproject.toml
rm src/weather/legacy.py tests/test_legacy.py
w tests/test_pint.py <<'P'
import pytest

pint = pytest.importorskip("pint")


def test_knots_with_pint():
    ureg = pint.UnitRegistry()
    assert (18.52 * ureg("km/h")).to("knot").magnitude == pytest.approx(10.0)
P
record $E gr11-py-pytest-importorskip-pass PASS - "tests/test_pint.py importorskips pint, which is not installed: that module is skipped, the other tests pass" -- pytest-3 -q -rs
rm tests/test_pint.py
# A test bounded by pytest-timeout's marker.
w tests/test_feed.py <<'P'
import socket

import pytest


@pytest.mark.timeout(2)
def test_live_feed():
    srv = socket.create_server(("127.0.0.1", 0))
    conn, _ = srv.accept()  # the station never connects
    conn.close()
P
record $E gr11-py-pytest-timeout-marker TIMEOUT - "@pytest.mark.timeout(2): test_live_feed waits in accept() for a station that never connects; pytest-timeout fails it after 2 s" -- pytest-3 -q
rm tests/test_feed.py
w tests/test_archive.py <<'P'
import threading


def test_archive_upload_finishes():
    done = threading.Event()
    threading.Thread(target=lambda: None, daemon=True).start()
    assert done.wait()  # nothing ever sets it
P
CASE_LIMIT=5 record $E gr11-py-pytest-event-hang-deadline TIMEOUT - "pytest-3 -p no:timeout: a test waits on a threading.Event nothing sets; the runner's 5 s deadline kills it" -- pytest-3 -p no:timeout -q
rm tests/test_archive.py
# Configuration.
w pytest.ini <<'I'
[pytest]
python_file = test_*.py check_*.py
pythonpath = src
testpaths = tests
I
record $E gr11-py-pytest-ini-option-typo-pass PASS - "pytest.ini says python_file (for python_files): pytest 7.2 warns of an unknown config option and runs the default test_*.py files, which pass" -- pytest-3 -q
record $E gr11-py-pytest-strict-config-typo ENV_ERROR - "the same pytest.ini with --strict-config: the unknown python_file option is an error" -- pytest-3 -q --strict-config
rm pytest.ini
w tests/conftest.py <<'P'
import os

import pytest

API_KEY = os.environ["WEATHER_API_KEY"]


@pytest.fixture
def api_key():
    return API_KEY
P
record $E gr11-py-conftest-env-missing ENV_ERROR - "tests/conftest.py reads os.environ['WEATHER_API_KEY'] at import; the CI job does not set it: KeyError loading the conftest" -- pytest-3 -q
rm tests/conftest.py
cp pyproject.toml pyproject.toml.orig
printf '[project]\nname = "weather"\nversion = "1.2.0"\n\n[tool.pytest.ini_options]\ntestpaths = ["tests"]\n' > pyproject.toml
record $E gr11-py-src-layout-not-installed ENV_ERROR - "pyproject without pythonpath and the package not installed: in the src layout, import weather fails in both test modules" -- pytest-3 -q
mv pyproject.toml.orig pyproject.toml

# Code that does not load.
w src/weather/report.py <<'P'
"""Daily report lines."""
import json
from __future__ import annotations

from weather.stations import Reading


def line(r: Reading) -> str:
    return json.dumps({"station": r.station, "f": r.fahrenheit})
P
record $E gr11-py-future-import-late CODE_ERROR - "python3 -m py_compile: report.py has from __future__ import annotations after import json: SyntaxError" -- python3 -m py_compile src/weather/report.py
printf '"""Daily report lines."""\nfrom weather.stations import Reading\n\n\ndef line(r: Reading) -> str:\n    if r.celsius < 0:\n\treturn f"{r.station}: frost"\n    return f"{r.station}: {r.celsius}"\n' > src/weather/report.py
record $E gr11-py-compileall-taberror CODE_ERROR - "python3 -m compileall -q src: report.py indents one line with a tab among space-indented ones: TabError" -- python3 -m compileall -q src
rm src/weather/report.py
TOOL="$(python3 --version) (unittest)"
w tests/test_units_unittest.py <<'P'
import unittest

from weather.units import c_to_f, kmh_to_knots


class UnitsTest(unittest.TestCase):
    def test_freezing(self):
        self.assertEqual(c_to_f(0), 32.0)

    def test_knots(self):
        self.assertAlmostEqual(kmh_to_knots(18.52), 10.0)
P
record $E gr11-py-unittest-pass PASS - "/usr/bin/python3 -m unittest discover -s tests: the TestCase passes" -- env PYTHONPATH=src /usr/bin/python3 -m unittest discover -s tests
edit tests/test_units_unittest.py 's/from weather.units import c_to_f, kmh_to_knots/from weather.units import c_to_f, kmh_to_knots, mph_to_kmh/'
record $E gr11-py-unittest-import-name CODE_ERROR - "the unittest module imports mph_to_kmh, which weather.units does not define: unittest cannot import the test module (ImportError)" -- env PYTHONPATH=src /usr/bin/python3 -m unittest discover -s tests
rm tests/test_units_unittest.py

TOOL="mypy $(mypy --version | cut -d' ' -f2), $(python3 --version)"
w mypy.ini <<'I'
[mypy]
mypy_path = src
disallow_untyped_defs = True
I
record $E gr11-py-mypy-empty-guard-pass PASS - "mypy -p weather with mypy.ini (disallow_untyped_defs), warmest guarding the empty list before max(): no issues" -- mypy -p weather
printf '\n\ndef hottest_station(readings: list[Reading]) -> str:\n    return warmest(readings).station\n' >> src/weather/stations.py
record $E gr11-py-mypy-optional-attr TYPE_ERROR - "hottest_station reads .station of warmest(), an Optional[Reading]: mypy reports union-attr on None" -- mypy -p weather
edit src/weather/stations.py 's/    return warmest(readings).station/    return warmest(readings, "celsius").station/'
record $E gr11-py-mypy-call-arg TYPE_ERROR - "python3 -m mypy: hottest_station calls warmest with two arguments; it takes one (and the Optional remains)" -- python3 -m mypy -p weather
head -n -4 src/weather/stations.py > s.tmp && mv s.tmp src/weather/stations.py
w src/weather/alerts.py <<'P'
"""Wind alerts."""


def level(wind_kmh, gusts=None):
    if gusts and gusts > 90:
        return "red"
    return "amber" if wind_kmh > 60 else "none"
P
record $E gr11-py-mypy-untyped-def TYPE_ERROR - "mypy.ini's disallow_untyped_defs: alerts.level has no annotations" -- mypy -p weather
rm src/weather/alerts.py
printf '[mypy]\nmypy_path = src\ndisallow_untyped_def = True\n' > mypy.ini
record $E gr11-py-mypy-ini-option-typo-pass PASS - "mypy.ini says disallow_untyped_def (for _defs): mypy warns of the unrecognized option and checks the package, no issues" -- mypy -p weather
record $E gr11-py-mypy-config-file-missing ENV_ERROR - "mypy --config-file ci/mypy.ini: the CI config file is not in the repository" -- mypy --config-file ci/mypy.ini -p weather
rm mypy.ini

TOOL="pylint $(pylint --version | head -1 | cut -d' ' -f2), $(python3 --version)"
w src/weather/fetch.py <<'P'
"""Fetch readings from a station file."""
import os


def fetch(path, retries=3):
    """Read the readings file, or return nothing."""
    try:
        f = open(path)
        data = f.read()
        f.close()
        return data.splitlines()
    except Exception:
        return []
P
record $E gr11-py-pylint-findings LINT_ERROR - "python3 -m pylint src/weather: fetch.py catches Exception (broad-exception-caught), an unused import and argument, open without with or encoding; missing docstrings in stations.py" -- python3 -m pylint src/weather
record $E gr11-py-pylint-errors-only-pass PASS - "pylint --errors-only on the same code: the findings are warnings and conventions, no error, exit 0" -- pylint --errors-only src/weather
TOOL="flake8 $(flake8 --version | head -1 | cut -d' ' -f1), $(python3 --version)"
w src/weather/fetch.py <<'P'
"""Fetch readings from a station file."""


def classify(r):
    """A label for one reading."""
    if r.celsius < -20:
        if r.wind_kmh > 40:
            return "arctic storm"
        return "arctic"
    elif r.celsius < 0:
        if r.wind_kmh > 60:
            return "winter storm"
        elif r.wind_kmh > 20:
            return "windy frost"
        return "frost"
    elif r.celsius > 30 and r.wind_kmh < 5:
        return "heat"
    return "mild"
P
record $E gr11-py-flake8-pass PASS - "flake8 src tests: nothing reported" -- flake8 src tests
record $E gr11-py-flake8-complexity LINT_ERROR - "flake8 --max-complexity 5: classify is too complex (C901)" -- flake8 --max-complexity 5 src
record $E gr11-py-flake8-config-missing ENV_ERROR - "flake8 --config ci/flake8.cfg: the file named is not there" -- flake8 --config ci/flake8.cfg src
rm src/weather/fetch.py
TOOL="isort 5.6.4, $(python3 --version)"
record $E gr11-py-isort-profile-black-pass PASS - "isort --check-only --profile black src tests: imports sorted" -- isort --check-only --profile black src tests
edit tests/test_stations.py 's/^import pytest$/import pytest\nimport os/'
record $E gr11-py-isort-check-findings LINT_ERROR - "isort --check-only --diff: tests/test_stations.py imports os after pytest" -- isort --check-only --diff --profile black src tests
}

########################################################################
# node: an npm workspaces monorepo (invoicing), node --test through npm.
invoice_base() {
	rm -rf ./* .[!.]* 2>/dev/null
	w package.json <<'J'
{
  "name": "invoicing",
  "private": true,
  "workspaces": ["packages/*"],
  "scripts": {
    "test": "npm test --workspaces"
  }
}
J
	w packages/money/package.json <<'J'
{
  "name": "@invoicing/money",
  "version": "0.4.1",
  "main": "lib/money.js",
  "scripts": {
    "test": "node --test test/"
  }
}
J
	w packages/money/lib/money.js <<'J'
'use strict';

// Amounts are integer cents.
function parse(text) {
  const m = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) throw new TypeError(`not an amount: ${text}`);
  const cents = Number(m[2]) * 100 + Number((m[3] || '0').padEnd(2, '0'));
  return m[1] ? -cents : cents;
}

function format(cents, currency = 'EUR') {
  const sign = cents < 0 ? '-' : '';
  const a = Math.abs(cents);
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')} ${currency}`;
}

function split(cents, parts) {
  const base = Math.floor(cents / parts);
  const out = Array(parts).fill(base);
  for (let i = 0; i < cents - base * parts; i++) out[i] += 1;
  return out;
}

async function convert(cents, rateLookup, to) {
  const rate = await rateLookup(to);
  if (!(rate > 0)) throw new RangeError(`no rate for ${to}`);
  return Math.round(cents * rate);
}

module.exports = { parse, format, split, convert };
J
	w packages/money/test/money.test.js <<'J'
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { parse, format, split, convert } = require('../lib/money');

test('parse reads cents', () => {
  assert.equal(parse('12.5'), 1250);
  assert.equal(parse('-0.07'), -7);
});

test('format pads cents', () => {
  assert.match(format(1205), /^12\.05 EUR$/);
});

test('split keeps every cent', () => {
  assert.deepEqual(split(1000, 3), [334, 333, 333]);
});

test('convert refuses a missing rate', async () => {
  await assert.rejects(convert(100, async () => undefined, 'XTS'), RangeError);
});
J
	w packages/pdf/package.json <<'J'
{
  "name": "@invoicing/pdf",
  "version": "0.2.0",
  "scripts": {
    "test": "node --test test/",
    "build": "node scripts/build.mjs"
  }
}
J
	w packages/pdf/lib/layout.js <<'J'
'use strict';

function columns(width, n, gap = 10) {
  const w = (width - gap * (n - 1)) / n;
  return Array.from({ length: n }, (_, i) => ({ x: i * (w + gap), width: w }));
}

module.exports = { columns };
J
	w packages/pdf/test/layout.test.js <<'J'
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { columns } = require('../lib/layout');

test('three columns fill the page', () => {
  const cs = columns(320, 3);
  assert.equal(cs.length, 3);
  assert.equal(cs[2].x + cs[2].width, 320);
});
J
	w packages/pdf/scripts/build.js <<'J'
'use strict';
console.log('built pdf templates');
J
}

sec_node() {
E=node
TOOL="node $(node --version), npm $(npm --version)"
project gr11-invoicing
invoice_base
record $E gr11-node-npm-ws-test-pass PASS - "npm test at the root (npm test --workspaces): money's four and pdf's one test pass" -- npm test
record $E gr11-node-npm-w-money-pass PASS - "npm test -w packages/money: the money workspace's four tests pass" -- npm test -w packages/money
record $E gr11-node-test-spec-reporter-pass PASS - "node --test --test-reporter=spec packages/pdf/test/: the layout test passes" -- node --test --test-reporter=spec packages/pdf/test/
record $E gr11-node-npm-w-missing ENV_ERROR - "npm test -w packages/tax: the workspace is named in the CI matrix but not in the repository" -- npm test -w packages/tax
record $E gr11-node-npm-build-script-file-missing ENV_ERROR - "npm run build -w packages/pdf: the script runs scripts/build.mjs; the file is build.js (MODULE_NOT_FOUND)" -- npm run build -w packages/pdf
record $E gr11-node-test-name-pattern-none TEST_FAILURE - "node --test --test-name-pattern=refund: no money test is named so, none runs" -- node --test --test-name-pattern=refund packages/money/test/
edit packages/money/lib/money.js 's|  for (let i = 0; i < cents - base \* parts; i++) out\[i\] += 1;|  for (let i = 1; i <= cents - base * parts; i++) out[i] += 1;|'
record $E gr11-node-split-fail TEST_FAILURE - "npm test: split gives the spare cent to the second part: deepEqual wants [334, 333, 333]" -- npm test
edit packages/money/lib/money.js 's|  for (let i = 1; i <= cents - base \* parts; i++) out\[i\] += 1;|  for (let i = 0; i < cents - base * parts; i++) out[i] += 1;|'
edit packages/money/lib/money.js 's|  if (!(rate > 0)) throw new RangeError(`no rate for ${to}`);|  if (rate === null) throw new RangeError(`no rate for ${to}`);|'
record $E gr11-node-rejects-fail TEST_FAILURE - "convert checks only for a null rate: an undefined rate gives NaN and resolves, assert.rejects fails" -- npm test -w packages/money
edit packages/money/lib/money.js 's|  if (rate === null) throw new RangeError(`no rate for ${to}`);|  if (!(rate > 0)) throw new RangeError(`no rate for ${to}`);|'
w packages/pdf/lib/render.js <<'J'
'use strict';
const PDFDocument = require('pdfkit');
const { columns } = require('./layout');

function render(lines) {
  const doc = new PDFDocument();
  const cs = columns(500, 2);
  lines.forEach((l, i) => doc.text(l, cs[i % 2].x, 50 + 14 * Math.floor(i / 2)));
  return doc;
}

module.exports = { render };
J
w packages/pdf/test/render.test.js <<'J'
'use strict';
const test = require('node:test');
const assert = require('node:assert/strict');
const { render } = require('../lib/render');

test('render returns a document', () => {
  assert.ok(render(['a', 'b']));
});
J
record $E gr11-node-require-package-missing ENV_ERROR - "npm test -w packages/pdf: render.js requires pdfkit, never installed (no npm install ran): Cannot find module 'pdfkit'" -- npm test -w packages/pdf
rm packages/pdf/lib/render.js packages/pdf/test/render.test.js
w packages/money/bin/total.js <<'J'
#!/usr/bin/env node
'use strict';
const { parse, format } = require('../lib/mony');

const total = process.argv.slice(2).map(parse).reduce((a, b) => a + b, 0);
console.log(format(total));
J
record $E gr11-node-require-relative-typo CODE_ERROR - "node packages/money/bin/total.js: it requires ../lib/mony, a misspelt path of the package's own module" -- node packages/money/bin/total.js 1.50 2.25
edit packages/money/bin/total.js "s|require('../lib/mony')|require('../lib/money')|"
edit packages/money/bin/total.js 's|^const total = process.argv.slice(2).map(parse).reduce((a, b) => a + b, 0);$|const total = process.argv.slice(2).map(parse).reduce((a, b) => a + b, 0;|'
record $E gr11-node-check-syntax CODE_ERROR - "node --check packages/money/bin/total.js: reduce's call lost its closing parenthesis" -- node --check packages/money/bin/total.js
rm -r packages/money/bin
w packages/pdf/test/preview.test.js <<'J'
'use strict';
const test = require('node:test');
const http = require('node:http');

test('preview server starts', () => {
  const srv = http.createServer((req, res) => res.end('ok'));
  srv.listen(0); // never closed: the test file's process never exits
});
J
CASE_LIMIT=8 record $E gr11-node-test-server-open TIMEOUT - "npm test -w packages/pdf: a test leaves an HTTP server listening, node --test waits for the file's process, the runner's 8 s deadline kills it" -- npm test -w packages/pdf
rm packages/pdf/test/preview.test.js
}

########################################################################
# typescript: Debian's tsc on a small geometry package.
tsgeo_base() {
	rm -rf ./* .[!.]* 2>/dev/null
	w package.json <<'J'
{
  "name": "tsgeo",
  "version": "0.1.0",
  "private": true,
  "scripts": {
    "typecheck": "tsc --noEmit -p ."
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
    "lib": ["es2020"]
  },
  "include": ["src"]
}
J
	w src/point.ts <<'T'
export interface Point {
  x: number;
  y: number;
}

export function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

export function centroid(ps: readonly Point[]): Point | undefined {
  if (ps.length === 0) return undefined;
  const sx = ps.reduce((s, p) => s + p.x, 0);
  const sy = ps.reduce((s, p) => s + p.y, 0);
  return { x: sx / ps.length, y: sy / ps.length };
}
T
	w src/shape.ts <<'T'
import { Point, distance } from "./point";

export type Shape =
  | { kind: "circle"; center: Point; r: number }
  | { kind: "polygon"; points: Point[] };

export function perimeter(s: Shape): number {
  switch (s.kind) {
    case "circle":
      return 2 * Math.PI * s.r;
    case "polygon":
      return s.points.reduce(
        (sum, p, i) => sum + distance(p, s.points[(i + 1) % s.points.length]),
        0,
      );
    default: {
      const never: never = s;
      return never;
    }
  }
}
T
}

sec_ts() {
E=typescript
TOOL="tsc $(tsc --version | cut -d' ' -f2), node $(node --version), npm $(npm --version)"
project gr11-tsgeo
tsgeo_base
record $E gr11-ts-tsc-pass PASS - "tsc -p . (strict): the points and shapes compile; dist/ is written" -- tsc -p .
rm -rf dist
record $E gr11-ts-npm-typecheck-pass PASS - "npm run typecheck (tsc --noEmit -p .): no error" -- npm run typecheck
w src/label.ts <<'T'
import { Point, centroid } from "./point";

export function labelAt(ps: Point[]): string {
  const c = centroid(ps);
  return `(${c.x.toFixed(1)}, ${c.y.toFixed(1)})`;
}
T
record $E gr11-ts-possibly-undefined TYPE_ERROR - "labelAt reads c.x and c.y of centroid(), which may be undefined under strict" -- tsc --noEmit -p .
rm src/label.ts
edit src/shape.ts 's/  | { kind: "polygon"; points: Point\[\] };/  | { kind: "polygon"; points: Point[] }\n  | { kind: "square"; corner: Point; side: number };/'
record $E gr11-ts-exhaustive-never TYPE_ERROR - "a square kind added to Shape and not to perimeter's switch: the default's never check fails (TS2322)" -- npm run typecheck
edit src/shape.ts '/  | { kind: "square"; corner: Point; side: number };/d'
edit src/shape.ts 's/  | { kind: "polygon"; points: Point\[\] }$/  | { kind: "polygon"; points: Point[] };/'
edit src/point.ts 's/^export function distance(a: Point, b: Point): number {$/export function distance(a: Point, b: Point): number {\n  const dx = (a.x - b.x;/'
record $E gr11-ts-syntax-paren CODE_ERROR - "point.ts: a parenthesis opened in distance is never closed (TS1005)" -- tsc --noEmit -p .
edit src/point.ts '/^  const dx = (a.x - b.x;$/d'
edit tsconfig.json 's/    "strict": true,/    "strict": true,\n    "noImplicitReturn": true,/'
record $E gr11-ts-tsconfig-option-typo ENV_ERROR - "tsconfig.json sets noImplicitReturn (for noImplicitReturns): tsc refuses an unknown compiler option (TS5025, did you mean)" -- tsc --noEmit -p .
edit tsconfig.json '/    "noImplicitReturn": true,/d'
record $E gr11-ts-npm-run-wrong-dir ENV_ERROR - "npm run typecheck --prefix packages/geo: the CI step points at a package directory this repository does not have" -- npm run typecheck --prefix packages/geo
}

########################################################################
# rust: a small interval-set crate, offline with no dependencies.
ranges_base() {
	rm -rf ./* .[!.]* 2>/dev/null
	w Cargo.toml <<'T'
[package]
name = "ranges"
version = "0.3.0"
edition = "2021"

[dependencies]
T
	w src/lib.rs <<'R'
//! Sets of half-open integer ranges.

/// A set of disjoint, sorted half-open ranges.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct RangeSet {
    ranges: Vec<(i64, i64)>,
}

impl RangeSet {
    /// An empty set.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds [start, end), merging with the ranges it touches.
    ///
    /// ```
    /// let mut s = ranges::RangeSet::new();
    /// s.insert(1, 3);
    /// s.insert(3, 5);
    /// assert_eq!(s.len(), 4);
    /// assert_eq!(s.pieces(), 1);
    /// ```
    pub fn insert(&mut self, start: i64, end: i64) {
        if start >= end {
            return;
        }
        let (mut s, mut e) = (start, end);
        let mut kept = Vec::with_capacity(self.ranges.len() + 1);
        for &(a, b) in &self.ranges {
            if b < s || a > e {
                kept.push((a, b));
            } else {
                s = s.min(a);
                e = e.max(b);
            }
        }
        kept.push((s, e));
        kept.sort_unstable();
        self.ranges = kept;
    }

    /// Whether x is in the set.
    pub fn contains(&self, x: i64) -> bool {
        self.ranges.iter().any(|&(a, b)| a <= x && x < b)
    }

    /// How many integers the set holds.
    pub fn len(&self) -> i64 {
        self.ranges.iter().map(|&(a, b)| b - a).sum()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }

    /// The number of disjoint ranges.
    pub fn pieces(&self) -> usize {
        self.ranges.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merges_overlaps() {
        let mut s = RangeSet::new();
        s.insert(1, 4);
        s.insert(2, 6);
        s.insert(10, 12);
        assert_eq!(s.pieces(), 2);
        assert_eq!(s.len(), 7);
    }

    #[test]
    fn contains_is_half_open() {
        let mut s = RangeSet::new();
        s.insert(0, 2);
        assert!(s.contains(1));
        assert!(!s.contains(2));
    }

    #[test]
    #[should_panic(expected = "empty range")]
    fn empty_insert_is_ignored_quietly() {
        let mut s = RangeSet::new();
        s.insert(5, 5);
        assert!(s.is_empty(), "empty range");
        panic!("empty range");
    }
}
R
}

sec_rust() {
E=rust
TOOL="$(cargo --version | cut -d' ' -f1-2), $(rustc --version | cut -d' ' -f1-2)"
project gr11-ranges
ranges_base
record $E gr11-rs-test-pass PASS - "cargo test --offline: three unit tests and the doc test pass" -- cargo test --offline
TOOL="$(cargo clippy --version | cut -d' ' -f1-2), $(cargo --version | cut -d' ' -f1-2)"
record $E gr11-rs-clippy-pass PASS - "cargo clippy --offline --all-targets -- -D warnings: nothing reported" -- cargo clippy --offline --all-targets -- -D warnings
TOOL="$(cargo --version | cut -d' ' -f1-2), $(rustc --version | cut -d' ' -f1-2)"
edit src/lib.rs 's/            if b < s || a > e {/            if b <= s || a >= e {/'
record $E gr11-rs-doctest-fail TEST_FAILURE - "cargo test --doc: insert no longer merges touching ranges: the doc example's [1,3) and [3,5) stay two pieces, its assert_eq!(s.pieces(), 1) fails (the unit tests are not run)" -- cargo test --offline --doc
edit src/lib.rs 's/            if b <= s || a >= e {/            if b < s || a > e {/'
edit src/lib.rs 's/        assert_eq!(s.len(), 7);/        assert_eq!(s.len(), 8);/'
record $E gr11-rs-test-fail TEST_FAILURE - "merges_overlaps wants len 8; [1,6) and [10,12) hold 7" -- cargo test --offline --lib
edit src/lib.rs 's/        assert_eq!(s.len(), 8);/        assert_eq!(s.len(), 7);/'
edit src/lib.rs 's/    #\[should_panic(expected = "empty range")\]/    #[should_panic(expected = "empty range ignored")]/'
record $E gr11-rs-should-panic-message TEST_FAILURE - "a #[should_panic(expected = ...)] test panics with a different message: panic did not contain the expected string" -- cargo test --offline --lib
edit src/lib.rs 's/    #\[should_panic(expected = "empty range ignored")\]/    #[should_panic(expected = "empty range")]/'
# Code that does not compile.
w src/iter.rs <<'R'
use crate::RangeSet;

impl RangeSet {
    /// Shifts every range by d, dropping those that start past limit.
    pub fn shift(&mut self, d: i64, limit: i64) {
        for r in self.ranges.iter_mut() {
            if r.0 + d > limit {
                self.ranges.retain(|x| x.0 + d <= limit);
                break;
            }
            r.0 += d;
            r.1 += d;
        }
    }
}
R
echo 'mod iter;' >> src/lib.rs
record $E gr11-rs-borrow-mut-twice PASS - "shift calls self.ranges.retain inside the loop over self.ranges.iter_mut() and breaks right after it (built to fail with E0499): exited 0 (held out: the label is PASS from the exit code alone, the output unread)" -- cargo build --offline
w src/iter.rs <<'R'
use crate::RangeSet;

impl RangeSet {
    /// Splits every range that crosses limit in two.
    pub fn split_at(&mut self, limit: i64) {
        for r in self.ranges.iter() {
            if r.0 < limit && limit < r.1 {
                self.ranges.push((limit, r.1));
            }
        }
    }
}
R
record $E gr11-rs-borrow-push-while-iter CODE_ERROR - "split_at pushes onto self.ranges while iterating over it, and the loop goes on: cannot borrow as mutable because it is also borrowed as immutable (E0502)" -- cargo build --offline
w src/iter.rs <<'R'
use crate::RangeSet;

impl RangeSet {
    /// The range holding x.
    pub fn find(&self, x: i64) -> Option<&(i64, i64)> {
        self.ranges.iter().find(|r| r.0 <= x && x < r.1)
    }
}

/// The first range of either set.
pub fn first_of(a: &RangeSet, b: &RangeSet) -> &(i64, i64) {
    a.ranges.first().or(b.ranges.first()).unwrap()
}
R
record $E gr11-rs-missing-lifetime CODE_ERROR - "first_of returns a reference borrowed from one of two arguments without a named lifetime (E0106)" -- cargo build --offline
sed -i '/^mod iter;$/d' src/lib.rs
rm src/iter.rs
TOOL="$(cargo clippy --version | cut -d' ' -f1-2), $(cargo --version | cut -d' ' -f1-2)"
w src/text.rs <<'R'
use crate::RangeSet;

/// Parses "1-3,7-9" into a set.
pub fn parse(text: &str) -> RangeSet {
    let mut s = RangeSet::new();
    for part in text.split(",") {
        let bounds: Vec<&str> = part.split("-").collect();
        if bounds.len() == 0 {
            continue;
        }
        let a: i64 = bounds[0].trim().parse().unwrap_or(0);
        let b: i64 = bounds[bounds.len() - 1].trim().parse().unwrap_or(a);
        s.insert(a, b + 1);
    }
    return s;
}
R
echo 'pub mod text;' >> src/lib.rs
record $E gr11-rs-clippy-deny LINT_ERROR - "cargo clippy -- -D warnings: text.rs compares len() == 0 and ends with a needless return (with -D warnings, errors)" -- cargo clippy --offline -- -D warnings
TOOL="rustfmt $(rustfmt --version | cut -d' ' -f2), $(cargo --version | cut -d' ' -f1-2)"
printf 'use crate::RangeSet;\n\n/// Parses "1-3,7-9" into a set.\npub fn parse(text: &str) -> RangeSet {\n    let mut s = RangeSet::new();\n    for part in text.split(\x27,\x27) { if let Some((a, b)) = part.split_once(\x27-\x27) {\n        let (a, b): (i64, i64) = (a.trim().parse().unwrap_or(0), b.trim().parse().unwrap_or(0));\n        s.insert(a, b + 1);\n    } }\n    s\n}\n' > src/text.rs
record $E gr11-rs-fmt-check LINT_ERROR - "cargo fmt --check: text.rs has an if let on the for loop's line and an over-long let" -- cargo fmt --check
sed -i '/^pub mod text;$/d' src/lib.rs
rm src/text.rs
TOOL="$(cargo --version | cut -d' ' -f1-2), $(rustc --version | cut -d' ' -f1-2)"
w tests/feed.rs <<'R'
use std::sync::mpsc;
use std::thread;

#[test]
fn ranges_from_feed() {
    let (tx, rx) = mpsc::channel::<(i64, i64)>();
    let keep = tx.clone();
    thread::spawn(move || {
        tx.send((1, 3)).unwrap();
    });
    let mut s = ranges::RangeSet::new();
    for (a, b) in rx.iter() {
        s.insert(a, b);
    }
    drop(keep);
    assert_eq!(s.len(), 2);
}
R
cargo test --offline --no-run >/dev/null 2>&1
record $E gr11-rs-test-channel-hang TIMEOUT - "timeout 20 cargo test: the test iterates a channel whose cloned sender it still holds, so the loop never ends; timeout(1) stops it (124)" -- timeout 20 cargo test --offline --test feed
rm tests/feed.rs
# Setup.
mkdir -p ws && cd ws
printf '[workspace]\nmembers = ["ranges-core", "ranges-cli"]\nresolver = "2"\n' > Cargo.toml
mkdir -p ranges-core/src && printf '[package]\nname = "ranges-core"\nversion = "0.1.0"\nedition = "2021"\n' > ranges-core/Cargo.toml
printf 'pub fn answer() -> i64 {\n    42\n}\n' > ranges-core/src/lib.rs
record $E gr11-rs-ws-member-missing ENV_ERROR - "a workspace whose members list ranges-cli, a directory not checked out: cargo cannot load the member's manifest" -- cargo build --offline
cd ..
rm -rf ws
w build.rs <<'R'
use std::env;

fn main() {
    let rev = env::var("RANGES_BUILD_REV").expect("RANGES_BUILD_REV must be set by the release pipeline");
    println!("cargo:rustc-env=RANGES_REV={rev}");
    println!("cargo:rerun-if-env-changed=RANGES_BUILD_REV");
}
R
record $E gr11-rs-build-rs-env-missing ENV_ERROR - "build.rs expects RANGES_BUILD_REV from the release pipeline; a local cargo build does not set it: the build script panics" -- cargo build --offline
record $E gr11-rs-build-rs-env-set-pass PASS - "the same build with RANGES_BUILD_REV set: builds" -- env RANGES_BUILD_REV=abc123 cargo build --offline
rm build.rs
}

########################################################################
# shell: a release-tools repository (ShellCheck, bash, bats, CI steps).
reltools_base() {
	rm -rf ./* .[!.]* 2>/dev/null
	w scripts/version.sh <<'S'
#!/usr/bin/env bash
# Prints the next version: version.sh CURRENT major|minor|patch
set -euo pipefail

bump() {
	local current=$1 part=$2 major minor patch
	IFS=. read -r major minor patch <<< "$current"
	case $part in
	major) echo "$((major + 1)).0.0" ;;
	minor) echo "$major.$((minor + 1)).0" ;;
	patch) echo "$major.$minor.$((patch + 1))" ;;
	*)
		echo "unknown part: $part" >&2
		return 2
		;;
	esac
}

bump "$1" "$2"
S
	w scripts/deploy.sh <<'S'
#!/usr/bin/env bash
# deploy.sh ENVIRONMENT: copies the release archive to the environment's
# drop directory.
set -euo pipefail
trap 'echo "deploy: failed at line $LINENO" >&2' ERR

env_name=$1
drop="${DROP_ROOT:-/tmp/drops}/$env_name"
archive="build/app-$(cat VERSION).tar.gz"

mkdir -p "$drop"
cp "$archive" "$drop/"
echo "deployed $archive to $drop"
S
	chmod +x scripts/*.sh
	echo 1.4.2 > VERSION
	w test/version.bats <<'B'
setup() {
	SCRIPT="$BATS_TEST_DIRNAME/../scripts/version.sh"
}

@test "patch bump" {
	run "$SCRIPT" 1.4.2 patch
	[ "$status" -eq 0 ]
	[ "$output" = "1.4.3" ]
}

@test "minor bump resets patch" {
	run "$SCRIPT" 1.4.2 minor
	[ "$output" = "1.5.0" ]
}

@test "unknown part fails" {
	run "$SCRIPT" 1.4.2 micro
	[ "$status" -eq 2 ]
}
B
}

sec_shell() {
E=shell
TOOL="ShellCheck $(shellcheck --version | sed -n 's/^version: //p'), $(bash --version | head -1 | sed 's/ (.*//')"
project gr11-reltools
reltools_base
record $E gr11-sh-shellcheck-pass PASS - "shellcheck scripts/*.sh: the version and deploy scripts are clean" -- shellcheck scripts/version.sh scripts/deploy.sh
w scripts/notes.sh <<'S'
#!/bin/bash
# Collects release notes from the commit subjects in notes/.
for f in notes/*.txt; do
	title=`head -1 $f`
	echo "- $title"
done
cd notes
S
record $E gr11-sh-shellcheck-severity-error-pass PASS - "shellcheck -S error: notes.sh has warning, info and style findings only (backticks, an unquoted \$f, cd without ||), none at error level: exit 0" -- shellcheck -S error scripts/notes.sh
record $E gr11-sh-shellcheck-findings LINT_ERROR - "shellcheck scripts/notes.sh: backticks, an unquoted variable, cd without a failure check" -- shellcheck scripts/notes.sh
rm scripts/notes.sh
w scripts/ci.sh <<'S'
#!/usr/bin/env bash
set -euo pipefail
# shellcheck source=scripts/lib/common.sh
. "$(dirname "$0")/lib/common.sh"
log "running the release checks"
S
record $E gr11-sh-shellcheck-x-source-missing LINT_ERROR - "shellcheck -x scripts/ci.sh: the source directive names scripts/lib/common.sh, not in the repository: SC1091 (info), exit 1" -- shellcheck -x scripts/ci.sh
rm scripts/ci.sh
TOOL="Bats $(bats --version | cut -d' ' -f2), $(bash --version | head -1 | sed 's/ (.*//')"
record $E gr11-sh-bats-pass PASS - "bats test/: three version-bump tests pass" -- bats test/
edit scripts/version.sh 's|	minor) echo "$major.$((minor + 1)).0" ;;|	minor) echo "$major.$((minor + 1)).$patch" ;;|'
record $E gr11-sh-bats-fail TEST_FAILURE - "a minor bump keeps the patch number (1.5.2): the minor test fails" -- bats test/
edit scripts/version.sh 's|	minor) echo "$major.$((minor + 1)).$patch" ;;|	minor) echo "$major.$((minor + 1)).0" ;;|'
w test/deploy.bats <<'B'
load 'test_helper/bats-support/load'
load 'test_helper/bats-assert/load'

@test "deploy needs an environment" {
	run "$BATS_TEST_DIRNAME/../scripts/deploy.sh"
	assert_failure
}
B
record $E gr11-sh-bats-helper-missing ENV_ERROR - "test/deploy.bats loads bats-support and bats-assert from test/test_helper, git submodules never initialised: bats cannot load them" -- bats test/deploy.bats
rm test/deploy.bats
TOOL="$(bash --version | head -1 | sed 's/ (.*//')"
record $E gr11-sh-deploy-arg-unbound ENV_ERROR - "scripts/deploy.sh run by a CI step without its ENVIRONMENT argument: set -u stops at \$1 (unbound variable)" -- ./scripts/deploy.sh
record $E gr11-sh-deploy-archive-missing ENV_ERROR - "scripts/deploy.sh staging before the build job made build/app-1.4.2.tar.gz: cp cannot stat it, set -e and the ERR trap end the deploy" -- env DROP_ROOT="$WORK/gr11-reltools/drops" ./scripts/deploy.sh staging
mkdir -p build && echo archive > build/app-1.4.2.tar.gz
record $E gr11-sh-deploy-pass PASS - "scripts/deploy.sh staging after the build: the archive is copied to the drop directory" -- env DROP_ROOT="$WORK/gr11-reltools/drops" ./scripts/deploy.sh staging
rm -rf build drops
w scripts/wait-for-port.sh <<'S'
#!/usr/bin/env bash
# wait-for-port.sh HOST PORT: waits until something listens there.
host=$1 port=$2
until (exec 3<>"/dev/tcp/$host/$port") 2>/dev/null; do
	echo "waiting for $host:$port"
	sleep 1
done
echo "$host:$port is up"
S
chmod +x scripts/wait-for-port.sh
record $E gr11-sh-wait-for-port-timeout TIMEOUT - "a CI step: timeout 4 scripts/wait-for-port.sh 127.0.0.1 59321; the database service was never started, timeout(1) ends the wait (124)" -- bash -c 'timeout 4 ./scripts/wait-for-port.sh 127.0.0.1 59321'
w scripts/rotate.sh <<'S'
#!/usr/bin/env bash
# rotate.sh KIND: removes old release archives.
case ${1:-all} in
daily) find build -name '*.tar.gz' -mtime +1 -delete ;;
weekly) find build -name '*.tar.gz' -mtime +7 -delete ;;
all) rm -f build/*.tar.gz ;;
echo "rotated"
S
record $E gr11-sh-bash-n-case-unclosed CODE_ERROR - "bash -n scripts/rotate.sh: the case statement is never closed with esac; bash reads the echo after the last branch as a pattern: syntax error near unexpected token" -- bash -n scripts/rotate.sh
rm scripts/rotate.sh
}

########################################################################
# c and make: a ring-buffer library with a Makefile; a C++ CMake project.
ring_base() {
	rm -rf ./* .[!.]* 2>/dev/null
	w include/ring.h <<'C'
#ifndef RING_H
#define RING_H
#include <stddef.h>

struct ring {
	int *buf;
	size_t cap, head, len;
};

int ring_init(struct ring *r, size_t cap);
int ring_push(struct ring *r, int v);
int ring_pop(struct ring *r, int *v);
void ring_free(struct ring *r);
#endif
C
	w src/ring.c <<'C'
#include <stdlib.h>
#include "ring.h"

int ring_init(struct ring *r, size_t cap)
{
	r->buf = malloc(cap * sizeof *r->buf);
	r->cap = cap;
	r->head = r->len = 0;
	return r->buf ? 0 : -1;
}

int ring_push(struct ring *r, int v)
{
	if (r->len == r->cap)
		return -1;
	r->buf[(r->head + r->len) % r->cap] = v;
	r->len++;
	return 0;
}

int ring_pop(struct ring *r, int *v)
{
	if (r->len == 0)
		return -1;
	*v = r->buf[r->head];
	r->head = (r->head + 1) % r->cap;
	r->len--;
	return 0;
}

void ring_free(struct ring *r)
{
	free(r->buf);
	r->buf = NULL;
}
C
	w tests/test_ring.c <<'C'
#include <assert.h>
#include <stdio.h>
#include "ring.h"

int main(void)
{
	struct ring r;
	int v;
	assert(ring_init(&r, 3) == 0);
	for (int i = 1; i <= 3; i++)
		assert(ring_push(&r, i) == 0);
	assert(ring_push(&r, 4) == -1);
	assert(ring_pop(&r, &v) == 0 && v == 1);
	assert(ring_push(&r, 4) == 0);
	for (int want = 2; want <= 4; want++)
		assert(ring_pop(&r, &v) == 0 && v == want);
	assert(ring_pop(&r, &v) == -1);
	ring_free(&r);
	puts("ring: all checks passed");
	return 0;
}
C
	w Makefile <<'M'
CC ?= gcc
CFLAGS ?= -std=c11 -Wall -Wextra -O2
CPPFLAGS += -Iinclude

all: libring.a

libring.a: src/ring.o
	$(AR) rcs $@ $^

src/ring.o: src/ring.c include/ring.h

tests/test_ring: tests/test_ring.c libring.a
	$(CC) $(CPPFLAGS) $(CFLAGS) -o $@ $< -L. -lring

test: tests/test_ring
	./tests/test_ring

clean:
	rm -f src/*.o libring.a tests/test_ring

.PHONY: all test clean
M
}

sec_c() {
E=make
TOOL="$(make --version | head -1), $(gcc --version | head -1)"
project gr11-ring
ring_base
record $E gr11-make-test-pass PASS - "make test: the library and the test program build, the ring checks pass" -- make test
make clean >/dev/null
edit src/ring.c 's|	r->buf\[(r->head + r->len) % r->cap\] = v;|	r->buf[r->len % r->cap] = v;|'
record $E gr11-make-test-assert-fail TEST_FAILURE - "ring_push ignores head: after a pop the next push overwrites the oldest value (3), the test's assert on the popped value aborts, make test fails" -- make test
edit src/ring.c 's|	r->buf\[r->len % r->cap\] = v;|	r->buf[(r->head + r->len) % r->cap] = v;|'
make clean >/dev/null
printf '\nint ring_peek(const struct ring *r, int *v);\n' >> include/ring.h
edit tests/test_ring.c 's|	assert(ring_pop(&r, &v) == -1);|	assert(ring_pop(\&r, \&v) == -1);\n	assert(ring_peek(\&r, \&v) == -1);|'
record $E gr11-make-link-undefined CODE_ERROR - "ring.h declares ring_peek and the test calls it; no source defines it: undefined reference at link" -- make test
edit tests/test_ring.c '/	assert(ring_peek(&r, &v) == -1);/d'
head -n -2 include/ring.h > h.tmp && mv h.tmp include/ring.h
make clean >/dev/null
edit src/ring.c 's|	r->buf\[(r->head + r->len) % r->cap\] = v;|	r->buf[(r->head + r->len) % r->capacity] = v;|'
record $E gr11-make-struct-member CODE_ERROR - "ring_push uses r->capacity; struct ring's field is cap: no member named capacity" -- make
edit src/ring.c 's|	r->buf\[(r->head + r->len) % r->capacity\] = v;|	r->buf[(r->head + r->len) % r->cap] = v;|'
make clean >/dev/null
edit src/ring.c 's|	if (r->len == r->cap)|	if (r->len == (int)r->cap - 0 \&\& r->len >= 0)|'
record $E gr11-make-werror-sign-compare LINT_ERROR - "make CFLAGS='-std=c11 -Wall -Wextra -Werror': ring_push compares the size_t len with an int (sign-compare) and tests an unsigned value >= 0 (type-limits)" -- make CFLAGS='-std=c11 -Wall -Wextra -Werror'
ring_base
# Setup: a generated header, a vendored library never checked out.
edit src/ring.c 's|#include "ring.h"|#include "ring.h"\n#include "version.h"|'
edit Makefile 's|^src/ring.o: src/ring.c include/ring.h$|src/ring.o: src/ring.c include/ring.h include/version.h|'
record $E gr11-make-generated-header-missing ENV_ERROR - "src/ring.o depends on include/version.h, which ./configure writes; configure was not run and no rule makes it" -- make
ring_base
mkdir -p third_party/miniz
edit Makefile 's|^all: libring.a$|all: libring.a deps\n\ndeps:\n\t$(MAKE) -C third_party/miniz|'
record $E gr11-make-recursive-submodule-empty ENV_ERROR - "make runs \$(MAKE) -C third_party/miniz, a git submodule never initialised (an empty directory): no makefile found" -- make
ring_base
record $E gr11-make-f-missing ENV_ERROR - "make -f ci.mk test: the CI makefile named is not in this branch" -- make -f ci.mk test

E=cpp
TOOL="cmake $(cmake --version | head -1 | cut -d' ' -f3), $(g++ --version | head -1)"
project gr11-stats
rm -rf ./* .[!.]* 2>/dev/null
w CMakeLists.txt <<'M'
cmake_minimum_required(VERSION 3.20)
project(stats CXX)
set(CMAKE_CXX_STANDARD 17)
enable_testing()
add_library(stats src/stats.cpp)
target_include_directories(stats PUBLIC include)
add_executable(stats_test tests/stats_test.cpp)
target_link_libraries(stats_test stats)
add_test(NAME stats_test COMMAND stats_test)
M
w include/stats.hpp <<'C'
#pragma once
#include <vector>

namespace stats {
double mean(const std::vector<double>& xs);
double median(std::vector<double> xs);
}
C
w src/stats.cpp <<'C'
#include "stats.hpp"
#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace stats {
double mean(const std::vector<double>& xs) {
    if (xs.empty()) throw std::invalid_argument("mean of nothing");
    return std::accumulate(xs.begin(), xs.end(), 0.0) / xs.size();
}

double median(std::vector<double> xs) {
    if (xs.empty()) throw std::invalid_argument("median of nothing");
    std::sort(xs.begin(), xs.end());
    auto n = xs.size();
    return n % 2 ? xs[n / 2] : (xs[n / 2 - 1] + xs[n / 2]) / 2;
}
}
C
w tests/stats_test.cpp <<'C'
#include "stats.hpp"
#include <cmath>
#include <cstdio>

static int failures = 0;
#define CHECK(c) do { if (!(c)) { std::printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)

int main() {
    CHECK(std::fabs(stats::mean({1, 2, 3, 4}) - 2.5) < 1e-12);
    CHECK(stats::median({5, 1, 3}) == 3);
    CHECK(stats::median({4, 1, 3, 2}) == 2.5);
    std::printf("%d failure(s)\n", failures);
    return failures ? 1 : 0;
}
C
record $E gr11-cmake-ctest-pass PASS - "a CI step: cmake configure, build, ctest --output-on-failure: the stats test passes" -- bash -c 'cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null && cmake --build build && ctest --test-dir build --output-on-failure'
edit src/stats.cpp 's|    return n % 2 ? xs\[n / 2\] : (xs\[n / 2 - 1\] + xs\[n / 2\]) / 2;|    return xs[n / 2];|'
record $E gr11-ctest-fail TEST_FAILURE - "median of an even count returns the upper middle value: the 2.5 check fails, ctest reports the test failed" -- bash -c 'cmake --build build && ctest --test-dir build --output-on-failure'
edit src/stats.cpp 's|    return xs\[n / 2\];|    return n % 2 ? xs[n / 2] : (xs[n / 2 - 1] + xs[n / 2]) / 2;|'
w tests/stream_test.cpp <<'C'
#include "stats.hpp"
#include <atomic>

int main() {
    std::atomic<bool> ready{false};
    while (!ready.load()) {
        // waits for a sample producer that this test never starts
    }
    return stats::mean({1.0}) == 1.0 ? 0 : 1;
}
C
printf 'add_executable(stream_test tests/stream_test.cpp)\ntarget_link_libraries(stream_test stats)\nadd_test(NAME stream_test COMMAND stream_test)\nset_tests_properties(stream_test PROPERTIES TIMEOUT 3)\n' >> CMakeLists.txt
record $E gr11-ctest-test-timeout TIMEOUT - "stream_test spins waiting for a producer never started; its ctest TIMEOUT property (3 s) kills it" -- bash -c 'cmake -S . -B build >/dev/null && cmake --build build && ctest --test-dir build --output-on-failure'
head -n -4 CMakeLists.txt > c.tmp && mv c.tmp CMakeLists.txt
rm tests/stream_test.cpp
w src/extra.cpp <<'C'
#include "stats.hpp"
#include <map>
#include <string>

namespace stats {
std::map<std::string, double> summary(const std::vector<double>& xs) {
    std::map<std::string, double> out;
    out.insert("mean", mean(xs));
    return out;
}
}
C
edit CMakeLists.txt 's|^add_library(stats src/stats.cpp)$|add_library(stats src/stats.cpp src/extra.cpp)|'
record $E gr11-cmake-build-no-matching CODE_ERROR - "cmake --build: summary calls map::insert with a key and a value as two arguments: no matching member function" -- bash -c 'cmake -S . -B build >/dev/null && cmake --build build'
edit CMakeLists.txt 's|^add_library(stats src/stats.cpp src/extra.cpp)$|add_library(stats src/stats.cpp)|'
rm src/extra.cpp
mkdir -p third_party/fmt
edit CMakeLists.txt 's|^enable_testing()$|enable_testing()\nadd_subdirectory(third_party/fmt)|'
rm -rf build
record $E gr11-cmake-subdirectory-empty ENV_ERROR - "add_subdirectory(third_party/fmt): the submodule was never checked out, the directory has no CMakeLists.txt" -- cmake -S . -B build
edit CMakeLists.txt '/^add_subdirectory(third_party\/fmt)$/d'
rm -rf build
edit CMakeLists.txt 's|^enable_testing()$|enable_testing()\nfind_package(PkgConfig REQUIRED)\npkg_check_modules(SODIUM REQUIRED IMPORTED_TARGET libsodium)|'
record $E gr11-cmake-pkg-check-modules-missing ENV_ERROR - "pkg_check_modules(SODIUM REQUIRED libsodium): libsodium's development files (its .pc) are not installed" -- cmake -S . -B build
rm -rf build
}

########################################################################
# java: javac and JUnit 4 (JUnitCore) on a small package, as a CI step.
JCP=/usr/share/java/junit4.jar:/usr/share/java/hamcrest.jar
sec_java() {
E=java
TOOL="$(javac -version 2>&1), JUnit 4.13.2"
project gr11-library
rm -rf ./* .[!.]* 2>/dev/null
w src/main/java/org/example/library/Catalog.java <<'J'
package org.example.library;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

public final class Catalog {
    private final List<String> titles = new ArrayList<>();

    public void add(String title) {
        if (title == null || title.isBlank()) {
            throw new IllegalArgumentException("empty title");
        }
        titles.add(title.strip());
    }

    public List<String> search(String word) {
        String w = word.toLowerCase(Locale.ROOT);
        List<String> out = new ArrayList<>();
        for (String t : titles) {
            if (t.toLowerCase(Locale.ROOT).contains(w)) {
                out.add(t);
            }
        }
        return out;
    }

    public int size() {
        return titles.size();
    }

    public static void main(String[] args) {
        Catalog c = new Catalog();
        for (String a : args) {
            c.add(a);
        }
        System.out.println(c.size() + " titles");
    }
}
J
w src/test/java/org/example/library/CatalogTest.java <<'J'
package org.example.library;

import static org.junit.Assert.assertEquals;

import java.util.List;
import org.junit.Test;

public class CatalogTest {
    @Test
    public void searchIgnoresCase() {
        Catalog c = new Catalog();
        c.add("The Hobbit");
        c.add("Dune");
        assertEquals(List.of("The Hobbit"), c.search("hob"));
    }

    @Test(expected = IllegalArgumentException.class)
    public void refusesBlankTitles() {
        new Catalog().add("  ");
    }

    @Test
    public void stripsTitles() {
        Catalog c = new Catalog();
        c.add("  Emma ");
        assertEquals(List.of("Emma"), c.search("emma"));
    }
}
J
JBUILD='rm -rf out && mkdir -p out && javac -d out -cp '"$JCP"' $(find src -name "*.java")'
record $E gr11-java-junit-pass PASS - "a CI step: javac of main and test sources, then JUnitCore: three tests pass" -- bash -c "$JBUILD && java -cp out:$JCP org.junit.runner.JUnitCore org.example.library.CatalogTest"
record $E gr11-java-main-class-no-package ENV_ERROR - "java -cp out Catalog: the class is org.example.library.Catalog, the command names it without its package: could not find or load main class" -- java -cp out Catalog "Dune"
edit src/main/java/org/example/library/Catalog.java 's|        titles.add(title.strip());|        titles.add(title);|'
record $E gr11-java-junit-fail TEST_FAILURE - "add no longer strips titles: stripsTitles' assertEquals fails on the padded title" -- bash -c "$JBUILD && java -cp out:$JCP org.junit.runner.JUnitCore org.example.library.CatalogTest"
edit src/main/java/org/example/library/Catalog.java 's|        titles.add(title);|        titles.add(title.strip());|'
w src/test/java/org/example/library/LoanTest.java <<'J'
package org.example.library;

import org.junit.Test;

public class LoanTest {
    @Test(timeout = 1000)
    public void reminderIsSent() throws Exception {
        Object sent = new Object();
        synchronized (sent) {
            sent.wait(); // nothing notifies: the mail stub is not wired
        }
    }
}
J
record $E gr11-java-junit-test-timeout TIMEOUT - "@Test(timeout = 1000): reminderIsSent waits on a monitor nothing notifies; JUnit stops it (TestTimedOutException)" -- bash -c "$JBUILD && java -cp out:$JCP org.junit.runner.JUnitCore org.example.library.LoanTest"
w src/test/java/org/example/library/LoanTest.java <<'J'
package org.example.library;

public class LoanTest {
    public void reminderIsSent() {
        new Catalog().add("Emma");
    }
}
J
record $E gr11-java-junit-no-runnable TEST_FAILURE - "JUnitCore of LoanTest, whose method lost its @Test: No runnable methods, no test runs" -- bash -c "$JBUILD && java -cp out:$JCP org.junit.runner.JUnitCore org.example.library.LoanTest"
rm src/test/java/org/example/library/LoanTest.java
w src/main/java/org/example/library/Loans.java <<'J'
package org.example.library;

import java.time.LocalDate;

public final class LoanRecord {
    public LocalDate due(LocalDate from) {
        return from.plusWeeks(3);
    }
}
J
record $E gr11-java-public-class-file-name CODE_ERROR - "Loans.java declares public class LoanRecord: javac wants it in LoanRecord.java" -- bash -c "$JBUILD"
w src/main/java/org/example/library/Loans.java <<'J'
package org.example.library;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

public final class Loans {
    public static List<String> load(Path p) {
        return Files.readAllLines(p);
    }
}
J
record $E gr11-java-unreported-exception CODE_ERROR - "Loans.load calls Files.readAllLines, which throws IOException, neither caught nor declared" -- bash -c "$JBUILD"
rm src/main/java/org/example/library/Loans.java
record $E gr11-java-release-newer ENV_ERROR - "javac --release 21 on JDK 17 (the build file asks for 21): release version 21 not supported" -- bash -c 'mkdir -p out && javac --release 21 -d out $(find src/main -name "*.java")'
}

########################################################################
# ruby: a small gem-like library with minitest and rake.
sec_ruby() {
E=ruby
TOOL="$(ruby --version | cut -d' ' -f1-2), minitest $(ruby -e 'require "minitest"; print Minitest::VERSION'), rake $(rake --version | cut -d' ' -f3)"
project gr11-roman
rm -rf ./* .[!.]* 2>/dev/null
w lib/roman.rb <<'R'
# Roman numerals.
module Roman
  TABLE = { 1000 => "M", 900 => "CM", 500 => "D", 400 => "CD", 100 => "C", 90 => "XC",
            50 => "L", 40 => "XL", 10 => "X", 9 => "IX", 5 => "V", 4 => "IV", 1 => "I" }.freeze

  def self.to_roman(n)
    raise ArgumentError, "out of range: #{n}" unless (1..3999).cover?(n)

    TABLE.each_with_object(+"") do |(value, letters), out|
      count, n = n.divmod(value)
      out << letters * count
    end
  end

  def self.from_roman(s)
    pairs = TABLE.invert
    i = 0
    total = 0
    while i < s.size
      two = s[i, 2]
      if pairs.key?(two) && two.size == 2
        total += pairs[two]
        i += 2
      else
        total += pairs.fetch(s[i])
        i += 1
      end
    end
    total
  end
end
R
w test/test_roman.rb <<'R'
require "minitest/autorun"
require "roman"

class TestRoman < Minitest::Test
  def test_to_roman
    assert_equal "MCMXCIV", Roman.to_roman(1994)
    assert_equal "XLII", Roman.to_roman(42)
  end

  def test_from_roman
    assert_equal 2024, Roman.from_roman("MMXXIV")
  end

  def test_range
    assert_raises(ArgumentError) { Roman.to_roman(0) }
  end
end
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
record $E gr11-rb-rake-test-pass PASS - "rake test: three minitest tests pass" -- rake test
edit lib/roman.rb 's/  TABLE = { 1000 => "M", 900 => "CM", 500 => "D", 400 => "CD", 100 => "C", 90 => "XC",/  TABLE = { 1000 => "M", 500 => "D", 400 => "CD", 100 => "C", 90 => "XC",/'
record $E gr11-rb-minitest-fail TEST_FAILURE - "the table lost 900 => CM: 1994 comes out as MDCDXCIV and test_to_roman fails" -- ruby -Ilib -Itest test/test_roman.rb
edit lib/roman.rb 's/  TABLE = { 1000 => "M", 500 => "D", 400 => "CD", 100 => "C", 90 => "XC",/  TABLE = { 1000 => "M", 900 => "CM", 500 => "D", 400 => "CD", 100 => "C", 90 => "XC",/'
edit lib/roman.rb 's/        total += pairs.fetch(s\[i\])/        total += pairs.fetch(s[i].upcase!)/'
w test/test_lower.rb <<'R'
require "minitest/autorun"
require "roman"

class TestLower < Minitest::Test
  def test_lowercase_input
    assert_equal 14, Roman.from_roman("xiv")
  end
end
R
record $E gr11-rb-minitest-error TEST_FAILURE - "from_roman uses upcase!, which returns nil for a letter already upper-case: Hash#fetch(nil) raises KeyError in test_from_roman (an error), and the new lower-case test fails (xiv reads as 16)" -- rake test
edit lib/roman.rb 's/        total += pairs.fetch(s\[i\].upcase!)/        total += pairs.fetch(s[i])/'
rm test/test_lower.rb
w lib/roman/cli.rb <<'R'
require "roman"

module Roman
  # Command line front end.
  class CLI
    def run(args)
      args.each { |a| puts Formatter.line(a, Roman.to_roman(Integer(a))) }
    end
  end
end

Roman::CLI.new.run(ARGV)
R
record $E gr11-rb-uninitialized-constant CODE_ERROR - "ruby -Ilib lib/roman/cli.rb 42: CLI calls Roman::Formatter, which the library never defines: NameError" -- ruby -Ilib lib/roman/cli.rb 42
rm -r lib/roman
w Gemfile <<'R'
source "https://rubygems.org"

gem "rake"
gem "minitest"
gem "rubocop", "~> 1.60", require: false
R
record $E gr11-rb-bundler-setup-gem-missing ENV_ERROR - "ruby -rbundler/setup: the Gemfile wants rubocop ~> 1.60, not installed (and no network for bundle install)" -- ruby -rbundler/setup -Ilib -Itest test/test_roman.rb
rm Gemfile
w test/test_watch.rb <<'R'
require "minitest/autorun"
require "roman"

class TestWatch < Minitest::Test
  def test_waits_for_the_numerals_file
    sleep 0.2 until File.exist?("tmp/numerals.txt") # written by a fixture job that is not run here
    assert_equal 2024, Roman.from_roman(File.read("tmp/numerals.txt").strip)
  end
end
R
record $E gr11-rb-timeout-poll TIMEOUT - "timeout 5 rake test: a test polls for a file no job writes; timeout(1) ends the run (124)" -- timeout 5 rake test
rm test/test_watch.rb
}

########################################################################
# php: PHPUnit 9 (Debian) on a small slug library.
sec_php() {
E=php
TOOL="$(php --version | head -1 | cut -d' ' -f1-2), $(phpunit --version | head -1 | cut -d' ' -f1-2)"
project gr11-slugger
rm -rf ./* .[!.]* 2>/dev/null
w src/Slugger.php <<'P'
<?php
declare(strict_types=1);

namespace Slugger;

interface Normalizer
{
    public function normalize(string $s): string;
}

final class AsciiNormalizer implements Normalizer
{
    public function normalize(string $s): string
    {
        return strtr($s, ['Ä' => 'Ae', 'Ö' => 'Oe', 'Ü' => 'Ue', 'ä' => 'ae', 'ö' => 'oe', 'ü' => 'ue', 'ß' => 'ss', 'é' => 'e']);
    }
}

final class Slugger
{
    public function __construct(private Normalizer $n = new AsciiNormalizer())
    {
    }

    public function slug(string $title, int $max = 40): string
    {
        $s = strtolower($this->n->normalize($title));
        $s = trim((string) preg_replace('/[^a-z0-9]+/', '-', $s), '-');
        return rtrim(substr($s, 0, $max), '-');
    }
}
P
w tests/SluggerTest.php <<'P'
<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Slugger\Slugger;

final class SluggerTest extends TestCase
{
    /** @dataProvider titles */
    public function testSlug(string $title, string $want): void
    {
        $this->assertSame($want, (new Slugger())->slug($title));
    }

    public static function titles(): array
    {
        return [
            'plain' => ['Hello World', 'hello-world'],
            'umlaut' => ['Über Straße', 'ueber-strasse'],
            'punctuation' => ['  C++ & Go!  ', 'c-go'],
        ];
    }

    public function testMaxLength(): void
    {
        $this->assertSame('a-b', (new Slugger())->slug('a b c', 4));
    }
}
P
w phpunit.xml <<'X'
<?xml version="1.0" encoding="UTF-8"?>
<phpunit bootstrap="src/Slugger.php" colors="false">
  <testsuites>
    <testsuite name="unit">
      <directory>tests</directory>
    </testsuite>
  </testsuites>
</phpunit>
X
record $E gr11-phpunit-pass PASS - "phpunit: the data-provider cases and the length test pass" -- phpunit
w tests/SmokeTest.php <<'P'
<?php
declare(strict_types=1);

use PHPUnit\Framework\TestCase;
use Slugger\Slugger;

final class SmokeTest extends TestCase
{
    public function testConstructs(): void
    {
        new Slugger();
    }
}
P
record $E gr11-phpunit-risky-pass PASS - "phpunit: SmokeTest performs no assertion, reported risky; PHPUnit 9 still exits 0" -- phpunit
rm tests/SmokeTest.php
edit src/Slugger.php "s/'ß' => 'ss', //"
record $E gr11-phpunit-provider-fail TEST_FAILURE - "the normalizer lost ß => ss: the umlaut data set comes out as ueber-stra-e and fails" -- phpunit
edit src/Slugger.php "s/'ü' => 'ue', /'ü' => 'ue', 'ß' => 'ss', /"
record $E gr11-phpunit-config-missing ENV_ERROR - "phpunit -c phpunit.ci.xml: the CI configuration file is not in the repository" -- phpunit -c phpunit.ci.xml
w bin/warm-cache.php <<'P'
<?php
declare(strict_types=1);

require __DIR__ . '/../src/Slugger.php';

$redis = new Redis();
$redis->connect('127.0.0.1', 6379, 0.5);
foreach (['Hello World', 'Über Straße'] as $t) {
    $redis->set('slug:' . $t, (new Slugger\Slugger())->slug($t));
}
P
record $E gr11-php-redis-extension-missing ENV_ERROR - "php bin/warm-cache.php: new Redis() needs the redis extension (php-redis), not installed: Class Redis not found" -- php bin/warm-cache.php
rm -r bin
edit src/Slugger.php 's/^final class AsciiNormalizer implements Normalizer$/final class AsciiNormalizer implements Normalizer, \\Countable/'
record $E gr11-php-interface-method-missing CODE_ERROR - "AsciiNormalizer implements Countable without a count method: PHP's fatal error when the bootstrap loads the class" -- phpunit
}

for t in go gofmt python3 pytest-3 mypy pylint flake8 isort node npm tsc cargo rustfmt shellcheck bats bash gcc g++ make cmake ctest pkg-config javac java ruby rake php phpunit timeout; do need "$t"; done
[ -f /usr/share/java/junit4.jar ] && [ -f /usr/share/java/hamcrest.jar ] || { echo "grow11: Debian's junit4 and libhamcrest-java are not installed (see the header)" >&2; exit 1; }
for s in ${ONLY:-go py node ts rust shell c java ruby php}; do
	"sec_$s"
done
