package githubapp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-github/v60/github"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/delivery/queue"
	"github.com/engineo/autoverify/bot/report"
	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/bot/verify"
	"github.com/engineo/autoverify/checklist"
	"github.com/engineo/autoverify/ledger"
)

var errNotFound = errors.New("404 not found")

// fakeGitHub is one installation's client, answering from fields and
// recording writes. Only what a test sets is meaningful.
type fakeGitHub struct {
	perm     string            // everyone's permission, unless perms names them
	perms    map[string]string // user → permission
	pr       *github.PullRequest
	files    map[string]string // "ref:path"
	comments []string
	sticky   [][]string
	reacted  []string
	checks   []string // "start SHA ext" / "annotate N" / "complete ID conclusion title"
	actions  [][]*github.CheckRunAction
	bodies   []string
	// annotations are every AnnotateCheckRun call's; annotateErr fails them.
	annotations [][]*github.CheckRunAnnotation
	annotateErr error
}

func (f *fakeGitHub) Permission(_ context.Context, _, _, user string) (string, error) {
	if p, ok := f.perms[user]; ok {
		return p, nil
	}
	return f.perm, nil
}

func (f *fakeGitHub) PullRequest(context.Context, string, string, int) (*github.PullRequest, error) {
	return f.pr, nil
}

func (f *fakeGitHub) FileContent(_ context.Context, _, _, path, ref string) ([]byte, error) {
	if c, ok := f.files[ref+":"+path]; ok {
		return []byte(c), nil
	}
	return nil, errNotFound
}

func (f *fakeGitHub) Workspace(context.Context, string, string, string) (bot.Workspace, error) {
	return bot.Workspace{Dir: "/ws"}, nil
}

func (f *fakeGitHub) FindPullForKey(context.Context, string, string, string) (*github.PullRequest, error) {
	if f.pr == nil {
		return nil, errNotFound
	}
	return f.pr, nil
}

func (f *fakeGitHub) DefaultBranch(context.Context, string, string) (string, error) {
	return "main", nil
}

func (f *fakeGitHub) BranchSHA(context.Context, string, string, string) (string, error) {
	return "branchsha", nil
}

func (f *fakeGitHub) StartCheckRun(_ context.Context, _, _, sha, ext, _ string) (int64, error) {
	f.checks = append(f.checks, "start "+sha+" "+ext)
	return 77, nil
}

func (f *fakeGitHub) CompleteCheckRun(_ context.Context, _, _ string, id int64, conclusion, title, _, _, _ string, actions ...*github.CheckRunAction) error {
	f.checks = append(f.checks, fmt.Sprintf("complete %d %s %s", id, conclusion, title))
	f.actions = append(f.actions, actions)
	return nil
}

func (f *fakeGitHub) AnnotateCheckRun(_ context.Context, _, _ string, _ int64, _, _ string, annotations []*github.CheckRunAnnotation) error {
	f.annotations = append(f.annotations, annotations)
	f.checks = append(f.checks, fmt.Sprintf("annotate %d", len(annotations)))
	return f.annotateErr
}

func (f *fakeGitHub) UpsertComment(_ context.Context, _, _ string, _ int, marker string, parts []string) error {
	if marker != StickyMarker {
		return fmt.Errorf("marker %q", marker)
	}
	f.sticky = append(f.sticky, parts)
	return nil
}

func (f *fakeGitHub) Comment(_ context.Context, _, _ string, _ int, body string) error {
	f.comments = append(f.comments, body)
	return nil
}

func (f *fakeGitHub) React(_ context.Context, _, _ string, _ int64, content string) error {
	f.reacted = append(f.reacted, content)
	return nil
}

func (f *fakeGitHub) UpdatePullBody(_ context.Context, _, _ string, _ int, body string) error {
	f.bodies = append(f.bodies, body)
	return nil
}

// fakePipeline records requests and answers with a verification.
type fakePipeline struct {
	reqs []bot.Request
	run  func(req bot.Request) (*bot.Verification, error)
}

