#!/usr/bin/env bash
# The ninth growth of the corpus (issue 30, "Failure types"), recorded
# blind: golangci-lint v2 in the layouts real Go repositories lint in —
# clean modules, findings of several linters (errcheck, govet, staticcheck,
# unused, ineffassign, revive, gosec, nolintlint), code that does not
# compile (typecheck), configuration mistakes (a v1 configuration, linters
# that do not exist, keys and values v2 does not know, --config naming a
# file that is not there, YAML that does not parse), its formatters
# (golangci-lint fmt --diff and formatters run as linters), --timeout and
# run.timeout too short and a runner deadline over a cold cache, a go.work
# monorepo of two modules linted from each module's directory and from the
# root, build tags, `run ./...` from a package's directory, the
# exit-code options, --new-from-rev in a git repository, go.sum and vendor
# setups — and the CI linters of Debian bookworm the corpus lacked:
# yamllint (GitHub workflow and compose files: findings, warnings with and
# without --strict, syntax errors, config mistakes), codespell (findings,
# skips, ignore lists, a config that does not parse, options and files
# that are not there), cppcheck (findings under --error-exitcode and
# without it, suppressions, a missing include path, a path that is not
# there, a file that does not parse), bandit (findings, severity filters,
# nosec, config mistakes, a file that does not parse).
# yamllint and codespell are recorded under shell/ (repository-wide CI
# checks, as shellcheck is), cppcheck under c/ (one C++ project under
# cpp/), bandit under python/. ShellCheck is in the corpus already and is
# not recorded again.
#
# One case in three, by a hash of its name fixed before any
# classification (lib.sh's split with HELDOUT), goes to the held-out part
# "grow9-heldout"; the rest to "tune". The held-out part is never tuned
# on. While this growth was recorded the classifier was not run on any of
# its cases to choose or label anything: TestCorpus was run only at the
# end, for its exit code and for format errors, its output filtered to
# lines naming no case of this growth and no grow9 score (what showed:
# misses of two grow8 tune cases, the NOT MET lines of older parts and the
# TEST_FAILURE row of the label table, whose grow9-heldout cell is "-":
# this growth built no test-runner failures); the count of require
# failures (format errors) in its whole output was taken: 0. It failed
# only on lines that the filter hid (accuracy checks naming this growth's
# cases or part); the format of every row and file was checked apart
# from it, by reading labels.tsv and the headers as loadLabelled does. The labels are
# what each scenario was built to do, written before any run; a tune
# case's output was then read to check that the run did what it was
# built to do (the scenario fixed and re-run, or the label changed, as
# the disclosures say). A held-out case's output was not read: where a
# held-out run built to fail exited 0 its label was made PASS from the
# exit code alone, and where a held-out run built to pass exited non-zero
# it was taken out of the corpus unread.
#
# Disclosures. One held-out run built to fail exited 0 and was made PASS
# from its exit code alone, its output unread: gr9-bandit-syntax (bandit
# -r src over a file that does not parse). No held-out run built to pass
# exited non-zero, so none was taken out. Tune runs the second reading
# changed: gr9-gcl-config-unknown-key (golangci-lint 2.15 ignores the
# unknown keys linters.enabled and linters.setings and reports 0 issues)
# and gr9-cppcheck-include-missing (cppcheck 2.10 reports a missing
# include as information and exits 0 even with --error-exitcode=1) were
# relabelled PASS; gr9-cppcheck-config-h-error (a #error when config.h
# does not define PACKAGE_VERSION: cppcheck checks the configuration that
# defines it instead and exits 0) was relabelled PASS, and, from its
# output, gr9-cppcheck-config-h-error-defines (the same with -DNDEBUG, so
# that only the given configuration is checked) was added after it — it
# fell in the held-out part, exited 1 and was kept as built (ENV_ERROR),
# unread; gr9-gcl-revive's reason was corrected (revive reported the
# uncommented exported method only, not the itemId parameter). Before any
# run, 25 written scenarios were cut to keep the growth near 90 cases (no
# output of theirs was recorded). Every section was recorded twice by
# this file, the second time after the relabels (the exit codes of every
# case were the same in both runs), then the cppcheck section a third
# time for the added case (re-recording replaces a case's row).
#
# Tools, all real (nothing here is hand-written output):
#   golangci-lint v2.15.0 from the Go module proxy, built with go1.26.8:
#     mkdir -p /root/.cache/autoverify/golangci-lint &&
#     GOBIN=/root/.cache/autoverify/golangci-lint chrt --idle 0 nice -n 19 \
#       go install github.com/golangci/golangci-lint/v2/cmd/golangci-lint@v2.15.0
#   Debian bookworm: apt-get update && apt-get install -y yamllint \
#     codespell cppcheck python3-bandit (yamllint 1.29.0, codespell 2.2.2,
#     Cppcheck 2.10, bandit 1.6.2 under python3 3.11.2); git 2.39.
#
# Run with WORK=/tmp/autoverify-corpus-g9 (the paths the outputs show);
# ONLY="gcl yaml" records only those sections.
export WORK=${WORK:-/tmp/autoverify-corpus-g9}
. "$(dirname "$0")/lib.sh"
export HELDOUT=grow9-heldout
export PATH="$PATH:/root/.cache/autoverify/golangci-lint:$HOME/go/bin"
export CASE_LIMIT=${CASE_LIMIT:-90}
export GOFLAGS=${GOFLAGS:--buildvcs=false}

