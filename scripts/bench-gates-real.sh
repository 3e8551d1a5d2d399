#!/usr/bin/env bash
# Gates overhead on real suites (issue 30): BenchmarkGatesOverheadReal on
# every real Go fix of the real-history corpus (tuned and held-out: nothing
# is tuned on a cost), a gates run against running `go test -count=1 ./...`
# on the base and on the head. Needs ../shared/realhistory. Run it on an
# otherwise idle machine; it takes about 40 minutes on two cores (1x: about
# 20; docs/benchmarks.md took every third fix at 1x, old and new builds
# alternating).
#
#   bash scripts/bench-gates-real.sh [BENCHTIME]   (default 2x)
#
# Prints one line per fix (milliseconds, overhead in percent, whether
# REFACTOR ran base versions at head, whether the base's suite ran in
# RED's tree, whether the head's suite ran without the change's tests) and
# the median overheads.
set -euo pipefail
cd "$(dirname "$0")/.."
benchtime=${1:-2x}
cases=$(awk -F'\t' '$5 == "fix" && $2 !~ /^(tomli|click|markupsafe)$/ && $10 == "-" {print $1}' integrations/gaterun/testdata/realhistory/cases.tsv)
go test -c -o /tmp/gaterun-bench.test ./integrations/gaterun/
printf '%-22s %9s %9s %9s %10s %5s %8s %7s\n' fix twice-ms gates-ms overhead +vet f-ran b-beside g-apart
results=$(mktemp)
trap 'rm -f "$results"' EXIT
for c in $cases; do
	out=$(cd integrations/gaterun && AUTOVERIFY_REALHISTORY_BENCH=$c /tmp/gaterun-bench.test -test.run XXX -test.bench GatesOverheadReal -test.benchtime "$benchtime" 2>&1) || { echo "$c: $out" >&2; exit 1; }
	line=$(grep '^BenchmarkGatesOverheadReal' <<<"$out")
	metric() { awk -v m="$1" '{for (i = 2; i < NF; i++) if ($(i+1) == m) print $i}' <<<"$line"; }
	printf '%-22s %9s %9s %8.1f%% %9.1f%% %5s %8s %7s\n' "$c" "$(metric twice-ms)" "$(metric gates-ms)" "$(metric overhead-%)" "$(metric overhead+vet-%)" "$(metric f-ran)" "$(metric b-beside)" "$(metric g-apart)"
	echo "$(metric overhead-%) $(metric overhead+vet-%) $(metric f-ran)" >>"$results"
done
median() { sort -n | awk '{a[NR] = $1} END {if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
echo "median overhead: $(awk '{print $1}' "$results" | median)% (with go vet: $(awk '{print $2}' "$results" | median)%)"
echo "median overhead where REFACTOR ran base versions: $(awk '$3 == 1 {print $1}' "$results" | median)%; where it did not: $(awk '$3 == 0 {print $1}' "$results" | median)%"
echo "fixes under 20 %: $(awk '$1 < 20' "$results" | wc -l) of $(wc -l <"$results")"