func (p *fakePipeline) Run(_ context.Context, req bot.Request) (*bot.Verification, error) {
	p.reqs = append(p.reqs, req)
	if p.run != nil {
		return p.run(req)
	}
	return &bot.Verification{Request: req}, nil
}

type fakeResetter struct{ keys []string }

func (r *fakeResetter) Reset(_ context.Context, key string) error {
	r.keys = append(r.keys, key)
	return nil
}

func newBase(gh *fakeGitHub, p *fakePipeline) (Base, *fakeResetter) {
	reset := &fakeResetter{}
	clients := ClientsOf(func(int64) (*fakeGitHub, error) { return gh, nil },
		func(context.Context, string, string) (*fakeGitHub, error) { return gh, nil })
	return Base{Clients: clients, Pipeline: p, Ledger: reset, Defaults: settings.Defaults(), ArtifactsDir: "/art",
		RunIDKey: []byte("k"), IsNotFound: func(err error) bool { return errors.Is(err, errNotFound) }}, reset
}

func commentJob(t *testing.T, user, userType, action, body string) queue.Job {
	t.Helper()
	ev := github.IssueCommentEvent{
		Action: github.String(action),
		Issue: &github.Issue{Number: github.Int(7), PullRequestLinks: &github.PullRequestLinks{
			URL: github.String("https://api.github.com/repos/acme/web/pulls/7")}},
		Comment:      &github.IssueComment{ID: github.Int64(5), Body: github.String(body), User: &github.User{Login: github.String(user), Type: github.String(userType)}},
		Repo:         &github.Repository{Name: github.String("web"), Owner: &github.User{Login: github.String("acme")}},
		Installation: &github.Installation{ID: github.Int64(42)},
	}
	raw, err := json.Marshal(ev)
	require.NoError(t, err)
	return queue.Job{ID: "delivery-1", Source: "github", Event: "issue_comment", Payload: raw}
}

func TestIssueComment(t *testing.T) {
	t.Parallel()
	pr := &github.PullRequest{Title: github.String("KAN-25: greet"), Head: &github.PullRequestBranch{Ref: github.String("feature"), SHA: github.String("abc")},
		Base: &github.PullRequestBranch{Ref: github.String("main")}, Body: github.String("- [ ] a `ok`\n")}
	tests := map[string]struct {
		user, userType, action, body, perm string
		runs                               int
		comment                            string
		reset                              []string
		reacted                            bool
	}{
		"writer verifies":      {user: "alice", userType: "User", action: "created", body: "/verify", perm: "write", runs: 1, reacted: true},
		"admin verifies":       {user: "root", userType: "User", action: "created", body: "please\n/verify\n", perm: "admin", runs: 1, reacted: true},
		"reader is refused":    {user: "mallory", userType: "User", action: "created", body: "/verify", perm: "read", comment: report.Denied("mallory")},
		"help":                 {user: "alice", userType: "User", action: "created", body: "/verify help", perm: "write", comment: report.Help("docs/stories/{key}.md"), reacted: true},
		"reset":                {user: "alice", userType: "User", action: "created", body: "/verify reset", perm: "maintain", comment: report.Reset("alice", "KAN-25"), reset: []string{"KAN-25"}, reacted: true},
		"edits are ignored":    {user: "alice", userType: "User", action: "edited", body: "/verify", perm: "write"},
		"bots are ignored":     {user: "autoverify[bot]", userType: "Bot", action: "created", body: "/verify", perm: "write"},
		"quoted is ignored":    {user: "alice", userType: "User", action: "created", body: "> /verify", perm: "write"},
		"other text is ignore": {user: "alice", userType: "User", action: "created", body: "LGTM", perm: "write"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			gh := &fakeGitHub{perm: tc.perm, pr: pr}
			p := &fakePipeline{}
			base, reset := newBase(gh, p)
			require.NoError(t, (&IssueComment{Base: base}).Handle(context.Background(), commentJob(t, tc.user, tc.userType, tc.action, tc.body)))
			require.Len(t, p.reqs, tc.runs)
			if tc.comment != "" {
				assert.Equal(t, []string{tc.comment}, gh.comments)
			} else {
				assert.Empty(t, gh.comments)
			}
			assert.Equal(t, tc.reset, reset.keys)
			assert.Equal(t, tc.reacted, len(gh.reacted) == 1)
			if tc.runs == 1 {
				req := p.reqs[0]
				src := req.Source.(*Source)
				assert.Equal(t, 7, src.Number)
				assert.Equal(t, "/verify by @"+tc.user, req.Trigger)
				assert.Len(t, req.RunID, 32)
				assert.Equal(t, "/art/runs/"+req.RunID, req.ArtifactsDir)
				require.Len(t, req.Publishers, 1)
				assert.Equal(t, 7, req.Publishers[0].(*Publisher).Number)
			}
		})
	}
}

