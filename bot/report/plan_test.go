package report

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestPlanGolden(t *testing.T) {
	t.Parallel()
	mixed := Plan{StoryKey: "KAN-9", Items: []Item{
		{Line: 3, ID: "67ad3e02", Kind: "auto", Text: "runs the tests `go test ./...`", Command: "go test ./..."},
		// A tab in the text is a cell of its own, as tabwriter has it; the
		// text is cut at 60 characters.
		{Line: 4, ID: "0617f6e0", Kind: "manual", Checked: true, Reason: "no AUTO tag and no code span",
			Text: "a person checks the \tlayout on a phone, which is a long sentence that goes on and on past sixty runes"},
		{Line: 5, ID: "97d9fb3d", Kind: "manual", Text: "bad `rm -rf / ; echo`",
			Reason: "first code span command `rm -rf / ; echo` contains `;`; commands run without a shell, so shell syntax is not allowed"},
		{Line: 7, ID: "692108b7", Kind: "auto", Text: "vet é ü", Command: "go vet ./..."},
		{Line: 9, ID: "8459419d", Kind: "rejected", Text: "builds", Command: "pnpm build",
			Reason: "AUTO tag command `pnpm build` is not in the allowlist (allowed: go test, go vet, true); add it to ENGINEO_AUTOVERIFY_ALLOWLIST or to allowlist: in .autoverify.yml"},
		{Line: 11, ID: "0342ee73", Kind: "rejected", Text: "shell | pipe", Command: "go test ./... ; rm -rf /",
			Reason: "AUTO tag command `go test ./... ; rm -rf /` contains `;`; commands run without a shell, so shell syntax is not allowed"},
	}}
	one := Plan{StoryKey: "KAN-9", Items: []Item{{Line: 1, ID: "31da0cd1", Kind: "auto", Text: "only `true`", Command: "true"}}}
	for name, p := range map[string]Plan{"mixed": mixed, "one": one} {
		golden(t, "plan-"+name, PlanText(p))
	}
}

func TestPlanCounts(t *testing.T) {
	t.Parallel()
	p := Plan{Items: []Item{{Kind: "auto"}, {Kind: "manual"}, {Kind: "manual", Checked: true}, {Kind: "rejected"}}}
	assert.Equal(t, []int{1, 2, 1}, []int{p.Count("auto"), p.Count("manual"), p.Count("rejected")})
	assert.True(t, strings.HasPrefix(PlanText(p), ": 1 automated item, 2 manual items, 1 rejected item\n\nLINE  "), PlanText(p))
}

func TestTruncate(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "abc", truncate(3, "abc"))
	assert.Equal(t, "ab…", truncate(3, "abcd"))
	assert.Equal(t, "éü…", truncate(3, "éüéü"), "characters, not bytes")
}

func TestUsageGolden(t *testing.T) {
	t.Parallel()
	golden(t, "usage", Usage())
}
