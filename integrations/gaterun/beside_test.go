package gaterun_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot/gates"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/integrations/gaterun"
	"github.com/engineo/autoverify/integrations/git"
	"github.com/engineo/autoverify/integrations/local"
)

// seeing is the local sandbox, noting which version of calc_test.go each
// command's tree held when it started.
type seeing struct {
	*local.Runner
	mu   sync.Mutex
	seen []seen
}

type seen struct {
	argv      []string
	dir       string
	shownCopy bool
	test      string
}

func (r *seeing) Run(ctx context.Context, cmd verify.Command) (verify.Result, error) {
	b, _ := os.ReadFile(filepath.Join(cmd.HostDir(), "calc_test.go"))
	r.mu.Lock()
	r.seen = append(r.seen, seen{argv: cmd.Argv, dir: cmd.Dir, shownCopy: cmd.Source != "", test: string(b)})
	r.mu.Unlock()
	return r.Runner.Run(ctx, cmd)
}

// TestBaseVersionsRunBesideTheHeadsSuite: REFACTOR's base versions at head
// (F) run in a copy of the head tree shown at its path, while the head's
// suite runs: F sees the base's test file and the head's code, and no
// command of the head's suite ever sees the base's test file in the head
// tree (before, F overwrote the head tree's tests after the suite ended;
// beside it, that would have been a race).
func TestBaseVersionsRunBesideTheHeadsSuite(t *testing.T) {
	r, base := goRepo(t)
	r.branch(base)
	edited := strings.Replace(goCalcTest, "\tif Abs(3) != 3 {", "\tif Abs(3) != 3 || Abs(-3) != 3 {", 1)
	head := r.commit("fix, and a case in an existing test", map[string]string{"calc.go": goCalcFixed, "calc_test.go": edited})
	run := &seeing{Runner: runner(t)}
	rep, err := gaterun.Run(context.Background(), gaterun.Spec{Base: base, Head: head, Trees: gaterun.GitTrees{Repo: git.Repo{Dir: r.Dir}},
		Runner: run, Ecosystem: gates.Go, Test: []string{"go", "test", "./..."}})
	require.NoError(t, err)
	assert.True(t, rep.Accepted(), "%+v", rep.Gates)
	assert.Equal(t, []string{"TestAbsPositive"}, rep.Tests.FailToPass)

	var copies []seen
	for _, s := range run.seen {
		if s.shownCopy {
			copies = append(copies, s)
		}
	}
	require.Len(t, copies, 1, "F ran once, in a copy shown at a tree's path")
	assert.Equal(t, goCalcTest, copies[0].test, "F sees the base's tests: %v", copies[0].argv)
	headDir, others := copies[0].dir, 0
	for _, s := range run.seen {
		if s.dir == headDir && !s.shownCopy {
			others++
			assert.Equal(t, edited, s.test, "the head tree holds the head's tests for every other command: %v", s.argv)
		}
	}
	assert.GreaterOrEqual(t, others, 2, "the head's compile step and suite ran in the head tree")
}