func TestVerifyOnAnUntrustedAuthorsPullRequestIsBoundToItsHead(t *testing.T) {
	t.Parallel()
	pr := &github.PullRequest{User: &github.User{Login: github.String("mallory")}, Head: &github.PullRequestBranch{SHA: github.String("abc1234abc1234abc1234")}}
	for name, tc := range map[string]struct {
		body, pinned string
		note         bool
	}{
		"untrusted author: pinned to the head now": {"/verify", "abc1234abc1234abc1234", true},
		"a maintainer names the commit":            {"/verify abc1234", "abc1234", true},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			gh := &fakeGitHub{perms: map[string]string{"alice": "write", "mallory": "read"}, pr: pr}
			p := &fakePipeline{}
			base, _ := newBase(gh, p)
			require.NoError(t, (&IssueComment{Base: base}).Handle(context.Background(), commentJob(t, "alice", "User", "created", tc.body)))
			require.Len(t, p.reqs, 1)
			assert.Equal(t, tc.pinned, p.reqs[0].Source.(*Source).Pinned)
			require.Len(t, p.reqs[0].Notes, 1)
			assert.Contains(t, p.reqs[0].Notes[0], "Approved by @alice for `"+tc.pinned[:min(12, len(tc.pinned))]+"`")
		})
	}
	t.Run("trusted author: not pinned", func(t *testing.T) {
		gh := &fakeGitHub{perm: "write", pr: pr}
		p := &fakePipeline{}
		base, _ := newBase(gh, p)
		require.NoError(t, (&IssueComment{Base: base}).Handle(context.Background(), commentJob(t, "alice", "User", "created", "/verify")))
		require.Len(t, p.reqs, 1)
		assert.Empty(t, p.reqs[0].Source.(*Source).Pinned)
		assert.Empty(t, p.reqs[0].Notes)
	})
	t.Run("the head moved after the approval", func(t *testing.T) {
		src := &Source{GitHub: &fakeGitHub{pr: pr}, Owner: "acme", Repo: "web", Number: 7, Pinned: "def5678"}
		_, err := src.Subject(context.Background())
		var problem *bot.Problem
		require.ErrorAs(t, err, &problem)
		assert.Equal(t, bot.ProblemHeadMoved, problem.Kind)
		assert.Equal(t, "abc1234abc1234abc1234", problem.Commit)
	})
}

func TestRunIDIsStablePerDelivery(t *testing.T) {
	t.Parallel()
	base, _ := newBase(&fakeGitHub{}, &fakePipeline{})
	a := base.Request(&fakeGitHub{}, "acme", "web", 7, "", "d-1", "t").RunID
	assert.Equal(t, a, base.Request(&fakeGitHub{}, "acme", "web", 7, "", "d-1", "t").RunID, "a retry finds its check run")
	assert.NotEqual(t, a, base.Request(&fakeGitHub{}, "acme", "web", 7, "", "d-2", "t").RunID)
	other := base
	other.RunIDKey = []byte("other")
	assert.NotEqual(t, a, other.Request(&fakeGitHub{}, "acme", "web", 7, "", "d-1", "t").RunID, "unguessable without the key")
}

