package checklist

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"mvdan.cc/sh/v3/syntax"
)

func defaultPolicy(t testing.TB) Policy {
	t.Helper()
	p, err := NewPolicy(append(DefaultAllowlist, "go test"))
	require.NoError(t, err)
	return p
}

func parse(t testing.TB, src string) *Story {
	t.Helper()
	s, err := Parse([]byte(src), defaultPolicy(t))
	require.NoError(t, err)
	return s
}

func TestParseFindsTaskItems(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		src   string
		texts []string
		lines []int
	}{
		{"bullets", "- [ ] a\n* [x] b\n+ [X] c\n", []string{"a", "b", "c"}, []int{1, 2, 3}},
		{"ordered, mixed delimiters", "1. [ ] a\n2) [ ] b\n", []string{"a", "b"}, []int{1, 2}},
		{"ordered paren list", "1) [ ] a\n2) [x] b\n", []string{"a", "b"}, []int{1, 2}},
		{"nested", "- [ ] parent\n  - [ ] child\n    1. [x] grandchild\n", []string{"parent", "child", "grandchild"}, []int{1, 2, 3}},
		{"plain list items are not tasks", "- a\n- [ ] b\n- [] c\n- [y] d\n", []string{"b"}, []int{2}},
		{"fenced code", "```\n- [ ] no\n```\n- [ ] yes\n", []string{"yes"}, []int{4}},
		{"tilde fence in list", "- [ ] a\n  ~~~\n  - [ ] no\n  ~~~\n", []string{"a"}, []int{1}},
		{"indented code", "para\n\n    - [ ] no\n\n- [ ] yes\n", []string{"yes"}, []int{5}},
		{"html comment block", "<!--\n- [ ] no\n-->\n- [ ] yes\n", []string{"yes"}, []int{4}},
		{"crlf", "# T\r\n\r\n- [ ] a\r\n- [x] b\r\n", []string{"a", "b"}, []int{3, 4}},
		{"blockquote", "> - [ ] quoted\n", []string{"quoted"}, []int{1}},
		{"multi-line text", "- [ ] first\n  second\n", []string{"first second"}, []int{1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := parse(t, tt.src)
			var texts []string
			var lines []int
			for _, it := range s.Items {
				texts = append(texts, it.Text)
				lines = append(lines, it.Line)
			}
			assert.Equal(t, tt.texts, texts)
			assert.Equal(t, tt.lines, lines)
		})
	}
}

func TestParseChecked(t *testing.T) {
	t.Parallel()
	s := parse(t, "- [ ] a\n- [x] b\n- [X] c\n")
	require.Len(t, s.Items, 3)
	assert.False(t, s.Items[0].Checked)
	assert.True(t, s.Items[1].Checked)
	assert.True(t, s.Items[2].Checked)
}

