package githubtest

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	gh "github.com/google/go-github/v60/github"
)

// maxOutput is GitHub's limit on check run output.summary and output.text.
const maxOutput = 65535

var (
	checkStatuses    = map[string]bool{"queued": true, "in_progress": true, "completed": true}
	checkConclusions = map[string]bool{
		"action_required": true, "cancelled": true, "failure": true, "neutral": true,
		"success": true, "skipped": true, "stale": true, "timed_out": true,
	}
)

// checkOutput validates what GitHub validates about an output.
func checkOutput(o *gh.CheckRunOutput) string {
	if o == nil {
		return ""
	}
	if o.Title == nil || o.Summary == nil {
		return "output requires title and summary"
	}
	if msg := checkAnnotations(o.Annotations); msg != "" {
		return msg
	}
	for field, v := range map[string]*string{"summary": o.Summary, "text": o.Text} {
		if v != nil && utf8.RuneCountInString(*v) > maxOutput {
			return fmt.Sprintf("output.%s is too long (maximum is %d characters)", field, maxOutput)
		}
	}
	return ""
}

// annotationLevels are the annotation levels GitHub takes.
var annotationLevels = map[string]bool{"notice": true, "warning": true, "failure": true}

// checkAnnotations validates what GitHub validates about annotations: at
// most 50 a request, each with a path, lines, a level and a message.
func checkAnnotations(as []*gh.CheckRunAnnotation) string {
	if len(as) > 50 {
		return "output.annotations: only 50 annotations are allowed per request"
	}
	for _, a := range as {
		switch {
		case a.GetPath() == "" || a.StartLine == nil || a.EndLine == nil || a.GetMessage() == "":
			return "output.annotations: path, start_line, end_line and message are required"
		case !annotationLevels[a.GetAnnotationLevel()]:
			return "output.annotations: annotation_level is not notice, warning or failure"
		}
	}
	return ""
}

func (s *Server) createCheckRun(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rs := s.repo(w, r)
	if rs == nil {
		return
	}
	var in gh.CreateCheckRunOptions
	if !decodeBody(w, r, &in) {
		return
	}
	status := "queued"
	if in.Status != nil {
		status = *in.Status
	}
	switch {
	case in.Name == "":
		writeError(w, http.StatusUnprocessableEntity, "Invalid request.\n\n\"name\" wasn't supplied.")
		return
	case !shaRE.MatchString(in.HeadSHA) || rs.commits[in.HeadSHA] == nil:
		writeError(w, http.StatusUnprocessableEntity, fmt.Sprintf("No commit found for SHA: %s", in.HeadSHA))
		return
	case !checkStatuses[status]:
		writeError(w, http.StatusUnprocessableEntity, "Invalid request.\n\nstatus")
		return
	case in.Conclusion != nil && !checkConclusions[*in.Conclusion]:
		writeError(w, http.StatusUnprocessableEntity, "Invalid request.\n\nconclusion")
		return
	case status == "completed" && in.Conclusion == nil:
		writeError(w, http.StatusUnprocessableEntity, "Invalid request.\n\n\"conclusion\" is required when \"status\" is \"completed\".")
		return
	}
	if msg := checkOutput(in.Output); msg != "" {
		writeError(w, http.StatusUnprocessableEntity, "Invalid request.\n\n"+msg)
		return
	}
	if in.Conclusion != nil {
		status = "completed"
	}
	id := s.newID()
	if in.Output != nil && in.Output.Annotations != nil {
		rs.checkRunAnnotations[id] = in.Output.Annotations
		in.Output.AnnotationsCount = gh.Int(len(in.Output.Annotations))
		in.Output.Annotations = nil
	}
	now := &gh.Timestamp{Time: time.Now().UTC().Truncate(time.Second)}
	run := &gh.CheckRun{
		ID:          gh.Int64(id),
		Name:        gh.String(in.Name),
		HeadSHA:     gh.String(in.HeadSHA),
		ExternalID:  gh.String(""),
		DetailsURL:  in.DetailsURL,
		Status:      gh.String(status),
		Conclusion:  in.Conclusion,
		StartedAt:   in.StartedAt,
		CompletedAt: in.CompletedAt,
		Output:      in.Output,
		App:         &gh.App{ID: gh.Int64(s.AppID), Slug: gh.String("autoverify")},
		URL:         gh.String(fmt.Sprintf("%srepos/%s/%s/check-runs/%d", s.URL, rs.owner, rs.name, id)),
		HTMLURL:     gh.String(fmt.Sprintf("https://github.com/%s/%s/runs/%d", rs.owner, rs.name, id)),
	}
	if in.ExternalID != nil {
		run.ExternalID = in.ExternalID
	}
	if run.StartedAt == nil {
		run.StartedAt = now
	}
	if status == "completed" && run.CompletedAt == nil {
		run.CompletedAt = now
	}
	rs.checkRuns = append(rs.checkRuns, run)
	writeJSON(w, http.StatusCreated, run)
}

