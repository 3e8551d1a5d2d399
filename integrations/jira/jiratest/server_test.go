package jiratest

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

func do(t *testing.T, s *Server, method, path, body string) (int, http.Header, map[string]any) {
	t.Helper()
	var r io.Reader
	if body != "" {
		r = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, s.URL+path, r)
	if err != nil {
		t.Fatal(err)
	}
	req.SetBasicAuth(DefaultEmail, DefaultAPIToken)
	req.Header.Set("Content-Type", "application/json")
	resp, err := s.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out map[string]any
	b, _ := io.ReadAll(resp.Body)
	if len(b) > 0 {
		if err := json.Unmarshal(b, &out); err != nil {
			t.Fatalf("%s %s: body %q is not a JSON object: %v", method, path, b, err)
		}
	}
	return resp.StatusCode, resp.Header, out
}

func TestServerShapes(t *testing.T) {
	s := NewServer(t)
	s.AddIssue("KAN-1", "KAN", "Sum", "To Do",
		Transition{ID: "11", Name: "Start", To: "In Progress", From: []string{"To Do"}},
		Transition{ID: "31", Name: "Finish", To: "Done"})

	code, _, body := do(t, s, "GET", "/rest/api/2/issue/KAN-1?fields=summary,status", "")
	fields, _ := body["fields"].(map[string]any)
	if code != 200 || body["key"] != "KAN-1" || fields["summary"] != "Sum" || fields["project"] != nil ||
		fields["status"].(map[string]any)["name"] != "To Do" {
		t.Fatalf("issue: %d %v", code, body)
	}

	code, _, body = do(t, s, "GET", "/rest/api/2/issue/KAN-9", "")
	if msgs, _ := body["errorMessages"].([]any); code != 404 || len(msgs) != 1 {
		t.Fatalf("missing issue: %d %v", code, body)
	}

	if code, _, body = do(t, s, "POST", "/rest/api/2/issue/KAN-1/transitions", `{"transition":{"id":"99"}}`); code != 400 ||
		body["errorMessages"].([]any)[0] != "Transition id '99' is not valid for this issue." {
		t.Fatalf("unknown transition: %d %v", code, body)
	}
	if code, _, _ = do(t, s, "POST", "/rest/api/2/issue/KAN-1/transitions", `{"transition":{"id":11}}`); code != 204 {
		t.Fatalf("transition: %d", code)
	}
	if s.Issue("KAN-1") != "In Progress" || strings.Join(s.TransitionsDone("KAN-1"), ",") != "Start" {
		t.Fatalf("after transition: %q %v", s.Issue("KAN-1"), s.TransitionsDone("KAN-1"))
	}
	// "Start" is only offered from To Do.
	_, _, body = do(t, s, "GET", "/rest/api/2/issue/KAN-1/transitions", "")
	if ts := body["transitions"].([]any); len(ts) != 1 || ts[0].(map[string]any)["to"].(map[string]any)["name"] != "Done" {
		t.Fatalf("transitions: %v", body)
	}

	if code, _, body = do(t, s, "POST", "/rest/api/2/issue/KAN-1/comment", `{"body":"hi"}`); code != 201 ||
		body["body"] != "hi" || body["author"].(map[string]any)["accountId"] != BotAccountID {
		t.Fatalf("add comment: %d %v", code, body)
	}
	if code, _, body = do(t, s, "POST", "/rest/api/2/issue/KAN-1/comment", `{"body":" "}`); code != 400 || body["errors"].(map[string]any)["comment"] == nil {
		t.Fatalf("empty comment: %d %v", code, body)
	}
	for range 60 {
		s.AddComment("KAN-1", "bob", "x")
	}
	_, _, body = do(t, s, "GET", "/rest/api/2/issue/KAN-1/comment?startAt=40&maxResults=1000", "")
	if body["startAt"] != 40.0 || body["maxResults"] != float64(MaxPageSize) || body["total"] != 61.0 || len(body["comments"].([]any)) != 21 {
		t.Fatalf("page: startAt %v maxResults %v total %v len %d", body["startAt"], body["maxResults"], body["total"], len(body["comments"].([]any)))
	}
}

func TestServerAuthAndFaults(t *testing.T) {
	s := NewServer(t)
	s.AddIssue("KAN-1", "KAN", "Sum", "To Do")

	s.RequireBearer("pat")
	if code, _, _ := do(t, s, "GET", "/rest/api/2/issue/KAN-1", ""); code != 401 {
		t.Fatalf("basic against bearer: %d", code)
	}
	req, _ := http.NewRequest("GET", s.URL+"/rest/api/2/issue/KAN-1", nil)
	req.Header.Set("Authorization", "Bearer pat")
	resp, err := s.Client().Do(req)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("bearer: %v %v", resp, err)
	}
	resp.Body.Close()
	s.RequireBasic(DefaultEmail, DefaultAPIToken)

	s.Fail("GET", "/rest/api/2/issue/KAN-1", 2, 429, map[string]string{"Retry-After": "3"})
	for i := range 2 {
		code, h, _ := do(t, s, "GET", "/rest/api/2/issue/KAN-1", "")
		if code != 429 || h.Get("Retry-After") != "3" {
			t.Fatalf("fault %d: %d %v", i, code, h)
		}
	}
	if code, _, _ := do(t, s, "GET", "/rest/api/2/issue/KAN-1", ""); code != 200 {
		t.Fatalf("after faults: %d", code)
	}

	s.FailAfterApplying("POST", "/rest/api/2/issue/KAN-1/comment", 1, 502)
	if code, _, _ := do(t, s, "POST", "/rest/api/2/issue/KAN-1/comment", `{"body":"hi"}`); code != 502 {
		t.Fatalf("applied fault: %d", code)
	}
	if n := len(s.Comments("KAN-1")); n != 1 {
		t.Fatalf("%d comments after an applied fault, want 1", n)
	}
	calls := s.Calls()
	if last := calls[len(calls)-1]; last.Method != "POST" || last.Status != 502 || last.Auth != "Basic" {
		t.Fatalf("last call %+v", last)
	}
}
