#!/usr/bin/env bash
# The mutation gate's tests on real repositories, each run one at a time
# and on workers, checking both give the same verdict (CI runs them on
# workers only; see runBothWays in integrations/gaterun).
set -euo pipefail
cd "$(dirname "$0")/.."
AUTOVERIFY_MUTATE_BOTH_WAYS=1 go test -count=1 -race -run 'Mutate' ./integrations/gaterun/ "$@"