func (s *Server) updateCheckRun(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rs := s.repo(w, r)
	if rs == nil {
		return
	}
	id, _ := strconv.ParseInt(r.PathValue("id"), 10, 64)
	var run *gh.CheckRun
	for _, c := range rs.checkRuns {
		if c.GetID() == id {
			run = c
		}
	}
	if run == nil {
		writeError(w, http.StatusNotFound, "Not Found")
		return
	}
	var in gh.UpdateCheckRunOptions
	if !decodeBody(w, r, &in) {
		return
	}
	status := run.GetStatus()
	if in.Status != nil {
		status = *in.Status
	}
	conclusion := in.Conclusion
	if conclusion == nil {
		conclusion = run.Conclusion
	}
	switch {
	case !checkStatuses[status]:
		writeError(w, http.StatusUnprocessableEntity, "Invalid request.\n\nstatus")
		return
	case in.Conclusion != nil && !checkConclusions[*in.Conclusion]:
		writeError(w, http.StatusUnprocessableEntity, "Invalid request.\n\nconclusion")
		return
	case status == "completed" && conclusion == nil:
		writeError(w, http.StatusUnprocessableEntity, "Invalid request.\n\n\"conclusion\" is required when \"status\" is \"completed\".")
		return
	}
	if msg := checkOutput(in.Output); msg != "" {
		writeError(w, http.StatusUnprocessableEntity, "Invalid request.\n\n"+msg)
		return
	}
	if msg := checkActions(in.Actions); msg != "" {
		writeError(w, http.StatusUnprocessableEntity, "Invalid request.\n\n"+msg)
		return
	}
	if in.Actions != nil {
		rs.checkRunActions[id] = in.Actions
	}
	if in.Output != nil && in.Output.Annotations != nil {
		rs.checkRunAnnotations[id] = append(rs.checkRunAnnotations[id], in.Output.Annotations...)
		in.Output.AnnotationsCount = gh.Int(len(rs.checkRunAnnotations[id]))
		in.Output.Annotations = nil
	}
	if in.Name != "" {
		run.Name = gh.String(in.Name)
	}
	if in.DetailsURL != nil {
		run.DetailsURL = in.DetailsURL
	}
	if in.ExternalID != nil {
		run.ExternalID = in.ExternalID
	}
	if in.Output != nil {
		run.Output = in.Output
	}
	if in.Conclusion != nil {
		status = "completed"
	}
	run.Status = gh.String(status)
	run.Conclusion = conclusion
	if in.CompletedAt != nil {
		run.CompletedAt = in.CompletedAt
	}
	if status == "completed" && run.CompletedAt == nil {
		run.CompletedAt = &gh.Timestamp{Time: time.Now().UTC().Truncate(time.Second)}
	}
	writeJSON(w, http.StatusOK, run)
}

// listCheckRuns serves GET /repos/{o}/{r}/commits/{ref}/check-runs (the ref
// may contain slashes) with check_name, status, app_id and filter;
// filter=latest (the default) keeps only the newest run per name.
func (s *Server) listCheckRuns(w http.ResponseWriter, r *http.Request) {
	ref, ok := strings.CutSuffix(r.PathValue("rest"), "/check-runs")
	if !ok {
		http.NotFound(w, r)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	rs := s.repo(w, r)
	if rs == nil {
		return
	}
	sha, ok := rs.resolve(ref)
	if !ok {
		writeError(w, http.StatusUnprocessableEntity, fmt.Sprintf("No commit found for SHA: %s", ref))
		return
	}
	q := r.URL.Query()
	var runs []*gh.CheckRun
	newest := map[string]int64{}
	for _, c := range rs.checkRuns {
		if c.GetHeadSHA() != sha ||
			(q.Has("check_name") && c.GetName() != q.Get("check_name")) ||
			(q.Has("status") && c.GetStatus() != q.Get("status")) ||
			(q.Has("app_id") && strconv.FormatInt(c.GetApp().GetID(), 10) != q.Get("app_id")) {
			continue
		}
		runs = append(runs, c)
		newest[c.GetName()] = max(newest[c.GetName()], c.GetID())
	}
	if f := q.Get("filter"); f == "" || f == "latest" {
		kept := runs[:0:0]
		for _, c := range runs {
			if newest[c.GetName()] == c.GetID() {
				kept = append(kept, c)
			}
		}
		runs = kept
	}
	// GitHub lists the newest first.
	for i, j := 0, len(runs)-1; i < j; i, j = i+1, j-1 {
		runs[i], runs[j] = runs[j], runs[i]
	}
	lo, hi := page(w, r, len(runs))
	writeJSON(w, http.StatusOK, &gh.ListCheckRunsResults{Total: gh.Int(len(runs)), CheckRuns: runs[lo:hi]})
}

// checkActions enforces GitHub's limits on requested-action buttons (at
// most 3; label 20, description 40, identifier 20 characters, each
// required).
func checkActions(actions []*gh.CheckRunAction) string {
	if len(actions) > 3 {
		return "actions: at most 3"
	}
	for _, a := range actions {
		switch {
		case a.Label == "" || utf8.RuneCountInString(a.Label) > 20:
			return "actions: label is too long (maximum is 20 characters)"
		case a.Description == "" || utf8.RuneCountInString(a.Description) > 40:
			return "actions: description is too long (maximum is 40 characters)"
		case a.Identifier == "" || utf8.RuneCountInString(a.Identifier) > 20:
			return "actions: identifier is too long (maximum is 20 characters)"
		}
	}
	return ""
}
