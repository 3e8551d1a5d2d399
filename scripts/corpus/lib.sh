#!/usr/bin/env bash
# Shared helpers of the corpus generators (sourced, not run).
#
# Each generator builds tiny projects under $WORK, runs REAL tools on them
# and records each run with `record`: the command line, the exit code,
# whether the runner's deadline killed it, the tool's version and the exact
# combined stdout+stderr, under bot/failure/testdata/corpus/<ecosystem>/.
# The label (PASS or a failure type), the expected test counts and a
# one-line reason are written by the generator from what the scenario was
# built to do, into labels.tsv; they are then re-read against each output
# (the second reading) before the corpus is committed.
#
# The split (tune or holdout) is fixed from a hash of the case's name when
# it is recorded, before any classification: holdout cases are never used
# to tune the rules.
set -u

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
CORPUS=$ROOT/bot/failure/testdata/corpus
WORK=${WORK:-/tmp/autoverify-corpus}
LABELS=$CORPUS/labels.tsv
export LANG=C.UTF-8 LC_ALL=C.UTF-8 NO_COLOR=${NO_COLOR-}
export PATH="/usr/local/go/bin:$HOME/.cargo/bin:/usr/bin:/bin:/usr/local/bin"

mkdir -p "$CORPUS" "$WORK"
[ -f "$LABELS" ] || printf 'case\tlabel\tsplit\ttests\treason\n' > "$LABELS"

# project NAME: a fresh scratch directory for one scenario; cd into it.
project() {
	rm -rf "${WORK:?}/$1"
	mkdir -p "$WORK/$1"
	cd "$WORK/$1" || exit 1
}

# split NAME: holdout for about one case in three, by a hash of the name.
# A generator may fix the split instead with SPLIT (tune, or fresh: the
# hold-out recorded after the first hold-out part had been inspected), or
# name its own held-out part with HELDOUT (grow4.sh: grow4-heldout), which
# then takes the third that would be holdout.
split() {
	if [ -n "${SPLIT:-}" ]; then
		echo "$SPLIT"
		return
	fi
	local h
	h=$(printf '%s' "$1" | cksum | cut -d' ' -f1)
	if [ $((h % 3)) -eq 0 ]; then echo "${HELDOUT:-holdout}"; else echo tune; fi
}

# record ECO NAME LABEL TESTS REASON -- ARGV...
#   LABEL: PASS or a failure type; TESTS: run/passed/failed/skipped, or -
#   when the output is not a test tool's structured account.
#   CASE_LIMIT (seconds, default 120) is the runner's deadline: when it
#   fires the command's process group is killed and timed_out is true.
#   TOOL names the tool and version for the header.
#   RUN_AS (a user name) runs the command as that user (setpriv, no
#   supplementary groups, a HOME of its own) and says so in the header
#   (# user:): the generators run as root, which no file permission
#   stops, while a CI runner's user is not root.
record() {
	local eco=$1 name=$2 label=$3 tests=$4 reason=$5
	shift 6
	local dir=$CORPUS/$eco out code killed=false
	mkdir -p "$dir"
	out=$(mktemp)
	local as=()
	if [ -n "${RUN_AS:-}" ]; then
		mkdir -p "$WORK/.home-$RUN_AS"
		chown "$RUN_AS" "$WORK/.home-$RUN_AS"
		as=(setpriv --reuid="$(id -u "$RUN_AS")" --regid="$(id -g "$RUN_AS")" --clear-groups env HOME="$WORK/.home-$RUN_AS")
	fi
	setsid "${as[@]}" "$@" > "$out" 2>&1 < /dev/null &
	local pid=$!
	(
		sleep "${CASE_LIMIT:-120}"
		if kill -0 "$pid" 2>/dev/null; then
			touch "$out.killed"
			kill -KILL -- "-$pid" 2>/dev/null
		fi
	) &
	local wd=$!
	wait "$pid"
	code=$?
	kill "$wd" 2>/dev/null
	wait "$wd" 2>/dev/null
	if [ -e "$out.killed" ]; then
		killed=true
		rm -f "$out.killed"
	fi
	{
		printf '# cmd: %s\n' "$*"
		printf '# exit: %d\n' "$code"
		printf '# timed_out: %s\n' "$killed"
		printf '# tool: %s\n' "${TOOL:-unknown}"
		[ -z "${RUN_AS:-}" ] || printf '# user: %s\n' "$RUN_AS"
		printf -- '---\n'
		cat "$out"
	} > "$dir/$name.txt"
	rm -f "$out"
	# One row per case: re-recording replaces the row.
	local key="$eco/$name"
	grep -v -P "^\Q$key\E\t" "$LABELS" > "$LABELS.tmp" || true
	mv "$LABELS.tmp" "$LABELS"
	printf '%s\t%s\t%s\t%s\t%s\n' "$key" "$label" "$(split "$key")" "$tests" "$reason" >> "$LABELS"
	printf '%-8s %-40s exit %3d %-12s %s\n' "$eco" "$name" "$code" "$label" "$tests" >&2
}

# need stops the recording when a tool the script uses is missing.
need() {
	command -v "$1" >/dev/null || { echo "$(basename "$0" .sh): $1 is not installed (see the header)" >&2; exit 1; }
}

# node_bin puts node_modules/.bin/ scripts in the current project that
# start Debian's jest (and ESLint) under NodeSource's node — the place npx
# and npm scripts look, as in a real project. NODE_BINS names which ("jest"
# or "jest eslint"); Debian's jest and ESLint read their modules from
# /usr/share/nodejs, which NodeSource's node does not search, and jest
# reads a Debian-only process.config field, set here.
node_bin() {
	mkdir -p node_modules/.bin
	cat > node_modules/.bin/debian-node-config.js <<'JS'
// Debian's jest-config reads node_relative_path, which only Debian's
// node build sets.
const c = JSON.parse(JSON.stringify(process.config));
c.variables.node_relative_path = 'share/nodejs:lib/nodejs';
c.variables.node_prefix = '/usr';
Object.defineProperty(process, 'config', { value: c, configurable: true, enumerable: true });
JS
	local bin
	for bin in ${NODE_BINS:-jest}; do
		case $bin in
		jest) printf '#!/bin/sh\nNODE_PATH=/usr/share/nodejs exec node -r "$(dirname "$0")/debian-node-config.js" /usr/share/nodejs/jest/bin/jest.js "$@"\n' > node_modules/.bin/jest ;;
		eslint) printf '#!/bin/sh\nNODE_PATH=/usr/share/nodejs exec node /usr/share/nodejs/eslint/bin/eslint.js "$@"\n' > node_modules/.bin/eslint ;;
		esac
		chmod +x "node_modules/.bin/$bin"
	done
}

# w FILE: write stdin to FILE, making its directory.
w() {
	mkdir -p "$(dirname "$1")"
	cat > "$1"
}

# edit FILE SED-EXPR: sed -i that stops the recording when it changed
# nothing (a scenario that silently stays as it was).
edit() {
	local f=$1 before
	before=$(cksum < "$f")
	sed -i "$2" "$f"
	[ "$before" != "$(cksum < "$f")" ] || { echo "$(basename "$0"): the edit of $f did not apply: $2" >&2; exit 1; }
}