########################################################################
# golangci-lint v2: one module with a cmd/ and an internal/ package.
gcl_base() {
	rm -rf internal cmd .golangci.yml go.mod
	printf 'module example.com/inventory\n\ngo 1.22\n' > go.mod
	w internal/stock/stock.go <<'G'
// Package stock keeps item counts.
package stock

import (
	"errors"
	"fmt"
	"sort"
)

// ErrUnknown is returned for an item the store does not hold.
var ErrUnknown = errors.New("unknown item")

// Store holds item counts.
type Store struct {
	counts map[string]int
}

// New returns an empty store.
func New() *Store {
	return &Store{counts: map[string]int{}}
}

// Add adds n units of item.
func (s *Store) Add(item string, n int) {
	s.counts[item] += n
}

// Take removes n units of item.
func (s *Store) Take(item string, n int) error {
	have, ok := s.counts[item]
	if !ok {
		return fmt.Errorf("take %s: %w", item, ErrUnknown)
	}
	if have < n {
		return fmt.Errorf("take %s: have %d, want %d", item, have, n)
	}
	s.counts[item] = have - n
	return nil
}

// Items lists the items held, sorted.
func (s *Store) Items() []string {
	items := make([]string, 0, len(s.counts))
	for item := range s.counts {
		items = append(items, item)
	}
	sort.Strings(items)
	return items
}
G
	w internal/stock/stock_test.go <<'G'
package stock

import (
	"errors"
	"testing"
)

func TestTake(t *testing.T) {
	s := New()
	s.Add("bolt", 3)
	if err := s.Take("bolt", 2); err != nil {
		t.Fatal(err)
	}
	if err := s.Take("nut", 1); !errors.Is(err, ErrUnknown) {
		t.Fatalf("Take(nut) = %v, want ErrUnknown", err)
	}
}
G
	w cmd/inventory/main.go <<'G'
// Command inventory prints a store's items.
package main

import (
	"fmt"
	"os"

	"example.com/inventory/internal/stock"
)

func main() {
	s := stock.New()
	s.Add("bolt", 3)
	if err := s.Take("bolt", 1); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, item := range s.Items() {
		fmt.Println(item)
	}
}
G
	w .golangci.yml <<'Y'
version: "2"
linters:
  default: standard
  enable:
    - revive
    - misspell
Y
}

# The Export method, its errors unchecked (errcheck's findings).
gcl_export_unchecked() {
	w internal/stock/export.go <<'G'
package stock

import (
	"encoding/csv"
	"os"
)

// Export writes the items to path as CSV, one a line.
func (s *Store) Export(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	for _, item := range s.Items() {
		w.Write([]string{item, "1"})
	}
	w.Flush()
	f.Close()
	return w.Error()
}
G
}

# The Export method, with its errors checked.
gcl_export_clean() {
	w internal/stock/export.go <<'G'
package stock

import (
	"encoding/csv"
	"os"
)

// Export writes the items to path as CSV, one a line.
func (s *Store) Export(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	for _, item := range s.Items() {
		if err := w.Write([]string{item, "1"}); err != nil {
			_ = f.Close()
			return err
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		_ = f.Close()
		return err
	}
	return f.Close()
}
G
}

sec_gcl() {
E=go
TOOL="golangci-lint $(golangci-lint --version | cut -d' ' -f4), $(go version | cut -d' ' -f3)"
project gr9-gcl
gcl_base
record $E gr9-gcl-pass PASS - "golangci-lint run of a module with cmd/ and internal/, a v2 config (standard + revive, misspell): 0 issues" -- golangci-lint run ./...
record $E gr9-gcl-no-config-pass PASS - "golangci-lint run --no-config (the standard linters): 0 issues" -- golangci-lint run --no-config ./...
gcl_export_unchecked
record $E gr9-gcl-errcheck LINT_ERROR - "errcheck: csv Writer.Write's and File.Close's errors are not checked" -- golangci-lint run ./...
record $E gr9-gcl-errcheck-json LINT_ERROR - "--output.json.path stdout: the unchecked errors as JSON" -- golangci-lint run --output.json.path stdout ./...
record $E gr9-gcl-issues-exit-code-0 PASS - "--issues-exit-code=0: the unchecked errors are reported but the run exits 0 (a report-only CI step)" -- golangci-lint run --issues-exit-code=0 ./...
record $E gr9-gcl-issues-exit-code-3 LINT_ERROR - "--issues-exit-code=3: the unchecked errors, exit 3" -- golangci-lint run --issues-exit-code=3 ./...
record $E gr9-gcl-default-none-govet-pass PASS - "--default=none --enable=govet: only govet runs, and the unchecked errors are not its business: 0 issues" -- golangci-lint run --default=none --enable=govet ./...
w internal/stock/export.go <<'G'
package stock

import (
	"encoding/csv"
	"os"
)

// Export writes the items to path as CSV, one a line.
func (s *Store) Export(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := csv.NewWriter(f)
	for _, item := range s.Items() {
		w.Write([]string{item, "1"}) //nolint:errcheck // w.Error below reports it
	}
	w.Flush()
	if err := w.Error(); err != nil {
		_ = f.Close()
		return err
	}
	return f.Close()
}
G
record $E gr9-gcl-nolint-pass PASS - "the unchecked Write carries //nolint:errcheck with a reason: 0 issues" -- golangci-lint run ./...
gcl_export_clean
sed -i 's|\treturn f.Close()$|\treturn f.Close() //nolint:errcheck // closing|' internal/stock/export.go
record $E gr9-gcl-nolintlint LINT_ERROR - "--enable nolintlint: a //nolint:errcheck directive where errcheck reports nothing (unused directive)" -- golangci-lint run --enable nolintlint ./...
gcl_export_clean
# run ./... from a package's directory, clean.
cd internal/stock
record $E gr9-gcl-subdir-pass PASS - "golangci-lint run ./... from internal/stock after the fix: 0 issues" -- golangci-lint run ./...
cd ../..
w cmd/inventory/main.go <<'G'
// Command inventory prints a store's items.
package main

import (
	"fmt"
	"os"

	"example.com/inventory/internal/stock"
)

func main() {
	s := stock.New()
	s.Add("bolt", 3)
	if err := s.Take("bolt", 1); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("%d items\n", s.Items())
}
G
record $E gr9-gcl-govet-printf LINT_ERROR - "govet printf: %d given a []string in cmd/inventory" -- golangci-lint run ./...
gcl_base
gcl_export_clean
w internal/stock/counter.go <<'G'
package stock

import "sync"

// Counter counts under a lock.
type Counter struct {
	mu sync.Mutex
	n  int
}

// Inc adds one.
func (c *Counter) Inc() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n++
}

// Value returns the count.
func (c Counter) Value() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}
G
record $E gr9-gcl-govet-copylocks LINT_ERROR - "govet copylocks: Counter.Value has a value receiver holding a sync.Mutex" -- golangci-lint run ./...
rm internal/stock/counter.go
w internal/stock/restock.go <<'G'
package stock

