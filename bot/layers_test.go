package bot_test

import (
	"encoding/json"
	"os/exec"
	"slices"
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

// earlyPackages are initialised among the first packages of the binary
// (they start the sandbox's init and git status before the rest of it has
// initialised; see cmd/autoverify/internal/prestart), and late are
// standard packages that are initialised only after most of the binary's:
// depending on one of them, directly or not, would make an early package
// wait for it. strings, bytes, bufio and fmt have nothing to initialise
// but wait for unicode, whose turn comes after about ninety packages (see
// internal/textlite).
var (
	earlyPackages = []string{module + "/integrations/local/sandboxinit", module + "/integrations/git/prestatus",
		module + "/cmd/autoverify/internal/prestart", module + "/internal/textlite"}
	latePackages = []string{"path/filepath", "encoding/json", "os/exec", "regexp", "crypto/x509", "net/http",
		"strings", "bytes", "bufio", "fmt", "unicode"}
)

func TestEarlyPackagesStayEarly(t *testing.T) {
	t.Parallel()
	byPath := map[string]pkg{}
	for _, p := range listPackages(t) {
		byPath[p.ImportPath] = p
	}
	for _, early := range earlyPackages {
		p, ok := byPath[early]
		require.True(t, ok, "%s is not in the module", early)
		for _, dep := range p.Deps {
			for _, late := range latePackages {
				if dep == late {
					t.Errorf("%s depends on %s, which Go initialises after most of the binary; it would no longer start early", early, late)
				}
			}
			if strings.HasPrefix(dep, module+"/") && !slices.Contains(earlyPackages, dep) {
				t.Errorf("%s depends on %s, which is not one of the early packages", early, dep)
			}
		}
	}
}
