#!/usr/bin/env bash
# Regenerates the whole corpus (bot/failure/testdata/corpus) by running
# every generator. Tools come from Debian bookworm packages:
#   apt-get install -y ruby rake ruby-rspec ruby-minitest rubocop php-cli \
#     phpunit shellcheck bats cmake flake8 mypy node-typescript junit4 \
#     python3-pytest python3-pytest-timeout maven default-jdk-headless
# and node 20 from NodeSource's nodejs package, which bundles npm (Debian's
# npm package conflicts with it, so it is not in the list).
# plus Go (go.dev tarball) and Rust (rustup, with clippy and rustfmt).
# Nothing else needs them: the Go tests replay the recorded outputs.
# Outputs embed scratch paths and timings, so a rerun changes the files;
# re-read the labels (labels.tsv) against the new outputs before committing.
set -eu
cd "$(dirname "$0")"
for g in go python node typescript rust shell make java ruby php c cpp perl setup evidence limits; do
	bash "$g.sh"
done
# The fresh hold-out part (fresh/README).
for g in fresh/*.sh; do
	bash "$g"
done
# The third blind hold-out part (blind3/README).
for g in blind3/*.sh; do
	bash "$g"
done
# The fourth growth: pylint, jest, ESLint, golangci-lint, clippy workspaces
# and monorepo layouts, with a held-out third of its own (grow4-heldout);
# its header lists the tools it needs beyond the ones above.
bash grow4.sh
# The fifth growth: more runs of those tools, chiefly setup failures and
# code that does not load, with a held-out third of its own
# (grow5-heldout); some of its cases run as the user nobody (setpriv).
bash grow5.sh
