#!/usr/bin/env bash
# The real-history corpus in full (issue 30): every case of
# integrations/gaterun/testdata/realhistory/cases.tsv — real commits of the
# public projects in ../shared/realhistory, and bad heads built on real
# fixes — judged by the gates and compared with a reviewer's labels. Prints
# the figures, tuned and held-out apart, and the tuned cases one by one.
#
#   bash scripts/realhistory.sh [--cli] [OUT]
#
# --cli judges each case through the built CLI, as a user runs it from the
# clone's root: `autoverify gates --base B --head H --json`, the default
# test command, the allowlist set (every project must set one), nothing
# else. Without it the replay calls gaterun.Run with Debian's pytest named.
# OUT (default: none) is a file the figures are written to as well.
# AUTOVERIFY_REALHISTORY names the bundles' directory (default
# ../shared/realhistory); AUTOVERIFY_REALHISTORY_SHOW_HELDOUT=1 prints the
# held-out cases one by one too — only when reporting at the end.
# `go test` alone runs a quick subset of nine cases.
set -euo pipefail
cd "$(dirname "$0")/.."
cli=
if [ "${1:-}" = --cli ]; then
	cli=$(mktemp -d)/autoverify
	go build -o "$cli" ./cmd/autoverify
	shift
fi
out=${1:-}
if [ -n "$out" ]; then out=$(realpath -m "$out"); fi
log=$(mktemp)
trap 'rm -f "$log"; if [ -n "$cli" ]; then rm -rf "$(dirname "$cli")"; fi' EXIT
status=0
AUTOVERIFY_REALHISTORY_CLI="$cli" AUTOVERIFY_REALHISTORY_FULL=1 AUTOVERIFY_REALHISTORY_REPORT="$out" \
	go test -count=1 -timeout 90m -run '^TestRealHistory$' -v ./integrations/gaterun/ >"$log" 2>&1 || status=$?
if grep -q 'SKIPPED LOUDLY' "$log"; then
	grep 'SKIPPED LOUDLY' "$log" >&2
	exit 2
fi
# The figures block is the test's last log entry; the per-case lines are
# in it too.
sed -n '/real-history corpus: the gates against/,/^--- /p' "$log" | sed '$d' | sed 's/^        //'
if [ "$status" -ne 0 ]; then
	grep -E '^\s+(--- FAIL|realhistory_test.go:.*Error)' "$log" >&2 || true
	echo "the replay itself failed (exit $status): see go test -v -run TestRealHistory ./integrations/gaterun/" >&2
fi
exit "$status"
