#!/usr/bin/env bash
# Replays every recorded run of the corpus through the real `autoverify
# run` (cmd/autoverify/corpus_cli_test.go): each case a git repository
# whose story's check is the recorded command, a fake of the recorded
# program printing the recorded output, the default settings (two
# reviewers, the sandbox, the story's relative path). It prints the figure
# per split beside failure.Read's in-process one; they must agree. Without
# AUTOVERIFY_CORPUS_CLI=all, `go test ./cmd/autoverify/` replays one case
# in eight. Takes about three minutes on two cores.
set -eu
cd "$(dirname "$0")/../.."
AUTOVERIFY_CORPUS_CLI=all exec go test ./cmd/autoverify/ -run 'TestCorpusThroughTheCLI$' -count=1 -v -timeout 30m "$@"
