package bot_test

import (
	"encoding/json"
	"os/exec"
	"strings"
	"testing"

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
// docs/architecture.md).
func layer(path string) string {
	rel := strings.TrimPrefix(strings.TrimPrefix(path, module), "/")
	switch {
	case rel == "bot":
		return "pipeline"
	case strings.HasPrefix(rel, "bot/delivery/"):
		return "delivery"
	case strings.HasPrefix(rel, "bot/"), rel == "checklist", rel == "ledger":
		return "rules"
	case strings.HasPrefix(rel, "ledger/"), strings.HasPrefix(rel, "integrations/"):
		return "adapters"
	case strings.HasPrefix(rel, "cmd/"):
		return "wiring"
	}
	return "other"
}

// ioPackages are the standard library's doors to the outside world; rules
// and the pipeline reach it only through interfaces.
var ioPackages = map[string]bool{"os": true, "os/exec": true, "net": true, "net/http": true, "syscall": true}

// TestLayers enforces the dependency rules of docs/architecture.md:
//   - rules (checklist, ledger, bot/*) do no I/O and import no pipeline,
//     delivery or adapter package, directly or not;
//   - the pipeline (bot) does no I/O and imports no delivery or adapter;
//   - delivery (bot/delivery/*) imports no adapter: adapters are injected;
//   - nothing but cmd imports cmd, and the ledger never imports bot.
func TestLayers(t *testing.T) {
	t.Parallel()
	pkgs := listPackages(t)
	require.Greater(t, len(pkgs), 20)
	for _, p := range pkgs {
		from := layer(p.ImportPath)
		for _, imp := range p.Imports {
			if ioPackages[imp] && (from == "rules" || from == "pipeline") {
				t.Errorf("%s (%s) imports %s: rules and the pipeline reach the outside world only through interfaces", p.ImportPath, from, imp)
			}
		}
		for _, dep := range p.Deps {
			if !strings.HasPrefix(dep, module+"/") {
				continue
			}
			to := layer(dep)
			bad := false
			switch from {
			case "rules":
				bad = to != "rules"
			case "pipeline":
				bad = to != "rules"
			case "delivery":
				bad = to == "adapters" || to == "wiring"
			case "adapters":
				bad = to == "wiring"
			}
			if strings.HasPrefix(p.ImportPath, module+"/ledger") && (to == "pipeline" || to == "delivery" || strings.HasPrefix(dep, module+"/bot")) {
				bad = true
			}
			if bad {
				t.Errorf("%s (%s) depends on %s (%s)", p.ImportPath, from, dep, to)
			}
		}
	}
}
