package testresults

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDetect(t *testing.T) {
	t.Parallel()
	for cmd, want := range map[string]Tool{
		"go test ./...":                     GoTest,
		"go test -run TestX -count=1 ./pkg": GoTest,
		"go vet ./...":                      NotATest,
		"pytest -q tests":                   Pytest,
		"python3 -m pytest":                 Pytest,
		"poetry run pytest":                 Pytest,
		"uv run pytest -x":                  Pytest,
		"python -m unittest discover":       Unittest,
		"python3 -m mypy .":                 NotATest,
		"node --test":                       NodeTest,
		"node index.js":                     NotATest,
		"npm test":                          NPMTest,
		"npm run test:unit":                 NPMTest,
		"pnpm test":                         NPMTest,
		"yarn test:e2e":                     NPMTest,
		"npm run lint":                      NotATest,
		"npx jest --ci":                     Jest,
		"cargo test --workspace":            Cargo,
		"cargo nextest run":                 Nextest,
		"cargo build":                       NotATest,
		"mvn -B test":                       Maven,
		"./mvnw verify":                     Maven,
		"./gradlew test":                    Gradle,
		"gradle :app:test":                  Gradle,
		"bundle exec rspec":                 RSpec,
		"rake test":                         Rake,
		"vendor/bin/phpunit tests":          PHPUnit,
		"php -l x.php":                      NotATest,
		"ctest --output-on-failure":         CTest,
		"bats test/":                        Bats,
		"deno test":                         DenoTest,
		"bun test":                          BunTest,
		"make test":                         MakeTest,
		"make build":                        NotATest,
		"env CI=1 go test ./...":            GoTest,
		"CI=1 pytest":                       Pytest,
		"timeout 60 go test ./...":          GoTest,
		"/usr/local/go/bin/go test ./...":   GoTest,
		"sh -c pytest":                      NotATest,
		"shellcheck run.sh":                 NotATest,
		// Monorepos: a check run in a subdirectory by the tool's own
		// option, whose value is not the subcommand.
		"go -C services/api test ./...":  GoTest,
		"go -C test vet ./...":           NotATest,
		"npm --prefix packages/web test": NPMTest,
		"npm test -w packages/api":       NPMTest,
		"npm -w packages/api run lint":   NotATest,
		"make -C web test":               MakeTest,
		"make -f ci.mk -C web lint":      NotATest,
		"pnpm --filter api test":         NPMTest,
		"pytest-3 -q":                    Pytest,
	} {
		assert.Equal(t, want, Detect(strings.Fields(cmd)), cmd)
	}
	assert.Equal(t, NotATest, Detect(nil))
}

func TestWithReporting(t *testing.T) {
	t.Parallel()
	tests := []struct {
		cmd, report, want string
		format            Format
	}{
		{"go test ./...", "", "go test -json ./...", FormatGoJSON},
		{"go test -run TestX ./pkg", "r.xml", "go test -json -run TestX ./pkg", FormatGoJSON},
		{"go test -json ./...", "", "go test -json ./...", FormatUnknown},
		{"go test -c ./pkg", "", "go test -c ./pkg", FormatUnknown},
		{"go test -exec sudo ./...", "", "go test -exec sudo ./...", FormatUnknown},
		// Through a wrapper the words after the wrapper are not go's.
		{"timeout 60 go test ./...", "", "timeout 60 go test ./...", FormatUnknown},
		{"pytest -q", "/tmp/r.xml", "pytest -q --junitxml=/tmp/r.xml", FormatJUnit},
		{"python3 -m pytest", "r.xml", "python3 -m pytest --junitxml=r.xml", FormatJUnit},
		{"pytest -q", "", "pytest -q", FormatUnknown},
		{"pytest --junitxml=mine.xml", "r.xml", "pytest --junitxml=mine.xml", FormatUnknown},
		{"cargo test", "r.xml", "cargo test", FormatUnknown},
		{"make test", "r.xml", "make test", FormatUnknown},
		// go -C DIR: -json goes after the subcommand, not after a
		// directory that happens to be named test.
		{"go -C test test ./...", "", "go -C test test -json ./...", FormatGoJSON},
		{"go -C services/api test -count=1 ./...", "", "go -C services/api test -json -count=1 ./...", FormatGoJSON},
		{"go -C test vet ./...", "", "go -C test vet ./...", FormatUnknown},
	}
	for _, tt := range tests {
		argv := strings.Fields(tt.cmd)
		orig := append([]string{}, argv...)
		got, format := WithReporting(argv, tt.report)
		assert.Equal(t, tt.want, strings.Join(got, " "), tt.cmd)
		assert.Equal(t, tt.format, format, tt.cmd)
		assert.Equal(t, orig, argv, "%s: the caller's argv is not changed", tt.cmd)
	}
}

func TestNoTestsRan(t *testing.T) {
	t.Parallel()
	zero := Parse([]byte("ok  \texample.com/x\t0.002s [no tests to run]\n"))
	assert.True(t, NoTestsRan([]string{"go", "test", "-run", "TestNope", "./..."}, zero))
	assert.False(t, NoTestsRan([]string{"make", "build"}, zero), "not a test command")
	skipped := Results{Format: FormatPytest, Skipped: 3}
	assert.True(t, NoTestsRan([]string{"pytest"}, skipped), "all skipped proves nothing")
	assert.False(t, NoTestsRan([]string{"pytest"}, Results{Format: FormatPytest, Run: 1, Passed: 1}))
	assert.False(t, NoTestsRan([]string{"pytest"}, Results{Format: FormatUnknown}), "unreadable output says nothing")
	assert.False(t, NoTestsRan([]string{"go", "test"}, Results{Format: FormatGoText, Partial: true}))
	// pytest --fixtures ends "no tests ran": listing was what it was asked.
	none := Parse([]byte("collected 90 items\ncache -- .../_pytest/cacheprovider.py:510\n\n===== no tests ran in 0.08s =====\n"))
	require.True(t, none.Known())
	assert.False(t, NoTestsRan([]string{"pytest-3", "--fixtures", "-o", "pythonpath=src", "tests/test_basic.py"}, none))
	assert.True(t, NoTestsRan([]string{"pytest-3", "-o", "pythonpath=src", "tests/test_basic.py"}, none))
}

// TestListsOnly: the runners' modes that list or describe tests instead
// of running them.
func TestListsOnly(t *testing.T) {
	t.Parallel()
	for _, argv := range [][]string{
		{"pytest", "--fixtures"}, {"pytest-3", "--co", "-q", "tests"}, {"python", "-m", "pytest", "--collect-only"},
		{"pytest", "--markers"}, {"pytest", "--setup-plan", "tests"}, {"go", "test", "-list", ".", "./..."},
		{"go", "test", "-list=Test.*", "."}, {"npx", "jest", "--listTests"}, {"vitest", "list"},
		{"cargo", "test", "--", "--list"}, {"cargo", "nextest", "list"}, {"phpunit", "--list-tests"},
	} {
		assert.True(t, listsOnly(Detect(argv), argv), "%q", argv)
	}
	for _, argv := range [][]string{
		{"pytest", "tests"}, {"pytest", "-k", "fixtures"}, {"go", "test", "-run", "List", "."}, {"jest"},
		{"vitest", "run", "list"}, {"cargo", "test", "list"}, {"echo", "--fixtures"}, {"phpunit", "--filter", "list"},
	} {
		assert.False(t, listsOnly(Detect(argv), argv), "%q", argv)
	}
}