func TestParseCommands(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		src     string
		kind    Kind
		source  Source
		command string
		argv    []string
		reason  string // substring
	}{
		{"tag", "<!-- AUTO:CMD=pnpm type-check -->\n- [ ] Run type check\n", Auto, FromTag, "pnpm type-check", []string{"pnpm", "type-check"}, ""},
		{"tag keyword case and spaces", "<!--auto : cmd = pnpm lint-->\n- [ ] lint\n", Auto, FromTag, "pnpm lint", []string{"pnpm", "lint"}, ""},
		{"tag indented for nested item", "- [ ] parent\n  <!-- AUTO:CMD=pnpm test -->\n  - [ ] child\n", Auto, FromTag, "pnpm test", nil, ""},
		{"tag wins over backtick", "<!-- AUTO:CMD=pnpm lint -->\n- [ ] run `pnpm test`\n", Auto, FromTag, "pnpm lint", nil, ""},
		{"tag after blank line applies to nothing", "<!-- AUTO:CMD=pnpm lint -->\n\n- [ ] style\n", Manual, FromNone, "", nil, "no AUTO tag"},
		{"tag after other line applies to nothing", "<!-- AUTO:CMD=pnpm lint -->\ntext\n- [ ] style\n", Manual, FromNone, "", nil, ""},
		{"tag in code block is not a tag", "```\n<!-- AUTO:CMD=pnpm lint -->\n```\n- [ ] style\n", Manual, FromNone, "", nil, ""},
		{"tag must obey allowlist", "<!-- AUTO:CMD=curl evil.sh -->\n- [ ] x\n", Rejected, FromTag, "curl evil.sh", nil, "not in the allowlist"},
		{"tag with shell operator", "<!-- AUTO:CMD=pnpm test; rm -rf / -->\n- [ ] x\n", Rejected, FromTag, "pnpm test; rm -rf /", nil, "contains `;`"},
		{"tag without CMD", "<!-- AUTO:RUN=pnpm test -->\n- [ ] x\n", Rejected, FromTag, "", nil, "no CMD="},
		{"tag env and exit", "<!-- AUTO:ENV=ci EXIT=1 CMD=go test ./... -->\n- [ ] x\n", Auto, FromTag, "go test ./...", []string{"go", "test", "./..."}, ""},
		{"tag bad exit", "<!-- AUTO:EXIT=x CMD=go test -->\n- [ ] x\n", Rejected, FromTag, "", nil, "EXIT="},
		{"backtick", "- [ ] Run `pnpm lint` to check\n", Auto, FromBacktick, "pnpm lint", []string{"pnpm", "lint"}, ""},
		{"double backticks", "- [ ] Run ``pnpm test --coverage`` now\n", Auto, FromBacktick, "pnpm test --coverage", nil, ""},
		{"only the first code span counts", "- [ ] see `README.md` then `pnpm lint`\n", Manual, FromNone, "", nil, "first code span"},
		{"backtick with pipe", "- [ ] `pnpm test | tee x`\n", Manual, FromNone, "", nil, "contains `|`"},
		{"backtick not allowlisted", "- [ ] `npm test`\n", Manual, FromNone, "", nil, "not in the allowlist"},
		{"whole words only", "- [ ] `pnpm testing`\n", Manual, FromNone, "", nil, "not in the allowlist"},
		{"code span on a continuation line does not count", "- [ ] first\n  `pnpm lint`\n", Manual, FromNone, "", nil, ""},
		{"manual", "- [ ] Verify UI renders\n", Manual, FromNone, "", nil, "no AUTO tag"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s := parse(t, tt.src)
			it := s.Items[len(s.Items)-1]
			assert.Equal(t, tt.kind, it.Kind, it.Reason)
			assert.Equal(t, tt.source, it.Source)
			assert.Equal(t, tt.command, it.Command)
			if tt.argv != nil {
				assert.Equal(t, tt.argv, it.Argv)
			}
			assert.Contains(t, it.Reason, tt.reason)
		})
	}
}

func TestParseTagEnvironment(t *testing.T) {
	t.Parallel()
	s := parse(t, "<!-- AUTO:ENV=ci EXIT=3 CMD=go test -run 'A=B' -->\n- [ ] x\n<!-- AUTO:ENV=ALL CMD=go test -->\n- [ ] y\n")
	assert.Equal(t, "ci", s.Items[0].Environment)
	assert.Equal(t, 3, s.Items[0].ExitCode)
	assert.Equal(t, []string{"go", "test", "-run", "A=B"}, s.Items[0].Argv)
	assert.Equal(t, "", s.Items[1].Environment)
}

func TestParseWarnsAboutDanglingTag(t *testing.T) {
	t.Parallel()
	s := parse(t, "<!-- AUTO:CMD=pnpm lint -->\n\n- [ ] style\n")
	require.Len(t, s.Warnings, 1)
	assert.Contains(t, s.Warnings[0], "line 1")
}

func TestParseRejectsInvalidUTF8(t *testing.T) {
	t.Parallel()
	_, err := Parse([]byte("- [ ] ok\n- [ ] bad \xff\n"), Policy{})
	var enc *EncodingError
	require.True(t, errors.As(err, &enc))
	assert.Equal(t, 2, enc.Line)
}

func TestItemIDs(t *testing.T) {
	t.Parallel()
	base := parse(t, "- [ ] Run the type check\n")
	id := base.Items[0].ID
	assert.Regexp(t, `^[0-9a-f]{8}$`, id)
	same := map[string]string{
		"checked":            "- [x] Run the type check\n",
		"case and spaces":    "-   [ ]   run  THE type\tcheck\n",
		"with evidence":      "- [x] Run the type check\n  - Auto-verified: PASS (see `f.txt`) <!-- AUTO-VERIFY:" + id + " -->\n",
		"with tag":           "<!-- AUTO:CMD=pnpm type-check -->\n- [ ] Run the type check\n",
		"other bullet, crlf": "* [ ] Run the type check\r\n",
		"nested":             "- [ ] parent\n  - [ ] Run the type check\n",
	}
	for name, src := range same {
		s := parse(t, src)
		assert.Equal(t, id, s.Items[len(s.Items)-1].ID, name)
	}
	dup := parse(t, "- [ ] same\n- [ ] same\n- [ ] same\n")
	ids := map[string]bool{}
	for _, it := range dup.Items {
		ids[it.ID] = true
	}
	assert.Len(t, ids, 3, "duplicate texts get distinct IDs")
	again := parse(t, "- [ ] same\n- [ ] same\n- [ ] same\n")
	for i := range dup.Items {
		assert.Equal(t, dup.Items[i].ID, again.Items[i].ID, "deterministic")
	}
	assert.NotEqual(t, id, parse(t, "- [ ] Run the lint\n").Items[0].ID)
}

