#!/usr/bin/env bash
# record.sh [CASE...]: prepares each case of cases.tsv (all when none is
# named) into a temporary directory with prepare.sh and runs its command the
# way autoverify's runner roughly does (no network but a loopback interface
# that is up, as in a bwrap --unshare-net sandbox; an empty private HOME, a
# small fixed environment, the case's time limit or 120 s, SIGKILL). It
# prints the exit code of every case; the output only for tune cases
# (upstream-tune, upstream2-tune, upstream3-tune, upstream4-tune,
# upstream5-tune, upstream6-tune, upstream7-tune, upstream8-tune,
# upstream9-tune, upstream10-tune, upstream11-tune, upstream12-tune, upstream13-tune, upstream14-tune, upstream15-tune, upstream16-tune, upstream17-tune, upstream18-tune, upstream19-tune, upstream20-tune; a held-out case's output goes
# to /dev/null, unread).
# `record.sh up2-` runs every case whose name starts with the prefix (the
# second recording's cases are named up2-*, the third's up3-*, the fourth's
# up4-*, the fifth's up5-*, the sixth's up6-*, the seventh's up7-*, the
# eighth's up8-*, the ninth's up9-*, the tenth's up10-*, the eleventh's up11-*, the
# twelfth's up12-*, the thirteenth's up13-*, the fourteenth's up14-*, the fifteenth's up15-*, the sixteenth's up16-*, the seventeenth's up17-*, the eighteenth's up18-*, the nineteenth's up19-*, the twentieth's up20-*).
# It writes the
# exit code it saw into the exit column of cases.tsv ("killed" when the time
# limit killed the command).
#
# One departure from the runner, for time: Go's build cache is shared
# between runs (GOCACHE=/tmp/up/gocache, warmed once) instead of starting
# empty in each private HOME, since a cold standard-library build takes
# 60-120 s on the 2-CPU recording machine. Test results are never cached
# for failing runs, so exit codes do not change; only the run time does.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
tsv="$here/cases.tsv"
scratch="${UPSTREAM_SCRATCH:-/tmp/up/rec}"
mkdir -p "$scratch"
gocache="${UPSTREAM_GOCACHE:-/tmp/up/gocache}"
mkdir -p "$gocache"

split_of() {
  local h part=upstream
  case "$1" in up2-*) part=upstream2 ;; up3-*) part=upstream3 ;; up4-*) part=upstream4 ;; up5-*) part=upstream5 ;; up6-*) part=upstream6 ;; up7-*) part=upstream7 ;; up8-*) part=upstream8 ;; up9-*) part=upstream9 ;; up10-*) part=upstream10 ;; up11-*) part=upstream11 ;; up12-*) part=upstream12 ;; up13-*) part=upstream13 ;; up14-*) part=upstream14 ;; up15-*) part=upstream15 ;; up16-*) part=upstream16 ;; up17-*) part=upstream17 ;; up18-*) part=upstream18 ;; up19-*) part=upstream19 ;; up20-*) part=upstream20 ;; esac
  h=$(printf '%s' "$1" | cksum | cut -d' ' -f1)
  if [ $((h % 3)) -eq 0 ]; then echo "$part-heldout"; else echo "$part-tune"; fi
}

if [ $# -eq 0 ]; then
  mapfile -t cases < <(tail -n +2 "$tsv" | cut -f1)
elif [ $# -eq 1 ] && [ "${1%-}" != "$1" ]; then
  # one argument ending in "-" is a case-name prefix: every case whose name starts with it
  mapfile -t cases < <(tail -n +2 "$tsv" | cut -f1 | awk -v p="$1" 'index($0, p) == 1')
else
  cases=("$@")
fi

for c in "${cases[@]}"; do
  row=$(awk -F'\t' -v c="$c" 'NR > 1 && $1 == c' "$tsv")
  if [ -z "$row" ]; then echo "record.sh: no case $c" >&2; exit 1; fi
  IFS=$'\t' read -r _ _ _ _ cmd tmo _ _ split _ <<<"$row"
  want=$(split_of "$c")
  if [ "$split" != "$want" ]; then echo "record.sh: $c: split column $split, computed $want" >&2; exit 1; fi
  dir="$scratch/$c"
  rm -rf "$dir"
  if ! bash "$here/prepare.sh" "$c" "$dir" >"$scratch/$c.prepare.log" 2>&1; then
    echo "== $c: prepare failed"; cat "$scratch/$c.prepare.log"; exit 1
  fi
  mapfile -d '' -t words < <(/usr/bin/python3 -c 'import shlex, sys; sys.stdout.write("".join(w + "\0" for w in shlex.split(sys.argv[1])))' "$cmd")
  limit=120
  [ "$tmo" != "-" ] && limit="$tmo"
  home=$(mktemp -d /tmp/up/home.XXXXXX)
  out="$scratch/$c.out"
  case "$split" in *-heldout) out=/dev/null ;; esac
  set +e
  (cd "$dir" && unshare -n sh -c 'ip link set lo up && exec "$@"' sh env -i PATH=/usr/local/go/bin:/usr/local/bin:/usr/bin:/bin HOME="$home" GOCACHE="$gocache" \
     LANG=C.UTF-8 LC_ALL=C.UTF-8 TZ=UTC PYTHONHASHSEED=0 NO_COLOR=1 CI=true \
     timeout -s KILL "$limit" "${words[@]}") >"$out" 2>&1 </dev/null
  rc=$?
  set -e
  chmod -R u+w "$home" 2>/dev/null || true
  rm -rf "$home"
  ex=$rc
  [ "$rc" -eq 137 ] && ex=killed
  (
    flock 9
    awk -F'\t' -v OFS='\t' -v c="$c" -v e="$ex" 'NR > 1 && $1 == c { $7 = e } { print }' "$tsv" >"$tsv.new.$$" && mv "$tsv.new.$$" "$tsv"
  ) 9>"$scratch/cases.lock"
  if [ "$split" != "${split%-tune}" ]; then
    echo "== $c [$split] exit $ex: $cmd"
    head -c 6000 "$out"; echo
  else
    echo "== $c [$split] exit $ex (output not read)"
  fi
  chmod -R u+w "$dir" 2>/dev/null || true
  rm -rf "$dir"
done
