package githubapp

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestParseCommand(t *testing.T) {
	t.Parallel()
	tests := map[string]Command{
		"/verify":                          CmdVerify,
		"  /verify  ":                      CmdVerify,
		"please run\n/verify\nthanks":      CmdVerify,
		"/verify reset":                    CmdReset,
		"/verify help":                     CmdHelp,
		"/verify frobnicate":               CmdHelp,
		"I will /verify later":             CmdNone,
		"/verifyx":                         CmdNone,
		"```\n/verify\n```":                CmdNone,
		"    /verify":                      CmdNone,
		"> /verify":                        CmdNone,
		"<!--\n/verify\n-->":               CmdNone,
		"`/verify`":                        CmdNone,
		"":                                 CmdNone,
		"```\n/verify\n```\n/verify reset": CmdReset,
	}
	for body, want := range tests {
		assert.Equal(t, want, ParseCommand(body), "%q", body)
	}
}

func TestStoryKey(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "KAN-25", StoryKey("KAN-25: greet people", "feature/OPS-1", "body AB-3"))
	assert.Equal(t, "OPS-12", StoryKey("greet people", "feature/OPS-12-greet", "body AB-3"))
	assert.Equal(t, "AB-3", StoryKey("greet", "main", "Implements AB-3."))
	assert.Equal(t, "", StoryKey("greet", "main", "no key; a-1 and K-1 are not keys"))
}
