package command

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestParse(t *testing.T) {
	t.Parallel()
	tests := map[string]Command{
		"/verify":                          Verify,
		"  /verify  ":                      Verify,
		"please run\n/verify\nthanks":      Verify,
		"/verify reset":                    Reset,
		"/verify help":                     Help,
		"/verify frobnicate":               Help,
		"I will /verify later":             None,
		"/verifyx":                         None,
		"```\n/verify\n```":                None,
		"    /verify":                      None,
		"> /verify":                        None,
		"<!--\n/verify\n-->":               None,
		"`/verify`":                        None,
		"":                                 None,
		"```\n/verify\n```\n/verify reset": Reset,
	}
	for body, want := range tests {
		assert.Equal(t, want, Parse(body), "%q", body)
	}
}

func TestParseInvocationPinsACommit(t *testing.T) {
	t.Parallel()
	assert.Equal(t, Invocation{Command: Verify, SHA: "abc1234"}, ParseInvocation("/verify abc1234"))
	assert.Equal(t, Invocation{Command: Verify, SHA: "0123456789abcdef0123456789abcdef01234567"}, ParseInvocation("/verify 0123456789ABCDEF0123456789abcdef01234567"))
	assert.Equal(t, Invocation{Command: Help}, ParseInvocation("/verify abc12"), "too short to be a commit")
	assert.Equal(t, Invocation{Command: Verify}, ParseInvocation("/verify"))
	assert.Equal(t, Invocation{Command: Verify, Fresh: true}, ParseInvocation("/verify fresh"))
	assert.Equal(t, Invocation{Command: Verify, Gates: true}, ParseInvocation("/verify gates"))
	assert.Equal(t, Invocation{Command: Verify, Gates: true}, ParseInvocation("  /verify   GATES  "))
	assert.Equal(t, Invocation{}, ParseInvocation("> /verify gates"), "a quote is not a request")
	assert.Equal(t, Invocation{Command: Verify, Failed: true}, ParseInvocation("/verify failed"))
	assert.Equal(t, Invocation{Command: Verify, Failed: true}, ParseInvocation("/verify FAILED"))
}
