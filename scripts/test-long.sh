#!/usr/bin/env bash
# Every test, the long end-to-end ones included (the whole suite took
# 1,369 s in the project's CI before the quick subset): the project's test
# command (scripts/test.sh) without -short.
# CI runs the quick subset; run this before a change to the gates, the
# runners or the CLI's end-to-end paths lands.
set -euo pipefail
cd "$(dirname "$0")/.."
AUTOVERIFY_TEST_LONG=1 exec bash scripts/test.sh "$@"