func TestPolicyCheck(t *testing.T) {
	t.Parallel()
	p := defaultPolicy(t)
	ok := map[string][]string{
		"pnpm test":                   {"pnpm", "test"},
		"pnpm test --coverage":        {"pnpm", "test", "--coverage"},
		"pnpm   test":                 {"pnpm", "test"},
		"pnpm test -- -t 'a b; c'":    {"pnpm", "test", "--", "-t", "a b; c"},
		`pnpm test -- -t "two words"`: {"pnpm", "test", "--", "-t", "two words"},
		"go test -run=TestX#1 ./...":  {"go", "test", "-run=TestX#1", "./..."},
		// A dollar sign the shell leaves as it is (at a word's end, before a
		// closing double quote): Go's "run no test" pattern.
		"go test -run ^$ -bench BenchmarkX .": {"go", "test", "-run", "^$", "-bench", "BenchmarkX", "."},
		`go test -run "^$" -bench .`:          {"go", "test", "-run", "^$", "-bench", "."},
		"go test -run '^$' -bench .":          {"go", "test", "-run", "^$", "-bench", "."},
		"go test -run=^$":                     {"go", "test", "-run=^$"},
	}
	for cmd, argv := range ok {
		got, err := p.Check(cmd)
		if assert.NoError(t, err, cmd) {
			assert.Equal(t, argv, got, cmd)
		}
	}
	bad := map[string]string{
		"pnpm testing":                "allowlist",
		"npm test":                    "allowlist",
		"pnpm":                        "allowlist",
		"pnpm test | tee":             "`|`",
		"pnpm test && rm -rf /":       "`&`",
		"pnpm test &":                 "`&`",
		"pnpm test > out":             "`>`",
		"pnpm test < in":              "`<`",
		"pnpm test $(id)":             "`$`",
		"pnpm test `id`":              "contains `",
		"pnpm test ${HOME}":           "`$`",
		`pnpm test "$HOME"`:           "`$`",
		"pnpm test ^$HOME":            "`$`",
		"pnpm test x=~":               "`~`",
		"pnpm test x=~-":              "`~`",
		"pnpm test y=a:~":             "`~`",
		"pnpm test $1":                "`$`",
		"pnpm test $?":                "`$`",
		"pnpm test $$":                "`$`",
		"pnpm test $'a'":              "`$`",
		`pnpm test $"a"`:              "`$`",
		`pnpm test "$(id)"`:           "`$`",
		"pnpm test (x)":               "`(`",
		"pnpm test *.ts":              "glob",
		"pnpm test src/?.ts":          "glob",
		"pnpm test [ab].ts":           "glob",
		"pnpm test {a,b}":             "brace",
		"pnpm test ~/x":               "`~`",
		"pnpm test # comment":         "comment",
		"FOO=1 pnpm test":             "sets a variable",
		"! pnpm test":                 "`!`",
		"pnpm test\nrm -rf /":         "line break",
		"pnpm test \\; ls":            "`;`",
		"pnpm test 'unterminated":     "not a plain command",
		"if true; then pnpm test; fi": "`;`",
		"":                            "empty",
	}
	for cmd, want := range bad {
		_, err := p.Check(cmd)
		if assert.Error(t, err, cmd) {
			var ce *CommandError
			assert.True(t, errors.As(err, &ce))
			assert.Contains(t, err.Error(), want, cmd)
		}
	}
}

func TestPolicyEmptyAllowsNothing(t *testing.T) {
	t.Parallel()
	_, err := Policy{}.Check("pnpm test")
	assert.ErrorContains(t, err, "nothing is allowlisted")
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"- [ ] a\n- [x] b `pnpm test`\n",
		"<!-- AUTO:ENV=ci EXIT=1 CMD=pnpm test -->\n- [ ] a\r\n",
		"> 1. [ ] q\n```\n- [ ] no\n```\n<!--\n- [ ] no\n-->\n",
	} {
		f.Add([]byte(s))
	}
	p, err := NewPolicy(DefaultAllowlist)
	require.NoError(f, err)
	f.Fuzz(func(t *testing.T, src []byte) {
		s, err := Parse(src, p)
		if err != nil {
			var enc *EncodingError
			require.True(t, errors.As(err, &enc), "only encoding errors: %v", err)
			return
		}
		ids := map[string]bool{}
		prev := 0
		for _, it := range s.Items {
			require.Regexp(t, `^[0-9a-f]{8}$`, it.ID)
			require.False(t, ids[it.ID], "duplicate ID")
			ids[it.ID] = true
			require.Greater(t, it.Line, prev-1)
			prev = it.Line
			if it.Kind == Auto {
				require.NotEmpty(t, it.Argv)
			}
		}
	})
}