func TestPullRequestTriggersOnlyWhenTheBaseBranchSaysSo(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		config, action, authorPerm string
		runs                       int
		awaits                     bool
	}{
		"enabled":                     {"triggers:\n  pull_request: true\n", "synchronize", "write", 1, false},
		"enabled, closed":             {"triggers:\n  pull_request: true\n", "closed", "write", 0, false},
		"not enabled":                 {"allowlist: [ok]\n", "opened", "write", 0, false},
		"no config":                   {"", "opened", "write", 0, false},
		"broken config waits /verify": {"triggers: [", "opened", "write", 0, false},
		"author without write access": {"triggers:\n  pull_request: true\n", "opened", "read", 0, true},
		"fork author pushes again":    {"triggers:\n  pull_request: true\n", "synchronize", "none", 0, true},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			gh := &fakeGitHub{files: map[string]string{}, perms: map[string]string{"bob": tc.authorPerm}}
			if tc.config != "" {
				gh.files["main:.autoverify.yml"] = tc.config
			}
			p := &fakePipeline{}
			base, _ := newBase(gh, p)
			raw, _ := json.Marshal(github.PullRequestEvent{Action: github.String(tc.action), Number: github.Int(3),
				PullRequest: &github.PullRequest{Base: &github.PullRequestBranch{Ref: github.String("main")}, User: &github.User{Login: github.String("bob")},
					Head: &github.PullRequestBranch{SHA: github.String("abc1234abc1234")}},
				Repo:         &github.Repository{Name: github.String("web"), Owner: &github.User{Login: github.String("acme")}},
				Installation: &github.Installation{ID: github.Int64(42)}})
			require.NoError(t, (&PullRequest{Base: base}).Handle(context.Background(), queue.Job{ID: "d", Event: "pull_request", Payload: raw}))
			assert.Len(t, p.reqs, tc.runs)
			if tc.awaits {
				assert.Equal(t, []string{"start abc1234abc1234 " + base.runID("d"), "complete 77 action_required " + report.AwaitingTitle}, gh.checks)
				assert.Equal(t, [][]string{{report.Awaiting("bob", "abc1234abc1234")}}, gh.sticky)
			} else {
				assert.Empty(t, gh.checks)
			}
		})
	}
}

func TestPullRequestEditedWithANewSignalAudits(t *testing.T) {
	t.Parallel()
	const signal = "READY_FOR_REVIEW: KAN-1\n| Check | Environment | Exit Code | Result |\n| a | b | 0 | PASS |\n"
	for name, tc := range map[string]struct {
		from, to, sender string
		noChange         bool
		runs             int
	}{
		"signal added":                 {"Fixes it.", "Fixes it.\n" + signal, "bob", false, 1},
		"signal changed":               {"Fixes it.\n" + signal, "Fixes it.\n" + strings.Replace(signal, "0 | PASS", "1 | PASS", 1), "bob", false, 1},
		"signal unchanged (typo fix)":  {"Fixs it.\n" + signal, "Fixes it.\n" + signal, "bob", false, 0},
		"our own marker edit":          {"Fixes it.", "Fixes it.\n" + signal, "autoverify[bot]", false, 0},
		"title edit only":              {"", "Fixes it.\n" + signal, "bob", true, 0},
		"description without a signal": {"Fixes it.", "Fixes it, READY FOR REVIEW.", "bob", false, 0},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			gh := &fakeGitHub{files: map[string]string{"main:.autoverify.yml": "triggers:\n  pull_request: true\n"}, perms: map[string]string{"bob": "write"}}
			p := &fakePipeline{}
			base, _ := newBase(gh, p)
			ev := github.PullRequestEvent{Action: github.String("edited"), Number: github.Int(3),
				PullRequest: &github.PullRequest{Body: github.String(tc.to), Base: &github.PullRequestBranch{Ref: github.String("main")},
					User: &github.User{Login: github.String("bob")}, Head: &github.PullRequestBranch{SHA: github.String("abc1234abc1234")}},
				Changes:      &github.EditChange{Body: &github.EditBody{From: github.String(tc.from)}},
				Sender:       &github.User{Login: github.String(tc.sender)},
				Repo:         &github.Repository{Name: github.String("web"), Owner: &github.User{Login: github.String("acme")}},
				Installation: &github.Installation{ID: github.Int64(42)}}
			if tc.noChange {
				ev.Changes = &github.EditChange{Title: &github.EditTitle{From: github.String("old")}}
			}
			raw, _ := json.Marshal(ev)
			require.NoError(t, (&PullRequest{Base: base}).Handle(context.Background(), queue.Job{ID: "d", Event: "pull_request", Payload: raw}))
			assert.Len(t, p.reqs, tc.runs)
		})
	}
}

