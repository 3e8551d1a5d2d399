#!/usr/bin/env bash
# Scores the upstream part of the failure-type corpus through the real
# `autoverify run` with its defaults (cmd/autoverify/upstream_cli_test.go):
# each case a real public project's tree (../shared/realhistory) at a
# commit, changed by a recipe of scripts/corpus/upstream/prepare.sh, its
# real command run by the CLI. AUTOVERIFY_UPSTREAM_CASES=a,b runs only
# those; AUTOVERIFY_SHOW_HOLDOUT=1 names held-out misses (for the end).
# The golangci-lint cases (upstream20) need scripts/golangci-lint.sh first.
set -eu
cd "$(dirname "$0")/../.."
AUTOVERIFY_UPSTREAM=1 exec go test ./cmd/autoverify/ -run 'TestUpstreamThroughTheCLI$' -count=1 -v -timeout 150m "$@"
