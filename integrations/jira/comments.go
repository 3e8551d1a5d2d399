package jira

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"unicode/utf8"

	gojira "github.com/andygrunwald/go-jira"

	"github.com/engineo/autoverify/integrations/httpretry"
	"github.com/engineo/autoverify/internal/lazyregexp"
)

// Comment is one comment on an issue. Body is wiki markup.
type Comment struct {
	ID   string
	Body string
	// Author identifies who wrote it: the accountId on Jira Cloud, the
	// user name on Server/Data Center.
	Author            string
	AuthorDisplayName string
	Created           string // as Jira formats it, e.g. 2026-01-28T12:00:00.000+0000
}

// commentPageSize is what we ask for per page; Jira may cap it lower (the
// page's maxResults says), and pagination follows what it returns.
const commentPageSize = 100

// maxCommentRunes keeps a comment under Jira's default text-field limit of
// 32,767 characters, with room for the run line.
const maxCommentRunes = 32000

// runIDRE limits run IDs to characters that are inert in wiki markup and
// that end unambiguously, so "run 12" is never found inside "run 123".
var runIDRE = lazyregexp.New(`^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$`)

const runPrefix = "autoverify run "

// RunLine is the line AddCommentOnce appends to a comment: the run ID in
// small grey text, visible to people and findable by the next attempt.
func RunLine(runID string) string {
	return "{color:#999999}" + runPrefix + runID + "{color}"
}

// mentionsRun reports whether body carries "autoverify run <runID>" with
// runID standing alone (not the prefix of a longer ID). It looks at the
// text, not the colour macro around it, which Jira may rewrite.
func mentionsRun(body, runID string) bool {
	for rest := body; ; {
		i := strings.Index(rest, runPrefix)
		if i < 0 {
			return false
		}
		rest = rest[i+len(runPrefix):]
		if !strings.HasPrefix(rest, runID) {
			continue
		}
		after := rest[len(runID):]
		if after == "" || !runIDChar(after[0]) {
			return true
		}
	}
}

// RunIDIn returns the run ID of the last run line ("autoverify run <ID>",
// as RunLine writes it) in body, so the bot can tell its own reports from
// people's comments (e.g. to ignore a "/verify" quoted in a report).
func RunIDIn(body string) (string, bool) {
	i := strings.LastIndex(body, runPrefix)
	if i < 0 {
		return "", false
	}
	rest := body[i+len(runPrefix):]
	n := 0
	for n < len(rest) && runIDChar(rest[n]) {
		n++
	}
	if id := rest[:n]; runIDRE().MatchString(id) {
		return id, true
	}
	return "", false
}

func runIDChar(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' ||
		b == '.' || b == '_' || b == ':' || b == '-'
}

// AddCommentOnce posts body (wiki markup) on the issue with RunLine(runID)
// as its last line — unless a comment carrying that run ID is already
// there, so a retried job or a redelivered webhook never comments twice.
// The comments are listed (every page) before posting; when the post
// answers 5xx or dies on the wire, Jira may have stored it anyway, so they
// are listed again before any retry. Bodies over Jira's length limit are
// truncated with a note.
func (c *Client) AddCommentOnce(ctx context.Context, key, runID, body string) error {
	wrap := func(err error) error { return fmt.Errorf("jira: commenting on %s: %w", key, err) }
	if err := checkKey(key); err != nil {
		return wrap(err)
	}
	if !runIDRE().MatchString(runID) {
		return wrap(fmt.Errorf("run ID %q must be 1-128 letters, digits, '.', '_', ':' or '-'", runID))
	}
	if strings.TrimSpace(body) == "" {
		return wrap(fmt.Errorf("empty comment body"))
	}
	full := truncateRunes(strings.TrimRight(body, "\n"), maxCommentRunes) + "\n\n" + RunLine(runID)

	for round := 1; ; round++ {
		found := false
		err := c.eachComment(ctx, key, func(cm Comment) bool {
			found = mentionsRun(cm.Body, runID)
			return !found
		})
		if err != nil {
			return wrap(fmt.Errorf("listing comments: %w", err))
		}
		if found {
			if round > 1 {
				c.log.Info("jira: the comment was stored despite the error", "issue", key, "run", runID)
			}
			return nil
		}
		_, resp, err := c.jc.Issue.AddCommentWithContext(ctx, key, &gojira.Comment{Body: full})
		if err == nil {
			return nil
		}
		err = classify(err, resp)
		if !uncertain(ctx, err) || round == createRounds {
			return wrap(err)
		}
		c.log.Warn("jira: posting a comment failed with a server error; listing again before a retry",
			"issue", key, "run", runID, "round", round, "err", err)
		if serr := httpretry.Sleep(ctx, c.retry.Backoff(round)); serr != nil {
			return wrap(serr)
		}
	}
}

// Comments lists every comment on the issue, oldest first.
func (c *Client) Comments(ctx context.Context, key string) ([]Comment, error) {
	if err := checkKey(key); err != nil {
		return nil, fmt.Errorf("jira: listing comments of %s: %w", key, err)
	}
	var out []Comment
	if err := c.eachComment(ctx, key, func(cm Comment) bool {
		out = append(out, cm)
		return true
	}); err != nil {
		return nil, fmt.Errorf("jira: listing comments of %s: %w", key, err)
	}
	return out, nil
}

type commentPage struct {
	StartAt    int               `json:"startAt"`
	MaxResults int               `json:"maxResults"`
	Total      int               `json:"total"`
	Comments   []*gojira.Comment `json:"comments"`
}

// eachComment calls fn on the issue's comments page by page (go-jira has no
// paginated comment listing) until fn returns false or they run out.
func (c *Client) eachComment(ctx context.Context, key string, fn func(Comment) bool) error {
	for start, pages := 0, 0; ; pages++ {
		if pages > 10000 {
			return fmt.Errorf("more than 10000 pages of comments; giving up")
		}
		path := fmt.Sprintf("rest/api/2/issue/%s/comment?startAt=%d&maxResults=%d", key, start, commentPageSize)
		req, err := c.jc.NewRequestWithContext(ctx, http.MethodGet, path, nil)
		if err != nil {
			return err
		}
		var page commentPage
		if err := c.do(req, &page); err != nil {
			return err
		}
		for _, cm := range page.Comments {
			if cm == nil {
				continue
			}
			author := cm.Author.AccountID
			if author == "" {
				author = cm.Author.Name
			}
			if !fn(Comment{ID: cm.ID, Body: cm.Body, Author: author, AuthorDisplayName: cm.Author.DisplayName, Created: cm.Created}) {
				return nil
			}
		}
		n := len(page.Comments)
		start = page.StartAt + n
		if n == 0 || start >= page.Total {
			return nil
		}
	}
}

// do sends req through go-jira and decodes the answer into v, turning a
// non-2xx answer into a StatusError carrying Jira's error messages.
func (c *Client) do(req *http.Request, v any) error {
	resp, err := c.jc.Do(req, v)
	if err == nil {
		return nil
	}
	if resp != nil && resp.Response != nil && (resp.StatusCode < 200 || resp.StatusCode > 299) {
		return classify(gojira.NewJiraError(resp, err), resp)
	}
	return err
}

// truncateRunes cuts s to at most n runes (on a rune boundary), saying so.
func truncateRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	const note = "\n\n_(truncated)_"
	keep := n - utf8.RuneCountInString(note)
	i := 0
	for j := range s {
		if keep == 0 {
			i = j
			break
		}
		keep--
	}
	return s[:i] + note
}