func TestSourceReadsThePullRequestAndItsBase(t *testing.T) {
	t.Parallel()
	gh := &fakeGitHub{pr: &github.PullRequest{Title: github.String("KAN-2 x"), Body: github.String("body"), HTMLURL: github.String("https://gh/pr/7"),
		Head: &github.PullRequestBranch{Ref: github.String("feat"), SHA: github.String("head")}, Base: &github.PullRequestBranch{Ref: github.String("main")}},
		files: map[string]string{"main:.autoverify.yml": "x"}}
	src := &Source{GitHub: gh, Owner: "acme", Repo: "web", Number: 7, IsNotFound: func(err error) bool { return errors.Is(err, errNotFound) }}
	s, err := src.Subject(context.Background())
	require.NoError(t, err)
	assert.Equal(t, bot.Subject{Repo: "acme/web", Commit: "head", BaseRef: "main", Title: "KAN-2 x", Branch: "feat", Body: "body",
		Checklist: []byte("body"), ChecklistSource: "the pull request description", Number: 7, URL: "https://gh/pr/7", Tree: "commit:head"}, s)
	_, err = src.File(context.Background(), "main", "nope.yml")
	assert.ErrorIs(t, err, bot.ErrNotFound)
	got, err := src.File(context.Background(), "main", ".autoverify.yml")
	require.NoError(t, err)
	assert.Equal(t, "x", string(got))

	branch := &Source{GitHub: gh, Owner: "acme", Repo: "web", Ref: "main"}
	s, err = branch.Subject(context.Background())
	require.NoError(t, err)
	assert.Equal(t, bot.Subject{Repo: "acme/web", Commit: "branchsha", BaseRef: "main", Branch: "main", Tree: "commit:branchsha"}, s)
}

