package bot_test

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const module = "github.com/engineo/autoverify"

// pkg is the part of `go list -json` the layering rules read.
type pkg struct {
	ImportPath string
	Imports    []string // direct
	Deps       []string // transitive
}

func listPackages(t *testing.T) []pkg {
	t.Helper()
	cmd := exec.Command("go", "list", "-json=ImportPath,Imports,Deps", module+"/...")
	out, err := cmd.Output()
	require.NoError(t, err, "go list: %s", out)
	var pkgs []pkg
	dec := json.NewDecoder(strings.NewReader(string(out)))
	for dec.More() {
		var p pkg
		require.NoError(t, dec.Decode(&p))
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// layer says which layer a package of the module belongs to (see
// docs/architecture.md): the domain (the story format, the ledger's
// rules), the rules (bot's subpackages), the verification core
// (bot/verify), the pipeline (bot), delivery
// (bot/delivery/*), adapters (integrations/*, ledger's stores), wiring
// (cmd/*), and internal helpers that depend on nothing of the module.
func layer(path string) string {
	rel := strings.TrimPrefix(strings.TrimPrefix(path, module), "/")
	switch {
	case rel == "checklist", rel == "ledger":
		return "domain"
	case rel == "bot/verify":
		return "core"
	case rel == "bot":
		return "pipeline"
	case strings.HasPrefix(rel, "bot/delivery/"):
		return "delivery"
	case strings.HasPrefix(rel, "bot/"):
		return "rules"
	case strings.HasPrefix(rel, "ledger/"), strings.HasPrefix(rel, "integrations/"):
		return "adapters"
	case strings.HasPrefix(rel, "cmd/"):
		return "wiring"
	case strings.HasPrefix(rel, "internal/"):
		return "internal"
	}
	return "other"
}

// allowed says which layers a layer may depend on, directly or not.
var allowed = map[string][]string{
	"internal": {"internal"},
	"domain":   {"domain", "internal"},
	"rules":    {"domain", "rules", "internal"},
	"core":     {"domain", "rules", "internal"},
	"pipeline": {"domain", "rules", "core", "internal"},
	"delivery": {"domain", "rules", "core", "pipeline", "delivery", "internal"},
	"adapters": {"domain", "rules", "core", "pipeline", "delivery", "adapters", "internal"},
	"wiring":   {"domain", "rules", "core", "pipeline", "delivery", "adapters", "wiring", "internal"},
}

// ioPackages are the standard library's doors to the outside world; the
// domain, the rules and the pipeline reach it only through interfaces.
var ioPackages = map[string]bool{"os": true, "os/exec": true, "net": true, "net/http": true, "syscall": true}

// violations lists every dependency of pkgs that breaks the layering.
func violations(pkgs []pkg) []string {
	var out []string
	for _, p := range pkgs {
		from := layer(p.ImportPath)
		for _, imp := range p.Imports {
			if ioPackages[imp] && (from == "domain" || from == "rules" || from == "core" || from == "pipeline") {
				out = append(out, fmt.Sprintf("%s (%s) imports %s: the domain, the rules and the pipeline reach the outside world only through interfaces", p.ImportPath, from, imp))
			}
		}
		for _, dep := range p.Deps {
			if !strings.HasPrefix(dep, module+"/") {
				continue
			}
			if to := layer(dep); !slices.Contains(allowed[from], to) {
				out = append(out, fmt.Sprintf("%s (%s) depends on %s (%s)", p.ImportPath, from, dep, to))
			}
		}
	}
	return out
}

// TestLayers enforces the dependency rules of docs/architecture.md on the
// module as it is.
func TestLayers(t *testing.T) {
	t.Parallel()
	pkgs := listPackages(t)
	require.Greater(t, len(pkgs), 20)
	for _, v := range violations(pkgs) {
		t.Error(v)
	}
}

// TestLayersBite: the rules catch what they are for — the story format
// importing a rule of bot's (checklist → bot/lazyregexp, which once went
// unnoticed while every bot/* package counted as a rule), a rule doing
// I/O, the ledger importing the pipeline, the verification core importing
// the pipeline above it or doing I/O, a rule importing the core, an adapter
// importing the wiring,
// the running server or the CLI's local run opening an adapter itself
// (or choosing one: integrations/stores, or the composition root
// integrations/assemble) instead of being given it.
func TestLayersBite(t *testing.T) {
	t.Parallel()
	bad := []pkg{
		{ImportPath: module + "/checklist", Deps: []string{module + "/bot/lazyregexp"}},
		{ImportPath: module + "/bot/failure", Imports: []string{"os"}},
		{ImportPath: module + "/ledger", Deps: []string{module + "/bot"}},
		{ImportPath: module + "/bot/verify", Deps: []string{module + "/bot"}},
		{ImportPath: module + "/bot/failure", Deps: []string{module + "/bot/verify"}},
		{ImportPath: module + "/bot/verify", Imports: []string{"os/exec"}},
		{ImportPath: module + "/integrations/docker", Deps: []string{module + "/cmd/autoverify"}},
		{ImportPath: module + "/bot/delivery/serve", Deps: []string{module + "/integrations/asynq"}},
		{ImportPath: module + "/bot/delivery/cli", Deps: []string{module + "/ledger/bolt"}},
		{ImportPath: module + "/bot/delivery/cli", Deps: []string{module + "/integrations/stores"}},
		{ImportPath: module + "/bot/delivery/serve", Deps: []string{module + "/integrations/assemble"}},
		{ImportPath: module + "/internal/lazyregexp", Deps: []string{module + "/checklist"}},
	}
	got := violations(bad)
	require.Len(t, got, len(bad), "%s", strings.Join(got, "\n"))
	assert.Empty(t, violations([]pkg{{ImportPath: module + "/checklist", Deps: []string{module + "/internal/lazyregexp"}}}))
}
