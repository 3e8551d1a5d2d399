#!/usr/bin/env bash
# Gates overhead on real suites (issue 30): BenchmarkGatesOverheadReal on
# every real fix of the real-history corpus (tuned and held-out: nothing
# is tuned on a cost), a gates run against running the test command on the
# base and on the head: `go test -count=1 ./...` for the Go projects,
# Debian's `python3 -m pytest` (PYTHONPATH=src) for the Python ones.
# Needs ../shared/realhistory. Run it on an otherwise idle machine; the 54
# Go fixes take about 40 minutes on two cores (1x: about 20), the 20 Python
# fixes a few minutes. docs/benchmarks.md took every third Go fix at 1x,
# old and new builds alternating.
#
#   bash scripts/bench-gates-real.sh [BENCHTIME] [go|python|all]   (default 2x all)
#
# Prints one line per fix (milliseconds, overhead in percent, whether
# REFACTOR ran base versions at head, whether the base's suite ran in
# RED's tree, whether the head's suite ran without the change's tests) and
# the median overheads, for each language and for all.
set -euo pipefail
cd "$(dirname "$0")/.."
benchtime=${1:-2x}
which=${2:-all}
case "$which" in
go | python | all) ;;
*)
	echo "bench-gates-real.sh: the second argument is go, python or all, not $which" >&2
	exit 2
	;;
esac
cases=$(awk -F'\t' -v which="$which" '$5 == "fix" && $10 == "-" {
	py = $2 ~ /^(tomli|click|markupsafe)$/
	if (which == "all" || (which == "python") == py) print $1
}' integrations/gaterun/testdata/realhistory/cases.tsv)
go test -c -o /tmp/gaterun-bench.test ./integrations/gaterun/
printf '%-22s %9s %9s %9s %10s %5s %8s %7s\n' fix twice-ms gates-ms overhead +static f-ran b-beside g-apart
results=$(mktemp)
trap 'rm -f "$results"' EXIT
for c in $cases; do
	out=$(cd integrations/gaterun && AUTOVERIFY_REALHISTORY_BENCH=$c /tmp/gaterun-bench.test -test.run XXX -test.bench GatesOverheadReal -test.benchtime "$benchtime" 2>&1) || { echo "$c: $out" >&2; exit 1; }
	line=$(grep '^BenchmarkGatesOverheadReal' <<<"$out")
	metric() { awk -v m="$1" '{for (i = 2; i < NF; i++) if ($(i+1) == m) print $i}' <<<"$line"; }
	printf '%-22s %9s %9s %8.1f%% %9.1f%% %5s %8s %7s\n' "$c" "$(metric twice-ms)" "$(metric gates-ms)" "$(metric overhead-%)" "$(metric overhead+vet-%)" "$(metric f-ran)" "$(metric b-beside)" "$(metric g-apart)"
	case "$c" in tomli/* | click/* | markupsafe/*) lang=python ;; *) lang=go ;; esac
	echo "$(metric overhead-%) $(metric overhead+vet-%) $(metric f-ran) $lang" >>"$results"
done
median() { sort -n | awk '{a[NR] = $1} END {if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
for lang in go python all; do
	rows=$(awk -v l="$lang" 'l == "all" || $4 == l' "$results")
	[ -n "$rows" ] || continue
	echo "$lang: median overhead: $(awk '{print $1}' <<<"$rows" | median)% (with the static check: $(awk '{print $2}' <<<"$rows" | median)%)"
	echo "$lang: median overhead where REFACTOR ran base versions: $(awk '$3 == 1 {print $1}' <<<"$rows" | median)%; where it did not: $(awk '$3 == 0 {print $1}' <<<"$rows" | median)%"
	echo "$lang: fixes under 20 %: $(awk '$1 < 20' <<<"$rows" | wc -l) of $(wc -l <<<"$rows")"
done