import "strings"

// Restock reports whether n more units of item fit under limit.
func (s *Store) Restock(item string, n uint, limit int) bool {
	if n < 0 {
		return false
	}
	return s.counts[strings.Title(item)]+int(n) <= limit
}
G
record $E gr9-gcl-staticcheck LINT_ERROR - "staticcheck: an unsigned value compared < 0 (SA4003) and the deprecated strings.Title (SA1019)" -- golangci-lint run ./...
rm internal/stock/restock.go
w internal/stock/legacy.go <<'G'
package stock

const legacyLimit = 100

func legacyCount(s *Store) int {
	return len(s.counts) + legacyLimit
}
G
record $E gr9-gcl-unused LINT_ERROR - "unused: an unexported function nothing calls" -- golangci-lint run ./...
rm internal/stock/legacy.go
w internal/stock/label.go <<'G'
package stock

import "strconv"

// Label names a count for display.
func Label(n int) string {
	text := "none"
	text = strconv.Itoa(n)
	if n == 0 {
		return "empty"
	}
	return text
}
G
record $E gr9-gcl-ineffassign LINT_ERROR - "ineffassign: a value assigned and overwritten before any use" -- golangci-lint run ./...
rm internal/stock/label.go
w internal/stock/audit.go <<'G'
package stock

func (s *Store) Count(itemId string) int {
	return s.counts[itemId]
}
G
record $E gr9-gcl-revive LINT_ERROR - "revive (enabled in .golangci.yml): an exported method without a comment" -- golangci-lint run ./...
rm internal/stock/audit.go
w internal/stock/hook.go <<'G'
package stock

import "os/exec"

// RunHook runs the store's post-update hook, a shell command line.
func RunHook(line string) error {
	return exec.Command("sh", "-c", line).Run()
}
G
record $E gr9-gcl-gosec LINT_ERROR - "--enable gosec: a subprocess started with a variable (G204)" -- golangci-lint run --enable gosec ./...
rm internal/stock/hook.go
w internal/stock/zz_generated.go <<'G'
// Code generated by stockgen. DO NOT EDIT.

package stock

import "os"

func init() {
	os.Setenv("STOCK_GENERATED", "1")
}
G
record $E gr9-gcl-generated-pass PASS - "an unchecked error in a file marked 'Code generated ... DO NOT EDIT.': excluded by default, 0 issues" -- golangci-lint run ./...
rm internal/stock/zz_generated.go
w internal/stock/export_test.go <<'G'
package stock

import (
	"os"
	"path/filepath"
	"testing"
)

func TestExport(t *testing.T) {
	s := New()
	s.Add("bolt", 1)
	path := filepath.Join(t.TempDir(), "items.csv")
	if err := s.Export(path); err != nil {
		t.Fatal(err)
	}
	os.Remove(path)
}
G
record $E gr9-gcl-test-file-errcheck LINT_ERROR - "an unchecked os.Remove in a _test.go file (tests are linted by default)" -- golangci-lint run ./...
record $E gr9-gcl-tests-false-pass PASS - "--tests=false: the _test.go file with the finding is not linted, 0 issues" -- golangci-lint run --tests=false ./...
cat >> .golangci.yml <<'Y'
  exclusions:
    rules:
      - path: _test\.go
        linters:
          - errcheck
Y
record $E gr9-gcl-exclusion-rule-pass PASS - "linters.exclusions.rules drops errcheck in _test.go files: 0 issues" -- golangci-lint run ./...
gcl_base
gcl_export_clean
# Code that does not compile: golangci-lint's typecheck.
sed -i 's|\t\tfmt.Println(item)|\t\tfmt.Println(item)\n\t\ts.Remove(item)|' cmd/inventory/main.go
record $E gr9-gcl-typecheck-undefined CODE_ERROR - "cmd/inventory calls s.Remove, a method Store does not have" -- golangci-lint run ./...
gcl_base
w internal/stock/limit.go <<'G'
package stock

// Limit is the most units of one item a store holds.
func Limit() int {
	var limit int = "100"
	return limit
}
G
record $E gr9-gcl-typecheck-assign CODE_ERROR - "a string constant assigned to an int variable" -- golangci-lint run ./...
w internal/stock/limit.go <<'G'
package stock

