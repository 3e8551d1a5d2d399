package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sort"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/claims"
	"github.com/engineo/autoverify/bot/repoconfig"
	"github.com/engineo/autoverify/bot/report"
)

// AuditSource is a signal file audited in a local work tree
// (`autoverify audit SIGNAL.md`). It offers no checklist and no story
// file: an audit runs the configuration's checks: and nothing else.
type AuditSource struct {
	// Dir is the work tree the checks run in and whose .autoverify.yml is
	// read.
	Dir string
	// Head returns the work tree's commit ("" outside git).
	Head func(ctx context.Context, dir string, tree bool) (commit, treeHash string, err error)
}

// ReadSignal reads a signal file, naming it in the error.
func ReadSignal(path string) (string, error) {
	raw, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", fmt.Errorf("signal file %s: no such file; check the path", path)
	case err != nil:
		return "", fmt.Errorf("signal file %s: %w", path, err)
	}
	return string(raw), nil
}

// Subject is the work tree at its commit.
func (s *AuditSource) Subject(ctx context.Context) (bot.Subject, error) {
	subj := bot.Subject{Repo: s.Dir}
	if s.Head != nil {
		head, _, err := s.Head(ctx, s.Dir, false)
		if err == nil {
			subj.Commit = head
		}
	}
	return subj, nil
}

// File reads the work tree's .autoverify.yml; every other file is "not
// found", so no story checklist joins the audit.
func (s *AuditSource) File(_ context.Context, _, path string) ([]byte, error) {
	if path != repoconfig.Name {
		return nil, fmt.Errorf("%s: %w", path, bot.ErrNotFound)
	}
	return (&Source{Dir: s.Dir}).File(context.Background(), "", path)
}

// Workspace is the work tree itself.
func (s *AuditSource) Workspace(context.Context, bot.Subject) (bot.Workspace, error) {
	return bot.Workspace{Dir: s.Dir}, nil
}

// AuditJSON is `autoverify audit --json`'s output.
type AuditJSON struct {
	TaskID string `json:"task_id"`
	Signal string `json:"signal"`
	Valid  bool   `json:"valid"`
	Error  string `json:"error"`
	// Action is REJECT_SIGNAL for an invalid signal, as in the spec.
	Action      string         `json:"action"`
	Pairs       []claims.Audit `json:"pairs"`
	FalseClaims int            `json:"false_claims"`
	Unverified  int            `json:"unverified"`
}

// AuditReport prints an audit: the spec's SIGNAL REJECTED text, or the
// observed matrix with each false claim marked; JSON prints AuditJSON.
type AuditReport struct {
	Stdout, Stderr io.Writer
	JSON           bool
	// Secret masks secrets in texts quoted from the signal.
	Secret func(string) string
}

var _ bot.Publisher = (*AuditReport)(nil)

// Begin implements bot.Publisher.
func (a *AuditReport) Begin(context.Context, *bot.Verification) error { return nil }

// Publish implements bot.Publisher.
func (a *AuditReport) Publish(_ context.Context, v *bot.Verification) error {
	p := v.Problem
	if p != nil && p.Kind != bot.ProblemSignalRejected {
		fmt.Fprintln(a.Stderr, "autoverify:", p)
		return nil
	}
	out := a.view(v)
	if a.JSON {
		return WriteJSON(a.Stdout, out)
	}
	if p != nil {
		fmt.Fprint(a.Stdout, report.AuditText(report.Audit{Rejection: bot.ReportProblem(p, secretFunc(a.Secret))}))
		return nil
	}
	envs := append([]string(nil), v.Summary.Environments...)
	sort.Strings(envs)
	fmt.Fprint(a.Stdout, report.AuditText(report.Audit{Valid: true, Claim: v.Summary.Claim, Environments: envs, EvidenceFile: v.Files.Evidence}))
	return nil
}

func (a *AuditReport) view(v *bot.Verification) AuditJSON {
	out := AuditJSON{Pairs: []claims.Audit{}}
	if c := v.Claim; c != nil {
		out.TaskID, out.Signal = a.secret(c.Signal.TaskID), string(c.Signal.Kind)
		out.Valid, out.Error, out.Action = c.Validation.Valid, c.Validation.Error, c.Validation.Action
		if c.Audits != nil {
			out.Pairs = c.Audits
		}
		out.FalseClaims, out.Unverified = claims.Count(c.Audits)
	}
	var rej *bot.SignalRejected
	if v.Problem != nil && errors.As(v.Problem, &rej) {
		out.Valid, out.Error, out.Action = false, rej.Reason, claims.ActionReject
		if out.TaskID == "" {
			out.TaskID = a.secret(rej.TaskID)
		}
	}
	return out
}

func (a *AuditReport) secret(s string) string {
	if a.Secret == nil {
		return s
	}
	return a.Secret(s)
}

type secretFunc func(string) string

func (f secretFunc) String(s string) string {
	if f == nil {
		return s
	}
	return f(s)
}

// AuditExitCode is `autoverify audit`'s exit status: 0 when the signal is
// valid and every claimed pair was observed as claimed; 1 when it was
// rejected, any claim is false, or a claimed pair could not be checked; 2
// for bad input (a configuration to fix). An error no publisher printed
// is printed here.
func AuditExitCode(v *bot.Verification, err error, stderr io.Writer) int {
	if v != nil && v.Problem != nil {
		if v.Problem.Kind == bot.ProblemSignalRejected || v.Problem.Kind == bot.ProblemRefused {
			return ExitFailed
		}
		return ExitBadInput
	}
	if v == nil || !v.Ran() || v.Claim == nil {
		if err != nil {
			fmt.Fprintln(stderr, "autoverify:", err)
		}
		return ExitFailed
	}
	falseClaims, unverified := claims.Count(v.Claim.Audits)
	if err != nil || falseClaims > 0 || unverified > 0 {
		return ExitFailed
	}
	return ExitOK
}
