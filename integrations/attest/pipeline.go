package attest

import (
	"context"
	"crypto"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/consensus"
	"github.com/engineo/autoverify/bot/evidence"
	"github.com/engineo/autoverify/bot/gates"
	"github.com/engineo/autoverify/bot/repoconfig"
	"github.com/engineo/autoverify/bot/testresults"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/integrations/artifacts"
	"github.com/engineo/autoverify/integrations/git"
	"github.com/engineo/autoverify/ledger"
)

// Attester is the pipeline's bot.Attester: it signs every verification's
// checks and verdict with Key and writes the bundle beside the evidence.
type Attester struct {
	Key crypto.Signer
	// VerifierID names autoverify and its build in the VSA.
	VerifierID string
	// Now is the clock for the VSA's time; nil means time.Now.
	Now func() time.Time

	fingerprint string
}

var _ bot.Attester = (*Attester)(nil)

// NewAttester is an Attester signing with key.
func NewAttester(key crypto.Signer, verifierID string) (*Attester, error) {
	fp, err := Fingerprint(key.Public())
	if err != nil {
		return nil, err
	}
	return &Attester{Key: key, VerifierID: verifierID, fingerprint: fp}, nil
}

// Fingerprint implements bot.Attester.
func (a *Attester) Fingerprint() string { return a.fingerprint }

// Attest implements bot.Attester: it reads the run's evidence and summary
// (their digests are the statements' subjects), signs and writes
// {KEY}-{timestamp}.intoto.jsonl beside them.
func (a *Attester) Attest(ctx context.Context, v *bot.Verification) (string, error) {
	run, err := a.run(ctx, v)
	if err != nil {
		return "", err
	}
	envs, err := SignRun(ctx, a.Key, run)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	if err := WriteJSONL(&b, envs); err != nil {
		return "", err
	}
	path := filepath.Join(filepath.Dir(v.Files.Evidence), evidence.AttestationName(v.Key, v.Files.Timestamp))
	if err := artifacts.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		return "", fmt.Errorf("attest: %w", err)
	}
	return path, nil
}

// run is what v found, as the statements say it.
func (a *Attester) run(ctx context.Context, v *bot.Verification) (Run, error) {
	files, err := fileDigests(v.Files.Evidence, v.Files.Summary)
	if err != nil {
		return Run{}, err
	}
	s := v.Subject
	repo, uri := resource(ctx, s)
	r := Run{Repo: repo, Commit: s.Commit, ResourceURI: uri, StoryKey: v.Key, Time: a.now().UTC(),
		VerifierID: a.VerifierID, Files: files, Checks: checksOf(v), Passed: passed(v), Levels: levelsOf(v)}
	if !v.Request.GatesOnly {
		// A run of the gates alone read no story.
		r.Config = append(r.Config, File{Name: storyName(v), SHA256: digest(s.Checklist)})
	}
	if v.ConfigFile != nil {
		r.Config = append(r.Config, File{Name: repoconfig.Name, SHA256: digest(v.ConfigFile)})
	}
	if v.Request.Link != nil {
		r.URL = v.Request.Link(filepath.Base(v.Files.Evidence))
	}
	return r, nil
}

// resource names the repository the statements are about (the commit
// subject's name) and the VSA's resourceUri, the repository at the commit:
// a pull request's repository as git+https (its page's URL without
// /pull/N: the VSA is about the code at the commit, not the
// conversation); a local work tree as localResource names it, by its
// origin only when the checks ran on the commit's content (the work
// tree's content hash is the commit's tree): a tree with changes of its
// own is named by its path, so that the claim is never read as one about
// the published commit.
func resource(ctx context.Context, s bot.Subject) (repo, uri string) {
	switch {
	case s.URL != "" && s.Commit != "":
		return s.Repo, "git+" + repoURL(s.URL) + "@" + s.Commit
	case s.Commit != "":
		tree, hashed := strings.CutPrefix(s.Tree, "tree:")
		return localResource(ctx, s.Repo, s.Commit, hashed && committedContent(ctx, s.Repo, s.Commit, tree))
	}
	return s.Repo, "file://" + s.Repo
}

// committedContent says whether tree, what the checks ran on in the work
// tree dir, is commit's own tree.
func committedContent(ctx context.Context, dir, commit, tree string) bool {
	committed, err := git.Repo{Dir: dir}.CommitTree(ctx, commit)
	return err == nil && committed == tree
}

// localResource names commit of the work tree dir: by its origin remote
// (credentials left out), as a consumer elsewhere can name it, when public
// and it has one; by its path otherwise.
func localResource(ctx context.Context, dir, commit string, public bool) (repo, uri string) {
	if public {
		if origin := (git.Repo{Dir: dir}).OriginURL(ctx); origin != "" {
			return origin, "git+" + origin + "@" + commit
		}
	}
	return dir, "git+file://" + dir + "@" + commit
}

