#!/usr/bin/env bash
# The cost of a Go build cache nobody warmed (docs/benchmarks.md, "A build
# cache nobody warmed"): `autoverify gates` on a one-file module (a fix of
# Abs and its test), from a cache in three states, with the CLI's defaults
# but the allowlist the gates' commands need.
#
#   bash scripts/bench-gocache.sh [AUTOVERIFY_BINARY] [ROUNDS]
#
# AUTOVERIFY_BINARY defaults to a build of this checkout (give an older
# commit's build to compare); ROUNDS (default 3) runs of each state after
# the first. The states, each a fresh cache directory:
#   empty     nothing in it
#   vetted    after `go vet ./...` of this repository (what CI has before
#             its tests)
#   tested    after one `go test` of another module outside the sandbox
# Prints each run's wall time; the first run of a state includes the
# runner's warm-up, where the binary has one.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
rounds=${2:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -n "${1:-}" ]; then cp "$1" "$work/autoverify"; else go build -o "$work/autoverify" ./cmd/autoverify; fi

mod="$work/calc"
mkdir -p "$mod"
cd "$mod"
printf 'module example.com/calc\n\ngo 1.21\n' >go.mod
printf 'package calc\n\nfunc Abs(x int) int { return x }\n' >calc.go
printf 'package calc\n\nimport "testing"\n\nfunc TestAbsPositive(t *testing.T) {\n\tif Abs(2) != 2 {\n\t\tt.Fatal()\n\t}\n}\n' >calc_test.go
git init -q . && git add -A && git -c user.name=bench -c user.email=bench@example.com commit -qm base
printf 'package calc\n\nfunc Abs(x int) int {\n\tif x < 0 {\n\t\treturn -x\n\t}\n\treturn x\n}\n' >calc.go
printf '\nfunc TestAbsNegative(t *testing.T) {\n\tif Abs(-2) != 2 {\n\t\tt.Fatal()\n\t}\n}\n' >>calc_test.go
git add -A && git -c user.name=bench -c user.email=bench@example.com commit -qm fix

fill() {
	case $1 in
	empty) ;;
	vetted) (cd "$repo" && GOCACHE="$2" go vet ./... >/dev/null) ;;
	tested)
		mkdir -p "$work/other"
		cp "$mod/go.mod" "$mod/calc.go" "$mod/calc_test.go" "$work/other/"
		(cd "$work/other" && GOCACHE="$2" go test -count=1 . >/dev/null)
		;;
	esac
}

echo "$(nproc) cores; $(go version | cut -d' ' -f3)"
for state in empty vetted tested; do
	cache="$work/cache-$state"
	mkdir -p "$cache"
	fill "$state" "$cache"
	for i in $(seq 0 "$rounds"); do
		rm -rf .autoverify reports
		start=$(date +%s.%N)
		code=0
		GOCACHE=$cache ENGINEO_AUTOVERIFY_ALLOWLIST="go test ./...,go vet ./..." \
			"$work/autoverify" gates --base HEAD~1 --head HEAD >"$work/out.txt" 2>&1 || code=$?
		end=$(date +%s.%N)
		if [ "$code" -ne 0 ]; then
			echo "gates exited $code:" >&2
			tail -n 20 "$work/out.txt" >&2
			exit 1
		fi
		label=run
		[ "$i" -eq 0 ] && label="first run"
		printf '%-7s %-9s %6.2f s\n' "$state" "$label" "$(echo "$end - $start" | bc)"
	done
done