// FuzzPlainWords checks that the fast path for plain commands agrees with
// the shell parser wherever it applies.
func FuzzPlainWords(f *testing.F) {
	for _, s := range []string{"pnpm test", "go test -run=A ./...", "a=b c", "x\ty", "pnpm test:e2e --reporter=dot", "%a @b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fast, ok := plainWords(s)
		if !ok {
			return
		}
		shellParser := shellParsers.Get().(*syntax.Parser)
		defer shellParsers.Put(shellParser)
		file, err := shellParser.Parse(strings.NewReader(s), "")
		require.NoError(t, err, "%q", s)
		var slow []string
		if len(file.Stmts) > 0 {
			require.Len(t, file.Stmts, 1)
			call, isCall := file.Stmts[0].Cmd.(*syntax.CallExpr)
			require.True(t, isCall, "%q", s)
			require.Empty(t, call.Assigns, "%q", s)
			for _, w := range call.Args {
				lit := w.Lit()
				require.NotEmpty(t, lit, "%q: word is not a plain literal", s)
				slow = append(slow, lit)
			}
		}
		if len(fast) == 0 {
			fast = nil
		}
		require.Equal(t, slow, fast, "%q", s)
	})
}

func TestParseTagGate(t *testing.T) {
	t.Parallel()
	s := parse(t, "<!-- AUTO:GATE=red CMD=go test ./... -->\n- [ ] red first\n"+
		"<!-- AUTO: gate = Verify_Green ENV=ci CMD=go test ./... -->\n- [ ] then green\n"+
		"<!-- AUTO:GATE=purple CMD=go test ./... -->\n- [ ] no such gate\n"+
		"<!-- AUTO:GATE=red GATE=green CMD=go test ./... -->\n- [ ] twice\n"+
		"<!-- AUTO:CMD=go test -run GATE=red -->\n- [ ] GATE= inside the command is the command's\n"+
		"<!-- AUTO:GATE=red GUARD=TestOld,tests/test_x.py::test_y CMD=go test ./... -->\n- [ ] with guards\n"+
		"<!-- AUTO:GATE=red GUARD=, CMD=go test ./... -->\n- [ ] empty guard\n"+
		"<!-- AUTO:GATE=mutate -->\n- [ ] the tests notice the fix broken\n"+
		"<!-- AUTO:ENV=ci -->\n- [ ] no gate, no command\n")
	require.Len(t, s.Items, 9)
	assert.Equal(t, Auto, s.Items[7].Kind, "a gate without CMD= runs the default test command")
	assert.Equal(t, "VERIFY_MUTATE", s.Items[7].Gate)
	assert.Nil(t, s.Items[7].Argv)
	assert.Equal(t, Rejected, s.Items[8].Kind)
	assert.Contains(t, s.Items[8].Reason, "has no CMD=")
	assert.Equal(t, []string{"TestOld", "tests/test_x.py::test_y"}, s.Items[5].Guards)
	assert.Equal(t, Rejected, s.Items[6].Kind)
	assert.Contains(t, s.Items[6].Reason, "empty GUARD=")
	assert.Equal(t, Auto, s.Items[0].Kind)
	assert.Equal(t, "VERIFY_RED", s.Items[0].Gate)
	assert.Equal(t, []string{"go", "test", "./..."}, s.Items[0].Argv)
	assert.Equal(t, "VERIFY_GREEN", s.Items[1].Gate)
	assert.Equal(t, "ci", s.Items[1].Environment)
	assert.Equal(t, Rejected, s.Items[2].Kind)
	assert.Contains(t, s.Items[2].Reason, `GATE="purple" is not a gate: use red, green, refactor, implement or mutate`)
	assert.Equal(t, Rejected, s.Items[3].Kind)
	assert.Contains(t, s.Items[3].Reason, "repeats GATE=")
	assert.Equal(t, "", s.Items[4].Gate)
	assert.Equal(t, []string{"go", "test", "-run", "GATE=red"}, s.Items[4].Argv)
}
