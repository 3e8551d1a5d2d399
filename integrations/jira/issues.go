package jira

import (
	"context"
	"fmt"
	"io"
	"strings"

	gojira "github.com/andygrunwald/go-jira"

	"github.com/engineo/autoverify/integrations/httpretry"
)

// Issue is the little of an issue the bot needs.
type Issue struct {
	Key        string
	Summary    string
	Status     string // the status name, e.g. "In Progress"
	ProjectKey string
}

// Transition is a workflow transition available on an issue now.
type Transition struct {
	ID       string
	Name     string // e.g. "Start review"
	ToStatus string // the status it leads to, e.g. "In Review"
}

// Issue reads an issue's summary, status and project.
func (c *Client) Issue(ctx context.Context, key string) (*Issue, error) {
	wrap := func(err error) error { return fmt.Errorf("jira: reading issue %s: %w", key, err) }
	if err := checkKey(key); err != nil {
		return nil, wrap(err)
	}
	is, resp, err := c.jc.Issue.GetWithContext(ctx, key, &gojira.GetQueryOptions{Fields: "summary,status,project"})
	if err != nil {
		return nil, wrap(classify(err, resp))
	}
	out := &Issue{Key: is.Key}
	if is.Fields != nil {
		out.Summary = is.Fields.Summary
		out.ProjectKey = is.Fields.Project.Key
		if is.Fields.Status != nil {
			out.Status = is.Fields.Status.Name
		}
	}
	if out.Key == "" {
		out.Key = key
	}
	return out, nil
}

// Transitions lists the transitions the account may perform on the issue
// from its current status.
func (c *Client) Transitions(ctx context.Context, key string) ([]Transition, error) {
	wrap := func(err error) error { return fmt.Errorf("jira: listing transitions of %s: %w", key, err) }
	if err := checkKey(key); err != nil {
		return nil, wrap(err)
	}
	ts, resp, err := c.jc.Issue.GetTransitionsWithContext(ctx, key)
	if err != nil {
		return nil, wrap(classify(err, resp))
	}
	out := make([]Transition, 0, len(ts))
	for _, t := range ts {
		out = append(out, Transition{ID: t.ID, Name: t.Name, ToStatus: t.To.Name})
	}
	return out, nil
}

// FindTransition picks the transition whose name or target status is want,
// compared case-insensitively with surrounding space trimmed. A match by
// name wins over a match by target status, and the first match in Jira's
// order wins among equals.
func FindTransition(ts []Transition, want string) (Transition, bool) {
	want = strings.TrimSpace(want)
	if want == "" {
		return Transition{}, false
	}
	for _, t := range ts {
		if strings.EqualFold(strings.TrimSpace(t.Name), want) {
			return t, true
		}
	}
	for _, t := range ts {
		if strings.EqualFold(strings.TrimSpace(t.ToStatus), want) {
			return t, true
		}
	}
	return Transition{}, false
}

// Transition performs transition id on the issue. A transition that answers
// 5xx (or dies on the wire) may have been applied, so it is not repeated
// blindly: the issue is looked at again, and the transition counts as done
// when the issue now stands in the transition's target status; otherwise it
// is tried again, a bounded number of times.
func (c *Client) Transition(ctx context.Context, key, id string) error {
	wrap := func(err error) error { return fmt.Errorf("jira: transitioning %s: %w", key, err) }
	if err := checkKey(key); err != nil {
		return wrap(err)
	}
	if strings.TrimSpace(id) == "" {
		return wrap(fmt.Errorf("empty transition id"))
	}
	for round := 1; ; round++ {
		resp, err := c.jc.Issue.DoTransitionWithContext(ctx, key, id)
		if err == nil {
			if resp != nil && resp.Body != nil {
				_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, httpretry.DrainLimit))
				_ = resp.Body.Close()
			}
			return nil
		}
		err = classify(err, resp)
		if !uncertain(ctx, err) || round == createRounds {
			return wrap(fmt.Errorf("transition %s: %w", id, err))
		}
		c.log.Warn("jira: a transition failed with a server error; looking at the issue before a retry",
			"issue", key, "transition", id, "round", round, "err", err)
		if serr := httpretry.Sleep(ctx, c.retry.Backoff(round)); serr != nil {
			return wrap(serr)
		}
		done, lerr := c.transitionApplied(ctx, key, id)
		if lerr != nil {
			return wrap(fmt.Errorf("transition %s answered %v, and looking again failed: %w", id, err, lerr))
		}
		if done {
			return nil
		}
	}
}

// transitionApplied tells whether the issue already stands in the target
// status of transition id. When id is no longer offered the target is
// unknown; the issue has left the status it was in, which a retry could
// not fix, so that counts as an error.
func (c *Client) transitionApplied(ctx context.Context, key, id string) (bool, error) {
	ts, err := c.Transitions(ctx, key)
	if err != nil {
		return false, err
	}
	for _, t := range ts {
		if t.ID != id {
			continue
		}
		is, err := c.Issue(ctx, key)
		if err != nil {
			return false, err
		}
		return t.ToStatus != "" && strings.EqualFold(is.Status, t.ToStatus), nil
	}
	return false, fmt.Errorf("transition %s is no longer offered: it was probably applied, but Jira did not confirm it", id)
}

// TransitionTo moves the issue by the transition whose name or target
// status is want (see FindTransition). When the issue offers none, it
// moves nothing and returns the names of those it offers, so the caller
// can say what to configure.
func (c *Client) TransitionTo(ctx context.Context, key, want string) (bool, []string, error) {
	ts, err := c.Transitions(ctx, key)
	if err != nil {
		return false, nil, err
	}
	t, ok := FindTransition(ts, want)
	if !ok {
		offered := make([]string, 0, len(ts))
		for _, t := range ts {
			offered = append(offered, t.Name)
		}
		return false, offered, nil
	}
	if err := c.Transition(ctx, key, t.ID); err != nil {
		return false, nil, err
	}
	return true, nil, nil
}
