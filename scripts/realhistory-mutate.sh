#!/usr/bin/env bash
# VERIFY_MUTATE on the real fixes (Go and Python) of the real-history corpus
# (issue 32; AUTOVERIFY_REALHISTORY_MUTATE_ECO=go or python keeps one):
# each fix's mutation score on its changed lines with the project's own
# tests, and the gate's cost in runs of the head's whole suite, with the
# mutants one at a time and on workers (one per CPU; both must agree).
# Prints the table docs/benchmarks.md quotes and each survivor. Needs the bundles of
# ../shared/realhistory (or AUTOVERIFY_REALHISTORY).
set -euo pipefail
cd "$(dirname "$0")/.."
AUTOVERIFY_REALHISTORY_MUTATE=1 go test -count=1 -timeout 90m -run '^TestRealHistoryMutation$' -v ./integrations/gaterun/ |
	grep -v '^=== ' | sed 's/^ *realhistory_mutate_test.go:[0-9]*: //'
