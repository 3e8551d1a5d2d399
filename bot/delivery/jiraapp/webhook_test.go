package jiraapp

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

func parseFixture(t *testing.T, name string) Event {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	ev, err := ParseWebhook(b)
	if err != nil {
		t.Fatalf("ParseWebhook(%s): %v", name, err)
	}
	return ev
}

func TestParseWebhook(t *testing.T) {
	alice := "557058:f58131cb-b67d-43c7-b30d-6b58d40bd077"
	for _, tc := range []struct {
		file string
		want Event
	}{
		{"issue_updated_status.json", Event{
			Kind: KindIssueUpdated, WebhookEvent: "jira:issue_updated", IssueEventType: "issue_generic",
			IssueKey: "KAN-25", ProjectKey: "KAN", Status: "Ready for Verification",
			StatusFrom: "In Progress", StatusTo: "Ready for Verification",
			User:      alice,
			Timestamp: time.Date(2026, 1, 28, 12, 0, 0, 0, time.UTC),
		}},
		// A summary change and a custom field called "Status": no status change.
		{"issue_updated_no_status.json", Event{
			Kind: KindIssueUpdated, WebhookEvent: "jira:issue_updated", IssueEventType: "issue_updated",
			IssueKey: "SHOP-7", ProjectKey: "SHOP", Status: "In Progress",
			User:      "bob",
			Timestamp: time.Date(2026, 1, 28, 12, 1, 0, 0, time.UTC),
		}},
		{"comment_created.json", Event{
			Kind: KindCommentCreated, WebhookEvent: "comment_created",
			IssueKey: "KAN-25", ProjectKey: "KAN", Status: "Ready for Verification",
			CommentID: "10301", CommentBody: "/verify please\n*after* the fix",
			CommentAuthor: alice, CommentAuthorName: "Alice Example",
			Timestamp: time.Date(2026, 1, 28, 12, 2, 0, 0, time.UTC),
		}},
		// Server/Data Center: users by name; no project in the issue.
		{"comment_created_server.json", Event{
			Kind: KindCommentCreated, WebhookEvent: "comment_created",
			IssueKey: "SHOP-7", ProjectKey: "SHOP",
			CommentID: "40012", CommentBody: "/verify",
			CommentAuthor: "bob", CommentAuthorName: "Bob Example",
			Timestamp: time.Date(2026, 1, 28, 12, 3, 0, 0, time.UTC),
		}},
		// A body in Atlassian Document Format is flattened to its text.
		{"comment_created_adf.json", Event{
			Kind: KindCommentCreated, WebhookEvent: "comment_created",
			IssueKey: "KAN-25", ProjectKey: "KAN", Status: "In Progress",
			CommentID: "10302", CommentBody: "/verify\nthanks team",
			CommentAuthor: "5b10ac8d82e05b22cc7d4ef5", CommentAuthorName: "Carol Example",
			Timestamp: time.Date(2026, 1, 28, 12, 4, 0, 0, time.UTC),
		}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			got := parseFixture(t, tc.file)
			if got != tc.want {
				t.Fatalf("ParseWebhook =\n%+v\nwant\n%+v", got, tc.want)
			}
			if got.StatusChanged() != (tc.want.StatusTo != "") {
				t.Fatalf("StatusChanged = %v", got.StatusChanged())
			}
		})
	}
}

func TestParseWebhookOtherEventsAndErrors(t *testing.T) {
	ev, err := ParseWebhook([]byte(`{"webhookEvent":"jira:issue_created","issue":{"key":"KAN-30"}}`))
	if err != nil || ev.Kind != "issue_created" || ev.IssueKey != "KAN-30" || ev.ProjectKey != "KAN" || !ev.Timestamp.IsZero() {
		t.Fatalf("issue_created = %+v, %v", ev, err)
	}
	ev, err = ParseWebhook([]byte(`{"webhookEvent":"sprint_started","sprint":{"id":1}}`))
	if err != nil || ev.Kind != "sprint_started" || ev.IssueKey != "" {
		t.Fatalf("sprint_started = %+v, %v", ev, err)
	}
	for _, bad := range []string{``, `not json`, `{}`, `{"issue":{"key":"KAN-1"}}`, `[1]`} {
		if _, err := ParseWebhook([]byte(bad)); err == nil {
			t.Errorf("ParseWebhook(%q) succeeded", bad)
		}
	}
}