func TestPublisher(t *testing.T) {
	t.Parallel()
	story, err := checklist.Parse([]byte("- [ ] a `ok`\n"), checklist.Policy{})
	require.NoError(t, err)
	verdict := func(route string) *bot.Verification {
		return &bot.Verification{Request: bot.Request{RunID: "r1"}, Subject: bot.Subject{Commit: "head"}, Story: story,
			Summary: report.Run{StoryKey: "KAN-1", RunID: "r1", Route: route}}
	}
	t.Run("verdict", func(t *testing.T) {
		gh := &fakeGitHub{}
		p := &Publisher{GitHub: gh, Owner: "acme", Repo: "web", Number: 7}
		v := verdict("human_attention")
		require.NoError(t, p.Begin(context.Background(), v))
		require.NoError(t, p.Publish(context.Background(), v))
		assert.Equal(t, []string{"start head r1", "complete 77 action_required " + mustTitle(v.Summary)}, gh.checks)
		require.Len(t, gh.sticky, 1)
		assert.Contains(t, gh.sticky[0][0], "KAN-1")
		assert.Empty(t, gh.bodies, "the checklist did not come from the description")
	})
	t.Run("markers go into the description as it is now", func(t *testing.T) {
		gh := &fakeGitHub{pr: &github.PullRequest{Body: github.String("Edited meanwhile.\n\n- [ ] a `ok`\n")}}
		p := &Publisher{GitHub: gh, Owner: "acme", Repo: "web", Number: 7}
		v := verdict("verified")
		v.FromSubject = true
		v.Record = bot.Record{Outcomes: []verify.Outcome{{Item: story.Items[0], Passed: true}}}
		require.NoError(t, p.Begin(context.Background(), v))
		require.NoError(t, p.Publish(context.Background(), v))
		require.Len(t, gh.bodies, 1)
		assert.True(t, strings.HasPrefix(gh.bodies[0], "Edited meanwhile.\n\n- [x] a `ok`\n  - Auto-verified: PASS"), gh.bodies[0])
	})
	t.Run("problem after begin completes the check run", func(t *testing.T) {
		gh := &fakeGitHub{}
		p := &Publisher{GitHub: gh, Owner: "acme", Repo: "web", Number: 7}
		v := verdict("")
		require.NoError(t, p.Begin(context.Background(), v))
		v.Problem = &bot.Problem{Kind: bot.ProblemRefused, Key: "KAN-1", Err: &ledger.RefusedError{Key: "KAN-1", Limit: 3, Entry: ledger.Entry{AutoVerifyRuns: 3}}}
		require.NoError(t, p.Publish(context.Background(), v))
		assert.Equal(t, []string{"start head r1", "complete 77 action_required refused — verify cycles exhausted"}, gh.checks)
		require.Len(t, gh.sticky, 1)
		assert.Contains(t, gh.sticky[0][0], "`/verify reset`")
	})
	t.Run("problem before begin only comments", func(t *testing.T) {
		gh := &fakeGitHub{}
		p := &Publisher{GitHub: gh, Owner: "acme", Repo: "web", Number: 7}
		v := verdict("")
		v.Problem = &bot.Problem{Kind: bot.ProblemNoChecklist, Path: "docs/stories/{key}.md"}
		require.NoError(t, p.Publish(context.Background(), v))
		assert.Empty(t, gh.checks)
		require.Len(t, gh.sticky, 1)
		assert.Contains(t, gh.sticky[0][0], "could not find a story key")
	})
	t.Run("a branch has nothing to publish on", func(t *testing.T) {
		gh := &fakeGitHub{}
		p := &Publisher{GitHub: gh, Owner: "acme", Repo: "web"}
		v := verdict("verified")
		require.NoError(t, p.Begin(context.Background(), v))
		require.NoError(t, p.Publish(context.Background(), v))
		assert.Empty(t, gh.checks)
		assert.Empty(t, gh.sticky)
	})
}

func mustTitle(r report.Run) string {
	title, _, _ := report.CheckRun(r)
	return title
}

func TestForKeyPrefersTheOpenPullRequest(t *testing.T) {
	t.Parallel()
	gh := &fakeGitHub{pr: &github.PullRequest{Number: github.Int(9)}}
	base, _ := newBase(gh, &fakePipeline{})
	req, err := base.ForKey(context.Background(), "acme", "web", "KAN-3", "d", "status READY FOR VERIFY")
	require.NoError(t, err)
	assert.Equal(t, "KAN-3", req.Key)
	assert.Equal(t, 9, req.Source.(*Source).Number)

	gh.pr = nil
	req, err = base.ForKey(context.Background(), "acme", "web", "KAN-3", "d", "t")
	require.NoError(t, err)
	assert.Equal(t, 0, req.Source.(*Source).Number)
	assert.Equal(t, "main", req.Source.(*Source).Ref, "no pull request: the default branch")
}

func checkRunJob(t *testing.T, action, identifier, sender string, prs ...int) queue.Job {
	t.Helper()
	ev := github.CheckRunEvent{
		Action:       github.String(action),
		CheckRun:     &github.CheckRun{ID: github.Int64(77), Name: github.String("autoverify"), HeadSHA: github.String("abc1234abc1234abc1234")},
		Repo:         &github.Repository{Name: github.String("web"), Owner: &github.User{Login: github.String("acme")}},
		Sender:       &github.User{Login: github.String(sender), Type: github.String("User")},
		Installation: &github.Installation{ID: github.Int64(42)},
	}
	if identifier != "" {
		ev.RequestedAction = &github.RequestedAction{Identifier: identifier}
	}
	for _, n := range prs {
		ev.CheckRun.PullRequests = append(ev.CheckRun.PullRequests, &github.PullRequest{Number: github.Int(n)})
	}
	raw, err := json.Marshal(ev)
	require.NoError(t, err)
	return queue.Job{ID: "delivery-9", Source: "github", Event: "check_run", Payload: raw}
}

