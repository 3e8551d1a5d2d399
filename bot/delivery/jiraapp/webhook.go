package jiraapp

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// Event kinds ParseWebhook reports; any other event's kind is its
// webhookEvent with the "jira:" prefix removed (e.g. "issue_created").
const (
	KindIssueUpdated   = "issue_updated"
	KindCommentCreated = "comment_created"
)

// Event is what autoverify reads from a Jira webhook delivery.
type Event struct {
	// Kind is WebhookEvent without its "jira:" prefix: KindIssueUpdated,
	// KindCommentCreated, or another event's name.
	Kind string
	// WebhookEvent is the payload's webhookEvent, e.g. "jira:issue_updated".
	WebhookEvent string
	// IssueEventType is issue_event_type_name where present (e.g.
	// "issue_generic", "issue_commented"; issue events only).
	IssueEventType string

	IssueKey   string
	ProjectKey string // issue.fields.project.key, else the key's prefix
	// Status is the issue's status in the payload (issue.fields.status).
	Status string
	// Reporter is the issue's reporter (accountId or name), whose claims
	// a signal on the issue makes.
	Reporter string

	// StatusFrom and StatusTo are the status change this event records
	// (the changelog item for the status field); empty when the status did
	// not change.
	StatusFrom, StatusTo string

	// User identifies who caused the event (accountId on Cloud, name on
	// Server/Data Center), when the payload says.
	User string

	CommentID   string
	CommentBody string // wiki markup; an ADF body is flattened to its text
	// CommentAuthor is the comment author's accountId (Cloud) or name
	// (Server/Data Center); CommentAuthorName is the display name.
	CommentAuthor     string
	CommentAuthorName string

	// Timestamp is when Jira raised the event (the payload's timestamp, in
	// milliseconds since the epoch); zero when absent.
	Timestamp time.Time
}

// StatusChanged reports whether the event records a status change.
func (e Event) StatusChanged() bool { return e.StatusTo != "" }

type webhookUser struct {
	AccountID   string `json:"accountId"`
	Name        string `json:"name"`
	Key         string `json:"key"`
	DisplayName string `json:"displayName"`
}

func (u *webhookUser) id() string {
	if u == nil {
		return ""
	}
	for _, v := range []string{u.AccountID, u.Name, u.Key} {
		if v != "" {
			return v
		}
	}
	return ""
}

type webhookPayload struct {
	Timestamp      *json.Number `json:"timestamp"`
	WebhookEvent   string       `json:"webhookEvent"`
	IssueEventType string       `json:"issue_event_type_name"`
	User           *webhookUser `json:"user"`
	Issue          *struct {
		ID     string `json:"id"`
		Key    string `json:"key"`
		Fields *struct {
			Project *struct {
				Key string `json:"key"`
			} `json:"project"`
			Status *struct {
				Name string `json:"name"`
			} `json:"status"`
			Reporter *webhookUser `json:"reporter"`
		} `json:"fields"`
	} `json:"issue"`
	Changelog *struct {
		Items []struct {
			Field      string  `json:"field"`
			FieldType  string  `json:"fieldtype"`
			FieldID    string  `json:"fieldId"`
			From       *string `json:"from"`
			FromString *string `json:"fromString"`
			To         *string `json:"to"`
			ToString   *string `json:"toString"`
		} `json:"items"`
	} `json:"changelog"`
	Comment *struct {
		ID     string          `json:"id"`
		Body   json.RawMessage `json:"body"`
		Author *webhookUser    `json:"author"`
	} `json:"comment"`
}

// ParseWebhook reads a Jira webhook delivery (the request body). It does
// not authenticate it; the intake does that. Unknown fields are ignored,
// and unknown events parse with their Kind so the caller can skip them.
func ParseWebhook(body []byte) (Event, error) {
	var p webhookPayload
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := dec.Decode(&p); err != nil {
		return Event{}, fmt.Errorf("jira: parsing webhook: %w", err)
	}
	if p.WebhookEvent == "" {
		return Event{}, errors.New("jira: parsing webhook: no webhookEvent: not a Jira webhook payload")
	}
	ev := Event{
		WebhookEvent:   p.WebhookEvent,
		Kind:           strings.TrimPrefix(p.WebhookEvent, "jira:"),
		IssueEventType: p.IssueEventType,
		User:           p.User.id(),
	}
	if p.Timestamp != nil {
		if ms, err := p.Timestamp.Int64(); err == nil && ms > 0 {
			ev.Timestamp = time.UnixMilli(ms).UTC()
		}
	}
	if p.Issue != nil {
		ev.IssueKey = p.Issue.Key
		if f := p.Issue.Fields; f != nil {
			if f.Project != nil {
				ev.ProjectKey = f.Project.Key
			}
			if f.Status != nil {
				ev.Status = f.Status.Name
			}
			ev.Reporter = f.Reporter.id()
		}
		if ev.ProjectKey == "" {
			if i := strings.LastIndexByte(ev.IssueKey, '-'); i > 0 {
				ev.ProjectKey = ev.IssueKey[:i]
			}
		}
	}
	if p.Changelog != nil {
		for _, it := range p.Changelog.Items {
			if !statusItem(it.Field, it.FieldType, it.FieldID) {
				continue
			}
			ev.StatusFrom, ev.StatusTo = deref(it.FromString), deref(it.ToString)
		}
	}
	if p.Comment != nil {
		ev.CommentID = p.Comment.ID
		ev.CommentBody = commentText(p.Comment.Body)
		ev.CommentAuthor = p.Comment.Author.id()
		if p.Comment.Author != nil {
			ev.CommentAuthorName = p.Comment.Author.DisplayName
		}
	}
	return ev, nil
}

// statusItem recognises the changelog item of the workflow status: fieldId
// "status" where Jira sends it, else field "status" of a system ("jira")
// field — a custom field may be named Status too.
func statusItem(field, fieldType, fieldID string) bool {
	if fieldID != "" {
		return fieldID == "status"
	}
	return strings.EqualFold(field, "status") && !strings.EqualFold(fieldType, "custom")
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// commentText returns a comment body: the string itself (wiki markup, as
// REST v2 and Jira Server send it), or the text of an Atlassian Document
// Format body (Cloud may send one), paragraphs on their own lines.
func commentText(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || bytes.Equal(raw, []byte("null")) {
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var doc adfNode
	if json.Unmarshal(raw, &doc) != nil {
		return ""
	}
	var b strings.Builder
	doc.text(&b)
	return strings.TrimRight(b.String(), "\n")
}

type adfNode struct {
	Type    string    `json:"type"`
	Text    string    `json:"text"`
	Content []adfNode `json:"content"`
}

func (n *adfNode) text(b *strings.Builder) {
	switch n.Type {
	case "text":
		b.WriteString(n.Text)
	case "hardBreak":
		b.WriteByte('\n')
	}
	for i := range n.Content {
		n.Content[i].text(b)
	}
	switch n.Type {
	case "paragraph", "heading", "codeBlock", "listItem", "blockquote":
		if s := b.String(); s != "" && !strings.HasSuffix(s, "\n") {
			b.WriteByte('\n')
		}
	}
}
