package cli

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParseArgsTakesFlagsOnEitherSide(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		args    []string
		wantPos []string
		wantDir string
	}{
		"flags first":       {[]string{"--workdir", "x", "S.md"}, []string{"S.md"}, "x"},
		"flags after":       {[]string{"S.md", "--workdir", "x"}, []string{"S.md"}, "x"},
		"between":           {[]string{"a", "--workdir=x", "b"}, []string{"a", "b"}, "x"},
		"double dash":       {[]string{"a", "--", "--workdir", "x"}, []string{"a", "--workdir", "x"}, "."},
		"nothing":           {nil, nil, "."},
		"positionals alone": {[]string{"a", "b"}, []string{"a", "b"}, "."},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			fs := FlagSet("run", &bytes.Buffer{})
			dir := fs.String("workdir", ".", "")
			pos, err := ParseArgs(fs, tc.args)
			require.NoError(t, err)
			assert.Equal(t, tc.wantPos, pos)
			assert.Equal(t, tc.wantDir, *dir)
		})
	}
}

func TestParseArgsErrors(t *testing.T) {
	t.Parallel()
	var stderr bytes.Buffer
	fs := FlagSet("run", &stderr)
	_, err := ParseArgs(fs, []string{"S.md", "--nope"})
	assert.True(t, IsInputError(err), "%v", err)
	assert.Contains(t, stderr.String(), "flag provided but not defined: -nope")

	_, err = ParseArgs(FlagSet("run", &stderr), []string{"--help"})
	assert.ErrorIs(t, err, flag.ErrHelp)
	assert.False(t, IsInputError(err))
}

func TestParseNRefusesAnotherCount(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{nil, {"a", "b"}} {
		_, err := ParseN(FlagSet("plan", &bytes.Buffer{}), args, 1, "plan needs exactly one story file")
		var ie *InputError
		require.ErrorAs(t, err, &ie, "%q", args)
		assert.Equal(t, "plan needs exactly one story file", ie.Msg)
	}
	pos, err := ParseN(FlagSet("plan", &bytes.Buffer{}), []string{"a"}, 1, "usage")
	require.NoError(t, err)
	assert.Equal(t, []string{"a"}, pos)
}

func TestListRepeats(t *testing.T) {
	t.Parallel()
	fs := FlagSet("attest verify", &bytes.Buffer{})
	var l List
	fs.Var(&l, "subject", "")
	_, err := ParseArgs(fs, []string{"--subject", "a", "F", "--subject", "b"})
	require.NoError(t, err)
	assert.Equal(t, List{"a", "b"}, l)
	assert.Equal(t, "[a b]", l.String())
}

func TestWorkDirIsAbsoluteOrBadInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	got, err := WorkDir(dir+"/./", "the repository")
	require.NoError(t, err)
	assert.Equal(t, filepath.Clean(dir), got)

	file := filepath.Join(dir, "f")
	require.NoError(t, os.WriteFile(file, nil, 0o644))
	for _, bad := range []string{file, filepath.Join(dir, "missing")} {
		_, err := WorkDir(bad, "the repository")
		assert.True(t, IsInputError(err))
		assert.EqualError(t, err, "--workdir "+bad+": not a directory; pass the repository")
	}
}

func TestStoryKey(t *testing.T) {
	t.Parallel()
	k, err := StoryKey("", "docs/stories/KAN-25.md")
	require.NoError(t, err)
	assert.Equal(t, "KAN-25", k)
	_, err = StoryKey("not a key", "x.md")
	assert.True(t, IsInputError(err), "%v", err)
}