func TestCheckRunReruns(t *testing.T) {
	t.Parallel()
	pr := &github.PullRequest{User: &github.User{Login: github.String("bob")}, Head: &github.PullRequestBranch{SHA: github.String("abc1234abc1234abc1234")}}
	run := func(t *testing.T, job queue.Job, perms map[string]string) (*fakeGitHub, *fakePipeline) {
		gh := &fakeGitHub{perms: perms, pr: pr}
		p := &fakePipeline{}
		base, _ := newBase(gh, p)
		require.NoError(t, (&Handlers{Base: base}).Handle(context.Background(), job))
		return gh, p
	}
	writers := map[string]string{"alice": "write", "bob": "write"}
	t.Run("Re-run runs everything again on the check run's commit", func(t *testing.T) {
		_, p := run(t, checkRunJob(t, "rerequested", "", "alice", 7), writers)
		require.Len(t, p.reqs, 1)
		req := p.reqs[0]
		assert.True(t, req.NoCache)
		assert.False(t, req.RerunFailed)
		assert.Equal(t, 7, req.Source.(*Source).Number)
		assert.Equal(t, "abc1234abc1234abc1234", req.Source.(*Source).Pinned, "the commit the check run is on")
		assert.Equal(t, "Re-run by @alice", req.Trigger)
		assert.Contains(t, strings.Join(req.Notes, "\n"), "Re-run requested by @alice")
	})
	t.Run("the button reruns the failed items", func(t *testing.T) {
		_, p := run(t, checkRunJob(t, "requested_action", RerunFailedID, "alice", 7), writers)
		require.Len(t, p.reqs, 1)
		assert.True(t, p.reqs[0].RerunFailed)
		assert.False(t, p.reqs[0].NoCache)
	})
	t.Run("a reader is refused", func(t *testing.T) {
		gh, p := run(t, checkRunJob(t, "rerequested", "", "mallory", 7), map[string]string{"mallory": "read"})
		assert.Empty(t, p.reqs)
		assert.Equal(t, []string{report.Denied("mallory")}, gh.comments)
	})
	for name, job := range map[string]queue.Job{
		"another button":     checkRunJob(t, "requested_action", "something-else", "alice", 7),
		"our run completing": checkRunJob(t, "completed", "", "alice", 7),
		"a fork's check run": checkRunJob(t, "rerequested", "", "alice"),
		"malformed":          {ID: "d", Event: "check_run", Payload: []byte("{")},
	} {
		t.Run(name+" is ignored", func(t *testing.T) {
			gh, p := run(t, job, writers)
			assert.Empty(t, p.reqs)
			assert.Empty(t, gh.comments)
		})
	}
}

func TestPublisherOffersRerunOfFailedItems(t *testing.T) {
	t.Parallel()
	for name, tc := range map[string]struct {
		outcomes []verify.Outcome
		button   bool
	}{
		"a failure": {[]verify.Outcome{{Passed: true}, {Passed: false}}, true},
		"all pass":  {[]verify.Outcome{{Passed: true}}, false},
	} {
		t.Run(name, func(t *testing.T) {
			gh := &fakeGitHub{}
			p := &Publisher{GitHub: gh, Owner: "acme", Repo: "web", Number: 7}
			v := &bot.Verification{Report: bot.Report{Outcomes: tc.outcomes}}
			require.NoError(t, p.Publish(context.Background(), v))
			require.Len(t, gh.actions, 1)
			if tc.button {
				require.Len(t, gh.actions[0], 1)
				assert.Equal(t, RerunFailedID, gh.actions[0][0].Identifier)
			} else {
				assert.Empty(t, gh.actions[0])
			}
		})
	}
}