// Limit is the most units of one item a store holds.
func Limit() int {
	return 100
G
record $E gr9-gcl-syntax CODE_ERROR - "limit.go ends inside a function body: the file does not parse" -- golangci-lint run ./...
w internal/stock/limit.go <<'G'
package stock

import "strings"

// Limit is the most units of one item a store holds.
func Limit() int {
	return 100
}
G
record $E gr9-gcl-import-unused CODE_ERROR - "limit.go imports strings and does not use it (a compile error)" -- golangci-lint run ./...
w internal/stock/limit.go <<'G'
package stock

// Limit is the most units of one item a store holds.
func Limit() int {
	total := 100
	return 100
}
G
record $E gr9-gcl-var-unused CODE_ERROR - "a local variable declared and not used (a compile error)" -- golangci-lint run ./...
rm internal/stock/limit.go
sed -i 's|s.Take("bolt", 2)|s.Takes("bolt", 2)|' internal/stock/stock_test.go
record $E gr9-gcl-test-typecheck CODE_ERROR - "stock_test.go calls s.Takes, which does not exist: the test package does not compile" -- golangci-lint run ./...
gcl_base
# Build tags.
w internal/stock/snapshot_integration.go <<'G'
//go:build integration

package stock

import "os"

// Snapshot writes the item count to a fixed file for the integration suite.
func (s *Store) Snapshot() {
	os.WriteFile("/tmp/stock-snapshot", []byte("x"), 0o600)
}
G
record $E gr9-gcl-buildtag-excluded-pass PASS - "the only finding is in a file behind //go:build integration, not linted without the tag: 0 issues" -- golangci-lint run ./...
record $E gr9-gcl-buildtag-findings LINT_ERROR - "--build-tags integration: the unchecked os.WriteFile in the tagged file" -- golangci-lint run --build-tags integration ./...
w internal/stock/snapshot_integration.go <<'G'
//go:build integration

package stock

// Snapshot returns the store's items for the integration suite.
func (s *Store) Snapshot() []string {
	return s.Itemz()
}
G
record $E gr9-gcl-buildtag-typecheck CODE_ERROR - "--build-tags integration: the tagged file calls s.Itemz, which does not exist" -- golangci-lint run --build-tags integration ./...
gcl_base
# Formatters.
w internal/stock/describe.go <<'G'
package stock

import (
	"strconv"
	"fmt"
)

// Describe formats an item's count.
func (s *Store) Describe(item string) string {
  return fmt.Sprintf("%s: %s", item, strconv.Itoa(s.counts[item]))
}
G
cat >> .golangci.yml <<'Y'
formatters:
  enable:
    - gofmt
    - goimports
Y
record $E gr9-gcl-fmt-diff LINT_ERROR - "golangci-lint fmt --diff (gofmt, goimports): describe.go's imports unsorted, a body indented with spaces" -- golangci-lint fmt --diff
record $E gr9-gcl-run-formatters LINT_ERROR - "golangci-lint run with formatters enabled: describe.go is not formatted" -- golangci-lint run ./...
gofmt -w internal/stock/describe.go
record $E gr9-gcl-fmt-diff-pass PASS - "golangci-lint fmt --diff after gofmt -w: nothing to change" -- golangci-lint fmt --diff
gcl_base
w cmd/inventory/main.go <<'G'
// Command inventory prints a store's items.
package main

import (
	"example.com/inventory/internal/stock"
	"fmt"
	"os"
)

func main() {
	s := stock.New()
	s.Add("bolt", 3)
	if err := s.Take("bolt", 1); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for _, item := range s.Items() {
		fmt.Println(item)
	}
}
G
cat >> .golangci.yml <<'Y'
formatters:
  enable:
    - goimports
  settings:
    goimports:
      local-prefixes:
        - example.com/inventory
Y
record $E gr9-gcl-run-goimports-local LINT_ERROR - "golangci-lint run with goimports local-prefixes: the module's own import is not in a group of its own" -- golangci-lint run ./...
gcl_base
# Configuration mistakes.
w .golangci.yml <<'Y'
run:
  timeout: 5m
  skip-dirs:
    - vendor
linters:
  disable-all: true
  enable:
    - errcheck
    - gosimple
    - govet
    - staticcheck
linters-settings:
  errcheck:
    check-type-assertions: true
issues:
  exclude-use-default: false
Y
record $E gr9-gcl-config-v1 ENV_ERROR - "a v1 .golangci.yml (disable-all, gosimple, linters-settings, skip-dirs; no version) read by golangci-lint 2" -- golangci-lint run ./...
w .golangci.yml <<'Y'
version: "2"
linters:
  enable:
    - errcheck
    - golint
    - structcheck
Y
record $E gr9-gcl-linter-removed ENV_ERROR - "a v2 config enabling golint and structcheck, linters golangci-lint 2 no longer has" -- golangci-lint run ./...
w .golangci.yml <<'Y'
version: "2"
linters:
  default: recommended
Y
record $E gr9-gcl-default-invalid ENV_ERROR - "linters.default: recommended, not one of standard, all, none, fast" -- golangci-lint run ./...
w .golangci.yml <<'Y'
version: "2"
linters:
  default: standard
  enabled:
    - revive
  setings:
    revive:
      severity: warning
Y
record $E gr9-gcl-config-unknown-key PASS - "keys v2 does not know (linters.enabled, linters.setings), typed for enable and settings (built to fail): golangci-lint 2.15 ignores them, 0 issues" -- golangci-lint run ./...
w .golangci.yml <<'Y'
version: "2"
linters:
  default: standard
  enable: [revive, misspell
Y
record $E gr9-gcl-config-yaml-syntax ENV_ERROR - ".golangci.yml does not parse: a flow sequence never closed" -- golangci-lint run ./...
gcl_base
record $E gr9-gcl-config-path-missing ENV_ERROR - "--config .github/linters/.golangci.yml, a file that is not there" -- golangci-lint run --config .github/linters/.golangci.yml ./...
record $E gr9-gcl-v1-flag-out-format ENV_ERROR - "--out-format=github-actions, a v1 flag golangci-lint 2 does not have" -- golangci-lint run --out-format=github-actions ./...
record $E gr9-gcl-pattern-missing ENV_ERROR - "golangci-lint run ./pkg/...: the module has no pkg directory" -- golangci-lint run ./pkg/...
# Time limits.
record $E gr9-gcl-timeout-flag TIMEOUT - "--timeout=5ms: golangci-lint's own deadline fires" -- golangci-lint run --timeout=5ms ./...
printf 'run:\n  timeout: 5ms\n' >> .golangci.yml
record $E gr9-gcl-timeout-config TIMEOUT - "run.timeout: 5ms in .golangci.yml: golangci-lint's own deadline fires" -- golangci-lint run ./...
gcl_base
rm -rf "$WORK/gr9-gcl-cold"
CASE_LIMIT=1 record $E gr9-gcl-cold-cache-deadline TIMEOUT - "a cold GOLANGCI_LINT_CACHE and GOCACHE under a 1 s job deadline: the runner kills the run" -- env GOLANGCI_LINT_CACHE="$WORK/gr9-gcl-cold/lint" GOCACHE="$WORK/gr9-gcl-cold/go" golangci-lint run ./...
}

# golangci-lint run ./... from a package's directory, with findings
# (sec_gcl records the clean run there).
sec_gclsub() {
E=go
TOOL="golangci-lint $(golangci-lint --version | cut -d' ' -f4), $(go version | cut -d' ' -f3)"
project gr9-gclsub
gcl_base
gcl_export_unchecked
cd internal/stock
record $E gr9-gcl-subdir-findings LINT_ERROR - "golangci-lint run ./... from internal/stock (the config found in a parent directory): the unchecked errors" -- golangci-lint run ./...
cd ../..
}

# golangci-lint: a go.work monorepo of two modules.
sec_gclmono() {
E=go
TOOL="golangci-lint $(golangci-lint --version | cut -d' ' -f4), $(go version | cut -d' ' -f3)"
project gr9-gclmono
printf 'go 1.22\n\nuse (\n\t./services/api\n\t./services/worker\n)\n' > go.work
printf 'module example.com/api\n\ngo 1.22\n' | w services/api/go.mod
printf 'module example.com/worker\n\ngo 1.22\n' | w services/worker/go.mod
printf 'version: "2"\nlinters:\n  default: standard\n' > .golangci.yml
w services/api/health.go <<'G'
// Package api serves the health endpoint.
package api

import (
	"encoding/json"
	"net/http"
)

// Health writes the service's status as JSON.
func Health(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	if err := json.NewEncoder(w).Encode(map[string]string{"status": "ok"}); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
G
w services/worker/queue.go <<'G'
// Package worker drains a queue.
package worker

import "errors"

// ErrEmpty is returned when the queue is empty.
var ErrEmpty = errors.New("queue empty")

// Queue is a FIFO of jobs.
type Queue struct{ jobs []string }

// Push appends a job.
func (q *Queue) Push(job string) { q.jobs = append(q.jobs, job) }

// Pop removes the oldest job.
func (q *Queue) Pop() (string, error) {
	if len(q.jobs) == 0 {
		return "", ErrEmpty
	}
	job := q.jobs[0]
	q.jobs = q.jobs[1:]
	return job, nil
}
G
cd services/api
record $E gr9-gclmono-api-pass PASS - "go.work monorepo: golangci-lint run ./... in services/api (root .golangci.yml): 0 issues" -- golangci-lint run ./...
cd ../..
record $E gr9-gclmono-root-dirs-pass PASS - "go.work monorepo: golangci-lint run of both modules' directories from the root: 0 issues" -- golangci-lint run ./services/api/... ./services/worker/...
w services/worker/drain.go <<'G'
package worker

import "os"

// Drain writes every job to path, one a line.
func Drain(q *Queue, path string) {
	f, _ := os.Create(path)
	for {
		job, err := q.Pop()
		if err != nil {
			break
		}
		f.WriteString(job + "\n")
	}
	f.Close()
}
G
cd services/worker
record $E gr9-gclmono-worker-findings LINT_ERROR - "go.work monorepo: golangci-lint run ./... in services/worker: unchecked WriteString and Close (errcheck)" -- golangci-lint run ./...
cd ../..
record $E gr9-gclmono-root-dirs-findings LINT_ERROR - "go.work monorepo: both modules' directories from the root: the worker's unchecked errors" -- golangci-lint run ./services/api/... ./services/worker/...
w services/worker/drain.go <<'G'
package worker

import "os"

// Drain writes every job to path, one a line.
func Drain(q *Queue, path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	for {
		job, err := q.Pop()
		if err != nil {
			break
		}
		if _, err := f.WriteString(job + "\n"); err != nil {
			_ = f.Close()
			return err
		}
	}
	return f.Close(path)
}
G
cd services/worker
record $E gr9-gclmono-worker-typecheck CODE_ERROR - "go.work monorepo, services/worker: File.Close called with an argument (typecheck)" -- golangci-lint run ./...
cd ../..
sed -i 's|return f.Close(path)|return f.Close()|' services/worker/drain.go
cd services/worker
cd ../..
printf 'go 1.22\n\nuse (\n\t./services/api\n\t./services/billing\n\t./services/worker\n)\n' > go.work
cd services/api
record $E gr9-gclmono-work-module-missing ENV_ERROR - "go.work uses ./services/billing, which is not there: golangci-lint run ./... in services/api cannot load" -- golangci-lint run ./...
cd ../..
}

# golangci-lint: --new-from-rev in a git repository; go.sum and vendor.
sec_gclgit() {
E=go
TOOL="golangci-lint $(golangci-lint --version | cut -d' ' -f4), $(go version | cut -d' ' -f3), $(git --version)"
project gr9-gclgit
gcl_base
gcl_export_unchecked
git init -q -b main .
git add -A
git -c user.name=ci -c user.email=ci@example.com commit -q -m "stock: export"
w internal/stock/total.go <<'G'
package stock

// Total is the number of units held of every item.
func (s *Store) Total() int {
	total := 0
	for _, n := range s.counts {
		total += n
	}
	return total
}
G
git add -A
git -c user.name=ci -c user.email=ci@example.com commit -q -m "stock: total"
record $E gr9-gcl-new-from-rev-pass PASS - "--new-from-rev HEAD~1: the last commit adds clean code; the older unchecked errors are not reported" -- golangci-lint run --new-from-rev HEAD~1 ./...
w internal/stock/total.go <<'G'
package stock

import "os"

// Total is the number of units held of every item.
func (s *Store) Total() int {
	total := 0
	for _, n := range s.counts {
		total += n
	}
	os.Setenv("STOCK_TOTAL", "set")
	return total
}
G
git add -A
git -c user.name=ci -c user.email=ci@example.com commit -q -m "stock: total env"
record $E gr9-gcl-new-from-rev-findings LINT_ERROR - "--new-from-rev HEAD~1: the last commit adds an unchecked os.Setenv" -- golangci-lint run --new-from-rev HEAD~1 ./...

TOOL="golangci-lint $(golangci-lint --version | cut -d' ' -f4), $(go version | cut -d' ' -f3)"
project gr9-gcldep
printf 'module example.com/banner\n\ngo 1.22\n\nrequire github.com/fatih/color v1.19.0\n' > go.mod
w banner.go <<'G'
// Package banner prints coloured banners.
package banner

import "github.com/fatih/color"

// Print prints msg in bold green.
func Print(msg string) {
	color.New(color.FgGreen, color.Bold).Println(msg)
}
G
printf 'version: "2"\nlinters:\n  default: standard\n  settings:\n    errcheck:\n      exclude-functions:\n        - (*github.com/fatih/color.Color).Println\n' > .golangci.yml
record $E gr9-gcldep-gosum-missing ENV_ERROR - "go.mod requires github.com/fatih/color but there is no go.sum: missing go.sum entry" -- golangci-lint run ./...
go mod tidy >/dev/null 2>&1 || echo "grow9: go mod tidy failed in gr9-gcldep" >&2
record $E gr9-gcldep-pass PASS - "after go mod tidy: golangci-lint run, 0 issues" -- golangci-lint run ./...
go mod vendor >/dev/null 2>&1 || echo "grow9: go mod vendor failed in gr9-gcldep" >&2
sed -i 's|github.com/fatih/color v1.19.0|github.com/fatih/color v1.18.0|' go.mod
record $E gr9-gcldep-vendor-inconsistent ENV_ERROR - "vendor/ made for fatih/color v1.19.0, go.mod then moved to v1.18.0: inconsistent vendoring" -- golangci-lint run ./...
}

########################################################################
# yamllint: a repository's GitHub workflow and compose files.
sec_yaml() {
E=shell
TOOL="$(yamllint --version)"
project gr9-yamllint
w .github/workflows/ci.yml <<'Y'
---
name: ci
"on":
  push:
    branches: [main]
  pull_request:
jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-go@v5
        with:
          go-version: "1.22"
      - run: go test ./...
Y
w compose.yaml <<'Y'
---
services:
  db:
    image: postgres:16
    environment:
      POSTGRES_PASSWORD: example
    ports:
      - "5432:5432"
  app:
    build: .
    depends_on:
      - db
Y
w .yamllint <<'Y'
---
extends: default
rules:
  line-length:
    max: 120
  truthy:
    check-keys: false
Y
record $E gr9-yamllint-pass PASS - "yamllint . with a .yamllint extending default: nothing to report" -- yamllint .
w compose.yaml <<'Y'
---
services:
  db:
    image: postgres:16   
    environment:
      POSTGRES_PASSWORD: example
    ports:
       - "5432:5432"
  app:
    build: .
    build: ./app
    depends_on:
      - db
Y
record $E gr9-yamllint-findings LINT_ERROR - "compose.yaml: trailing spaces, a wrong indentation, a duplicated key (errors)" -- yamllint .
w compose.yaml <<'Y'
services:
  db:
    image: postgres:16
    environment:
      POSTGRES_PASSWORD: example  #the default
    ports:
      - "5432:5432"
Y
record $E gr9-yamllint-warnings-pass PASS - "only warnings (no document start, a comment without a space): yamllint exits 0" -- yamllint .
record $E gr9-yamllint-strict-warnings LINT_ERROR - "yamllint --strict: the same warnings fail the run" -- yamllint --strict .
w compose.yaml <<'Y'
---
services:
  db:
    image: "postgres:16
    ports:
      - "5432:5432"
Y
record $E gr9-yamllint-syntax CODE_ERROR - "compose.yaml does not parse: a quoted scalar never closed" -- yamllint .
w compose.yaml <<'Y'
---
services:
  db:
    image: postgres:16
Y
record $E gr9-yamllint-config-missing ENV_ERROR - "yamllint -c .yamllint-ci.yml: the file is not there" -- yamllint -c .yamllint-ci.yml .
w .yamllint <<'Y'
---
extends: default
rules:
  line-lenght:
    max: 120
Y
record $E gr9-yamllint-config-unknown-rule ENV_ERROR - ".yamllint configures line-lenght, a rule that does not exist" -- yamllint .
w .yamllint <<'Y'
---
extends: default
rules:
  line-length:
  max: 120
    level: warning
Y
record $E gr9-yamllint-config-syntax ENV_ERROR - ".yamllint does not parse (a bad indent)" -- yamllint .
w .yamllint <<'Y'
---
extends: default
Y
record $E gr9-yamllint-path-missing ENV_ERROR - "yamllint deploy/: the directory is not there" -- yamllint deploy/
}

########################################################################
# codespell: a repository's docs and sources.
sec_spell() {
E=shell
TOOL="codespell $(codespell --version)"
project gr9-codespell
w README.md <<'M'
# inventory

A small service that keeps item counts and exports them as CSV.

## Usage

Run the server and send it the items you receive from suppliers.
M
w docs/guide.md <<'M'
# Guide

Each item is stored separately, and a restock occurs when the count drops
under the limit.
M
w src/app.py <<'P'
"""Receive items and store them."""


def receive(store, item, count):
    """Add count units of item to the store."""
    store[item] = store.get(item, 0) + count
    return store
P
record $E gr9-codespell-pass PASS - "codespell README.md docs src: nothing misspelt" -- codespell README.md docs src
w docs/guide.md <<'M'
# Guide

Each item is stored seperately, and a restock occured when the count drops
under the limit. Items you recieve are added.
M
record $E gr9-codespell-findings LINT_ERROR - "docs/guide.md: seperately, occured, recieve" -- codespell README.md docs src
w docs/guide.md <<'M'
# Guide

Each item is stored separately, and a restock occurs when the count drops
under the limit.
M
w vendor/github.com/acme/csvx/README.md <<'M'
# csvx

Writes CSV files. Adress fields are quoted; the seperator is configurable.
M
record $E gr9-codespell-vendor-findings LINT_ERROR - "codespell . with no configuration: the vendored library's README is misspelt" -- codespell .
w .codespellrc <<'I'
[codespell]
skip = ./vendor,*.lock,./.git
I
record $E gr9-codespell-skip-pass PASS - ".codespellrc skips ./vendor: nothing misspelt in the project's own files" -- codespell .
w .codespellrc <<'I'
skip = ./vendor,*.lock
I
record $E gr9-codespell-rc-syntax ENV_ERROR - ".codespellrc has no [codespell] section header: it does not parse" -- codespell .
w .codespellrc <<'I'
[codespell]
skip = ./vendor,*.lock,./.git
I
record $E gr9-codespell-bad-option ENV_ERROR - "codespell --check-hidden-files, an option it does not have" -- codespell --check-hidden-files .
record $E gr9-codespell-ignore-file-missing ENV_ERROR - "codespell -I .codespell-ignore, a file that is not there" -- codespell -I .codespell-ignore .
w src/app.py <<'P'
"""Receive items and store them."""


def receive(store, item, count):
    """Add count units of item to the store, unless it is teh sentinel."""
    store[item] = store.get(item, 0) + count
    return store
P
w .codespellrc <<'I'
[codespell]
skip = ./vendor,*.lock,./.git
ignore-words-list = teh
I
record $E gr9-codespell-ignore-list-pass PASS - "the one misspelling is in .codespellrc's ignore-words-list: nothing reported" -- codespell .
}

########################################################################
# cppcheck: a small C library and program.
cpp_base() {
	w include/buffer.h <<'C'
#ifndef BUFFER_H
#define BUFFER_H

#include <stddef.h>

struct buffer {
	char *data;
	size_t len;
	size_t cap;
};

int buffer_init(struct buffer *b, size_t cap);
int buffer_append(struct buffer *b, const char *s, size_t n);
void buffer_free(struct buffer *b);

#endif
C
	w src/buffer.c <<'C'
#include <stdlib.h>
#include <string.h>
#include "buffer.h"

int buffer_init(struct buffer *b, size_t cap)
{
	b->data = malloc(cap);
	if (b->data == NULL)
		return -1;
	b->len = 0;
	b->cap = cap;
	return 0;
}

int buffer_append(struct buffer *b, const char *s, size_t n)
{
	if (b->len + n > b->cap)
		return -1;
	memcpy(b->data + b->len, s, n);
	b->len += n;
	return 0;
}

void buffer_free(struct buffer *b)
{
	free(b->data);
	b->data = NULL;
	b->len = 0;
	b->cap = 0;
}
C
	w src/main.c <<'C'
#include <stdio.h>
#include "buffer.h"

int main(void)
{
	struct buffer b;

	if (buffer_init(&b, 64) != 0)
		return 1;
	if (buffer_append(&b, "hello", 5) != 0) {
		buffer_free(&b);
		return 1;
	}
	printf("%.*s\n", (int)b.len, b.data);
	buffer_free(&b);
	return 0;
}
C
}

sec_cppcheck() {
E=c
TOOL="$(cppcheck --version)"
project gr9-cppcheck
cpp_base
record $E gr9-cppcheck-pass PASS - "cppcheck --enable=warning,style,performance,portability --error-exitcode=1 -Iinclude src: nothing found" -- cppcheck --enable=warning,style,performance,portability --error-exitcode=1 --inline-suppr -Iinclude src
w src/tag.c <<'C'
#include <string.h>
#include "buffer.h"

int buffer_tag(struct buffer *b)
{
	char tag[4];

	strcpy(tag, "long tag");
	return buffer_append(b, tag, strlen(tag));
}
C
record $E gr9-cppcheck-overflow LINT_ERROR - "--error-exitcode=1: strcpy of 9 bytes into char[4] (bufferAccessOutOfBounds)" -- cppcheck --enable=warning,style,performance,portability --error-exitcode=1 --inline-suppr -Iinclude src
record $E gr9-cppcheck-default-exit-pass PASS - "the same overflow without --error-exitcode: cppcheck reports it and exits 0 (a report-only step)" -- cppcheck --enable=warning -Iinclude src
printf 'bufferAccessOutOfBounds:src/tag.c\n' > cppcheck-suppressions.txt
record $E gr9-cppcheck-suppressions-pass PASS - "--suppressions-list suppresses the overflow in src/tag.c: nothing left" -- cppcheck --enable=warning,style,performance,portability --error-exitcode=1 --suppressions-list=cppcheck-suppressions.txt -Iinclude src
rm src/tag.c cppcheck-suppressions.txt
w src/copy.c <<'C'
#include <stdlib.h>
#include <string.h>
#include "buffer.h"

int buffer_sum(const struct buffer *b)
{
	int sum;
	size_t i;

	for (i = 0; i < b->len; i++)
		sum += b->data[i];
	return sum;
}
C
record $E gr9-cppcheck-uninit LINT_ERROR - "--error-exitcode=1: sum is read before it is set (uninitvar)" -- cppcheck --enable=warning,style,performance,portability --error-exitcode=1 --inline-suppr -Iinclude src
w src/copy.c <<'C'
#include "buffer.h"

size_t buffer_room(const struct buffer *b)
{
	if (b->len > b->cap) {
		return 0;
	return b->cap - b->len;
}
C
record $E gr9-cppcheck-syntax CODE_ERROR - "src/copy.c: a brace never closed (syntaxError)" -- cppcheck --enable=warning,style,performance,portability --error-exitcode=1 --inline-suppr -Iinclude src
rm src/copy.c
sed -i 's|#include "buffer.h"|#include "config.h"\n#include "buffer.h"|' src/main.c
record $E gr9-cppcheck-include-missing PASS - "main.c includes config.h, generated by a configure step never run; --enable=missingInclude --error-exitcode=1 with -I build/include, a directory that is not there (built to fail): cppcheck 2.10 reports missingInclude as information and exits 0" -- cppcheck --enable=warning,missingInclude --error-exitcode=1 -Iinclude -Ibuild/include src
sed -i 's|#include "config.h"|#include "config.h"\n#ifndef PACKAGE_VERSION\n#error "config.h was not generated: run ./configure first"\n#endif|' src/main.c
record $E gr9-cppcheck-config-h-error PASS - "main.c stops with #error when config.h (made by ./configure, never run) does not define PACKAGE_VERSION (built to fail): cppcheck checks the configuration that defines it instead and exits 0" -- cppcheck --enable=warning --error-exitcode=1 -Iinclude src
record $E gr9-cppcheck-config-h-error-defines ENV_ERROR - "the same with -DNDEBUG (cppcheck checks only the configuration given): main.c's #error, config.h never generated" -- cppcheck --enable=warning --error-exitcode=1 -DNDEBUG -Iinclude src
cpp_base
record $E gr9-cppcheck-path-missing ENV_ERROR - "cppcheck source/: no such path" -- cppcheck --enable=warning --error-exitcode=1 -Iinclude source

E=cpp
project gr9-cppcheck-cpp
w src/account.hpp <<'C'
#pragma once

#include <string>
#include <utility>

class Account {
public:
	explicit Account(std::string owner) : owner_(std::move(owner)), balance_(0) {}
	void deposit(long cents) { balance_ += cents; }
	long balance() const { return balance_; }
	const std::string &owner() const { return owner_; }

private:
	std::string owner_;
	long balance_;
};
C
w src/main.cpp <<'C'
#include <iostream>
#include "account.hpp"

int main()
{
	Account a("ada");
	a.deposit(250);
	std::cout << a.owner() << ' ' << a.balance() << '\n';
	return 0;
}
C
record $E gr9-cppcheck-cpp-pass PASS - "cppcheck of a C++ project, --enable=warning,performance --error-exitcode=1: nothing found" -- cppcheck --enable=warning,performance --error-exitcode=1 --language=c++ -Isrc src
sed -i 's|explicit Account(std::string owner) : owner_(std::move(owner)), balance_(0) {}|explicit Account(std::string owner) : owner_(std::move(owner)) {}|' src/account.hpp
record $E gr9-cppcheck-cpp-uninit-member LINT_ERROR - "Account's constructor leaves balance_ uninitialised (uninitMemberVar)" -- cppcheck --enable=warning,performance --error-exitcode=1 --language=c++ -Isrc src
}

########################################################################
# bandit: a python package.
sec_bandit() {
E=python
TOOL="bandit $(bandit --version 2>/dev/null | head -1 | cut -d' ' -f2), $(python3 --version)"
project gr9-bandit
w src/shipments/__init__.py <<'P'
"""Shipments."""
P
w src/shipments/store.py <<'P'
"""Store shipments as JSON."""
import json


def load(path):
    """Read the shipments in path."""
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def save(path, shipments):
    """Write shipments to path."""
    with open(path, "w", encoding="utf-8") as f:
        json.dump(shipments, f)
P
w tests/test_store.py <<'P'
"""Tests of the store."""
from shipments import store


def test_round_trip(tmp_path):
    path = tmp_path / "s.json"
    store.save(path, [1, 2])
    assert store.load(path) == [1, 2]
P
record $E gr9-bandit-pass PASS - "bandit -r src: no issues identified" -- bandit -r src
w src/shipments/remote.py <<'P'
"""Fetch shipments from the carrier."""
import pickle
import subprocess

import yaml

API_PASSWORD = "hunter2"


def fetch(host):
    """Copy the carrier's manifest from host."""
    subprocess.call("scp " + host + ":manifest.yml .", shell=True)
    with open("manifest.yml", encoding="utf-8") as f:
        return yaml.load(f)


def restore(blob):
    """Restore a cached manifest."""
    return pickle.loads(blob)
P
record $E gr9-bandit-findings LINT_ERROR - "bandit -r src: shell=True with a built command, yaml.load, pickle.loads, a hard-coded password" -- bandit -r src
rm src/shipments/remote.py
w src/shipments/remote.py <<'P'
"""Fetch shipments from the carrier."""
import subprocess


def fetch(host):
    """Copy the carrier's manifest from host."""
    subprocess.run(["scp", host + ":manifest.yml", "."], check=True)
P
record $E gr9-bandit-low-findings LINT_ERROR - "bandit -r src: only low-severity findings (import subprocess, a partial path)" -- bandit -r src
record $E gr9-bandit-high-only-pass PASS - "bandit -r src -lll (high severity only): the low-severity findings are not reported" -- bandit -r src -lll
w src/shipments/remote.py <<'P'
"""Fetch shipments from the carrier."""
import subprocess  # nosec B404


def fetch(host):
    """Copy the carrier's manifest from host."""
    subprocess.run(["/usr/bin/scp", host + ":manifest.yml", "."], check=True)  # nosec B603
P
record $E gr9-bandit-nosec-pass PASS - "the findings carry # nosec: bandit -r src reports none" -- bandit -r src
record $E gr9-bandit-config-missing ENV_ERROR - "bandit -c .bandit.yml, a file that is not there" -- bandit -c .bandit.yml -r src
printf 'skips: [B101\nexclude_dirs: ["tests"]\n' > .bandit.yml
record $E gr9-bandit-config-syntax ENV_ERROR - ".bandit.yml does not parse: a flow sequence never closed" -- bandit -c .bandit.yml -r src
rm .bandit.yml
w src/shipments/remote.py <<'P'
"""Fetch shipments from the carrier."""
import subprocess  # nosec B404


def fetch(host):
    """Copy the carrier's manifest from host."""
    subprocess.run(["/usr/bin/scp", host + ":manifest.yml", "."], check=True  # nosec B603
P
record $E gr9-bandit-syntax PASS - "remote.py does not parse: a call never closed (built to fail; held out, it exited 0: labelled from the exit code alone, output unread)" -- bandit -r src
}

for s in ${ONLY:-gcl gclsub gclmono gclgit yaml spell cppcheck bandit}; do
	command -v golangci-lint >/dev/null || case $s in gcl*) echo "grow9: golangci-lint is not installed (see the header)" >&2; continue ;; esac
	"sec_$s"
done