// storyName names where the checklist came from (a file, or the pull
// request's description).
func storyName(v *bot.Verification) string {
	name := strings.Trim(v.ChecklistSource, "`")
	if name == "" {
		name = v.Key
	}
	return name
}

func digest(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// fileDigests reads each file and names it by its base name and digest.
func fileDigests(paths ...string) ([]File, error) {
	var out []File
	for _, p := range paths {
		if p == "" {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return nil, fmt.Errorf("attest: reading %s: %w", p, err)
		}
		out = append(out, File{Name: filepath.Base(p), SHA256: digest(b)})
	}
	return out, nil
}

// passed is the run's verdict: it ran checks and routed the story on
// (verified, or to a person for its manual items only). A run its
// reviewers escalated, or that needs a fix, did not pass.
func passed(v *bot.Verification) bool {
	r := v.Report.Route
	return len(v.Report.Outcomes) > 0 && (r == ledger.Verified || r == ledger.HumanReview)
}

// levelsOf are what the run verified, as VSA levels.
func levelsOf(v *bot.Verification) []string {
	if v.Request.GatesOnly {
		// No checklist ran and no reviewer judges the gates.
		return []string{"AUTOVERIFY_GATES"}
	}
	levels := []string{"AUTOVERIFY_CHECKS"}
	if v.Gates != nil {
		levels = append(levels, "AUTOVERIFY_GATES")
	}
	if n := v.Config.Reviewers; n > 1 {
		levels = append(levels, fmt.Sprintf("AUTOVERIFY_REVIEWERS_%d", n))
	}
	if v.Report.Route == ledger.HumanReview {
		levels = append(levels, "AUTOVERIFY_MANUAL_ITEMS_PENDING")
	}
	return levels
}

// checksOf is one Check per check, environment and gate.
func checksOf(v *bot.Verification) []Check {
	if v.Request.GatesOnly && v.Gates != nil {
		return gateChecks(*v.Gates)
	}
	var out []Check
	for _, o := range v.Report.Outcomes {
		name := o.Item.Command
		if o.Item.Gate != "" {
			name = o.Item.Gate + ": " + name
		}
		if len(o.Pairs) == 0 {
			out = append(out, check(name, o.Passed, o.Review, o.Tests.Cases, o.Item.Command))
			continue
		}
		for _, p := range o.Pairs {
			out = append(out, check(name+" in "+p.Environment, p.Passed, p.Review, p.Tests.Cases, o.Item.Command))
		}
	}
	return out
}

// gateChecks are a run of the gates alone, a statement per gate command:
// the tests its verdict rests on (the report's, by name), as passed when
// it accepted and failed when it rejected.
func gateChecks(rep gates.Report) []Check {
	var out []Check
	for _, e := range rep.Gates {
		c := Check{Name: string(e.Gate) + ": " + e.Command, Result: Failed}
		if e.Command == "" {
			c.Name = string(e.Gate)
		}
		tests := e.Tests
		if len(tests) == 0 {
			tests = []string{c.Name}
		}
		if e.Classification == gates.Accept {
			c.Result, c.PassedTests = Passed, tests
		} else {
			c.FailedTests = tests
		}
		out = append(out, c)
	}
	return out
}

// check is one check's statement: its tests as the tool reported them
// (skipped ones, and ones the reviewers saw both pass and fail, as
// warned), or the command itself when it reported none. A pass the
// reviewers escalated is WARNED, not PASSED.
func check(name string, ok bool, review *verify.Review, cases []testresults.Case, command string) Check {
	c := Check{Name: name, Result: Failed}
	if ok {
		c.Result = Passed
	}
	flaky := map[string]bool{}
	if review != nil {
		if ok && review.Status == consensus.Escalated {
			c.Result = Warned
		}
		for _, t := range review.Flaky {
			flaky[t] = true
		}
	}
	for _, tc := range cases {
		switch {
		case flaky[tc.Name] || tc.Status == testresults.Skip:
			c.WarnedTests = append(c.WarnedTests, tc.Name)
		case tc.Status == testresults.Pass:
			c.PassedTests = append(c.PassedTests, tc.Name)
		case tc.Status == testresults.Fail:
			c.FailedTests = append(c.FailedTests, tc.Name)
		}
	}
	if len(cases) == 0 {
		switch c.Result {
		case Passed:
			c.PassedTests = []string{command}
		case Warned:
			c.WarnedTests = []string{command}
		default:
			c.FailedTests = []string{command}
		}
	}
	return c
}

// pullPath is the tail of a pull request's page URL.
var pullPath = regexp.MustCompile(`/pull/\d+/?$`)

// repoURL is the repository's URL for a pull request's page URL
// (https://github.com/acme/web/pull/7 → https://github.com/acme/web), on
// github.com and GitHub Enterprise alike.
func repoURL(u string) string {
	return strings.TrimSuffix(pullPath.ReplaceAllString(u, ""), "/")
}
