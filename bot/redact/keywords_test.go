package redact

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/zricethezav/gitleaks/v8/config"
)

// TestKeywordScanMatchesTheRules: the keywords picked out of gitleaks' TOML
// by the scan include every keyword of every rule that applies to text,
// read the way gitleaks reads them (viper), so a text without any of them
// cannot give a finding and is rightly not shown to the rules. (The scan
// also finds those of file-name rules; more is safe.)
func TestKeywordScanMatchesTheRules(t *testing.T) {
	vc := gitleaksViperConfig(t)
	var want []string
	for _, r := range vc.Rules {
		if r.Regex == "" || r.Path != "" {
			continue // a file-name rule: never applied to text (see loadRules)
		}
		require.NotEmpty(t, r.Keywords, "rule %s has no keywords: a text without keywords could match it, and the scan's shortcut would be wrong", r.ID)
		for _, k := range r.Keywords {
			want = append(want, strings.ToLower(k))
		}
	}
	got, ok := scanKeywords(config.DefaultConfig)
	require.True(t, ok, "the scan could not read gitleaks' keyword arrays")
	for _, k := range want {
		assert.Contains(t, got, k, "a keyword the scan missed: a text holding only it would skip its rule")
	}
	assert.ElementsMatch(t, got, ruleKeywords())
}

// TestKeywordScanGivesUpOnWhatItDoesNotRead: anything but arrays of plain
// strings makes the scan fail, and then every text goes to the rules.
func TestKeywordScanGivesUpOnWhatItDoesNotRead(t *testing.T) {
	for name, src := range map[string]string{
		"literal string":    "[[rules]]\nkeywords = ['abc']\n",
		"multi-line string": "[[rules]]\nkeywords = [\"\"\"abc\"\"\"]\n",
		"not an array":      "[[rules]]\nkeywords = \"abc\"\n",
		"unterminated":      "[[rules]]\nkeywords = [\"abc\",\n",
		"bad escape":        "[[rules]]\nkeywords = [\"a\\qc\"]\n",
		"no keywords":       "[[rules]]\nid = \"x\"\n",
		"dotted key":        "[[rules]]\nkeywords.x = [\"abc\"]\n",
	} {
		_, ok := scanKeywords(src)
		assert.False(t, ok, name)
	}
	got, ok := scanKeywords("[[rules]]\nkeywords = [\n  \"AbC\", # comment\n  \"d\\\"e\",\n]\n[[rules]]\nkeywords = [\"abc\"]\n")
	require.True(t, ok)
	assert.Equal(t, []string{"abc", "d\"e"}, got)
}

// TestShortTextsWithoutKeywordsSkipTheRules: the shortcut decides by the
// rules' keywords, folded as the rules fold them; long texts always go to
// the rules.
func TestShortTextsWithoutKeywordsSkipTheRules(t *testing.T) {
	assert.False(t, mayHaveKeyword([]byte("a `true`")))
	assert.False(t, mayHaveKeyword([]byte("all 1 automated items passed")))
	assert.True(t, mayHaveKeyword([]byte("export GITHUB_TOKEN=ghp_x")), "ghp_ and token are keywords")
	assert.True(t, mayHaveKeyword([]byte("the \u212Aey")), "the Kelvin sign folds to k, as in the rules' own prefilter")
	assert.True(t, mayHaveKeyword([]byte(strings.Repeat("z", shortText))))
	r, err := New()
	require.NoError(t, err)
	secret := "ghp_" + "R7v2Kq9XzL4mW8nB3pT6yH1sD5fG0jA2cE9u"
	masked := r.String("push with " + secret)
	assert.NotContains(t, masked, secret)
	assert.Contains(t, masked, Marker)
}
