package dashboard

import (
	"context"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/engineo/autoverify/bot/failure"
	"github.com/engineo/autoverify/bot/runlog"
	"github.com/engineo/autoverify/ledger"
)

// page is what every page's layout needs.
type page struct {
	Title  string
	Viewer viewer
	// Live makes the page follow the live feed.
	Live bool
	Nav  string
}

// chartDays is how many days the overview's charts show.
const chartDays = 30

// overviewData is the overview page.
type overviewData struct {
	page
	Total  runlog.Counts
	Active []runlog.Record
	// Stale are runs recorded as active that have not been heard of for
	// StaleAfter: the process running them probably died.
	Stale        []runlog.Record
	Recent       []runlog.Record
	LastActivity time.Time
	Repos        []scopeRow
	Stories      []scopeRow
	Charts       charts
	Cleared      *runlog.Cleared
	Now          time.Time
}

// scopeRow is one repository's or story's figures.
type scopeRow struct {
	Repo, Story string
	Counts      runlog.Counts
}

// visibleRepos are the repositories whose runs v may see.
func (d *Dashboard) visibleRepos(ctx context.Context, v viewer) ([]string, error) {
	repos, err := d.cfg.History.Repos(ctx)
	if err != nil {
		return nil, err
	}
	if v.Admin {
		return repos, nil
	}
	var out []string
	for _, r := range repos {
		if d.canSee(ctx, v, r, false) {
			out = append(out, r)
		}
	}
	return out, nil
}

// scopes are the counter scopes the viewer's figures add up: every
// repository together for an admin, else each visible repository.
func scopes(v viewer, repos []string) []string {
	if v.Admin {
		return []string{runlog.ScopeAll}
	}
	out := make([]string, len(repos))
	for i, r := range repos {
		out[i] = runlog.ScopeRepo(r)
	}
	return out
}

func (d *Dashboard) fail(w http.ResponseWriter, what string, err error) {
	d.cfg.Logger.Error("dashboard: "+what, "err", err)
	http.Error(w, "the run history is unavailable right now: "+what, http.StatusServiceUnavailable)
}

func (d *Dashboard) overview(w http.ResponseWriter, r *http.Request, v viewer) {
	data, err := d.Overview(r.Context(), v)
	if err != nil {
		d.fail(w, "reading the overview", err)
		return
	}
	d.render(w, http.StatusOK, "overview.html", data)
}

// Overview gathers the overview's figures: counters, not records, except
// the active and the ten most recent runs.
func (d *Dashboard) Overview(ctx context.Context, v viewer) (overviewData, error) {
	now := d.cfg.Now()
	data := overviewData{page: page{Title: "Overview", Viewer: v, Live: true, Nav: "overview"}, Now: now}
	repos, err := d.visibleRepos(ctx, v)
	if err != nil {
		return data, err
	}
	if err := d.overviewFigures(ctx, &data, v, repos, now); err != nil {
		return data, err
	}
	recent, err := d.overviewRuns(ctx, &data, v, repos, now)
	if err != nil {
		return data, err
	}
	if err := d.recentStories(ctx, &data, recent); err != nil {
		return data, err
	}
	if cl, ok, err := d.cfg.History.Cleared(ctx); err != nil {
		return data, err
	} else if ok {
		data.Cleared = &cl
	}
	return data, nil
}

// overviewFigures fills the totals, the charts and the per-repository rows
// from one read of the counters, however many scopes and days they span.
func (d *Dashboard) overviewFigures(ctx context.Context, data *overviewData, v viewer, repos []string, now time.Time) error {
	days := runlog.Days(now, chartDays)
	keys := scopes(v, repos)
	counts, err := d.cfg.History.Counts(ctx, overviewKeys(v, repos, keys, days)...)
	if err != nil {
		return err
	}
	for _, s := range keys {
		data.Total = data.Total.Add(counts[s])
	}
	perDay := make([]runlog.Counts, len(days))
	for i, day := range days {
		for _, s := range keys {
			perDay[i] = perDay[i].Add(counts[runlog.DayKey(s, day)])
		}
	}
	data.Charts = drawCharts(days, perDay)
	data.Repos = repoRows(repos, counts)
	return nil
}

// overviewKeys are the counters the overview reads: each scope's total and
// its count per chart day, and each repository's total for the repository
// table — which an admin over more than 50 repositories goes without, to
// keep the one read bounded.
func overviewKeys(v viewer, repos, keys []string, days []time.Time) []string {
	all := append([]string(nil), keys...)
	for _, s := range keys {
		for _, day := range days {
			all = append(all, runlog.DayKey(s, day))
		}
	}
	if !v.Admin || len(repos) <= 50 {
		for _, r := range repos {
			all = append(all, runlog.ScopeRepo(r))
		}
	}
	return all
}

// repoRows are the repositories that have counters, busiest first (ties
// by name, so the table does not reshuffle between loads).
func repoRows(repos []string, counts map[string]runlog.Counts) []scopeRow {
	var rows []scopeRow
	for _, r := range repos {
		if c, ok := counts[runlog.ScopeRepo(r)]; ok {
			rows = append(rows, scopeRow{Repo: r, Counts: c})
		}
	}
	sort.Slice(rows, func(i, j int) bool {
		if rows[i].Counts.Runs != rows[j].Counts.Runs {
			return rows[i].Counts.Runs > rows[j].Counts.Runs
		}
		return rows[i].Repo < rows[j].Repo
	})
	return rows
}

// overviewRuns reads the only records the overview shows: the active runs
// (those started more than StaleAfter ago set apart as stale) and the ten
// most recent, and the last activity among them. It returns the recent
// runs, whose stories recentStories lists.
func (d *Dashboard) overviewRuns(ctx context.Context, data *overviewData, v viewer, repos []string, now time.Time) ([]runlog.Record, error) {
	active, _, err := d.page(ctx, v, repos, filter{Status: string(runlog.Active)}, 0, 50)
	if err != nil {
		return nil, err
	}
	for _, r := range active {
		if now.Sub(r.Started) > d.cfg.StaleAfter {
			data.Stale = append(data.Stale, r)
		} else {
			data.Active = append(data.Active, r)
		}
	}
	recent, _, err := d.page(ctx, v, repos, filter{}, 0, 10)
	if err != nil {
		return nil, err
	}
	data.Recent = recent
	for _, r := range append(active, recent...) {
		if t := r.LastActivity(); t.After(data.LastActivity) {
			data.LastActivity = t
		}
	}
	return recent, nil
}

// recentStories fills the story table with the stories of the recent runs,
// most recently run first, and reads their counters in one go.
func (d *Dashboard) recentStories(ctx context.Context, data *overviewData, recent []runlog.Record) error {
	var storyKeys []string
	seen := map[string]bool{}
	for _, r := range recent {
		k := runlog.ScopeStory(r.Repo, r.Story)
		if r.Story != "" && !seen[k] {
			seen[k] = true
			storyKeys = append(storyKeys, k)
			data.Stories = append(data.Stories, scopeRow{Repo: r.Repo, Story: r.Story})
		}
	}
	if len(storyKeys) == 0 {
		return nil
	}
	sc, err := d.cfg.History.Counts(ctx, storyKeys...)
	if err != nil {
		return err
	}
	for i := range data.Stories {
		data.Stories[i].Counts = sc[storyKeys[i]]
	}
	return nil
}

// filter is the history page's filter.
type filter struct {
	Repo, Story, Route, Failure, Author, Status string
}

func filterOf(q url.Values) filter {
	g := func(k string) string { return strings.TrimSpace(q.Get(k)) }
	return filter{Repo: g("repo"), Story: g("story"), Route: g("route"), Failure: g("failure"), Author: g("author"), Status: g("status")}
}

// index picks the most selective index the filter names.
func (f filter) index() string {
	switch {
	case f.Story != "":
		return runlog.IndexStory(f.Story)
	case f.Failure != "":
		return runlog.IndexFailure(f.Failure)
	case f.Author != "":
		return runlog.IndexAuthor(f.Author)
	case f.Status != "":
		return runlog.IndexStatus(runlog.Status(f.Status))
	case f.Route != "":
		return runlog.IndexRoute(f.Route)
	case f.Repo != "":
		return runlog.IndexRepo(f.Repo)
	}
	return runlog.IndexAll
}

func (f filter) match(r runlog.Record) bool {
	return (f.Repo == "" || r.Repo == f.Repo) && (f.Story == "" || r.Story == f.Story) && (f.Route == "" || r.Route == f.Route) &&
		(f.Failure == "" || slices.Contains(r.FailureTypes(), f.Failure)) && (f.Author == "" || r.Author == f.Author) &&
		(f.Status == "" || string(r.Status) == f.Status)
}

func (f filter) Query() string {
	q := url.Values{}
	for k, val := range map[string]string{"repo": f.Repo, "story": f.Story, "route": f.Route, "failure": f.Failure, "author": f.Author, "status": f.Status} {
		if val != "" {
			q.Set(k, val)
		}
	}
	return q.Encode()
}

// maxScan bounds the index entries one page reads to find runs that match
// every filter and that the viewer may see.
const maxScan = 2000

// page finds up to limit runs matching f that v may see, starting before
// the cursor; it returns the next cursor (0 at the end). A viewer who is
// not an admin and names no index narrower than "all" reads the indices
// of the repositories they can see and merges them.
func (d *Dashboard) page(ctx context.Context, v viewer, repos []string, f filter, before int64, limit int) ([]runlog.Record, int64, error) {
	index := f.index()
	if !v.Admin && index == runlog.IndexAll {
		return d.mergedPage(ctx, repos, f, before, limit)
	}
	if !v.Admin && f.Repo != "" && !slices.Contains(repos, f.Repo) {
		return nil, 0, nil
	}
	var out []runlog.Record
	scanned := 0
	q := runlog.Query{Index: index, Before: before, Limit: max(limit, 50)}
	for {
		p, err := d.cfg.History.List(ctx, q)
		if err != nil {
			return nil, 0, err
		}
		for _, r := range p.Runs {
			scanned++
			if !f.match(r) || !d.canSee(ctx, v, r.Repo, r.Local) {
				continue
			}
			out = append(out, r)
			if len(out) == limit {
				return out, runlog.Cursor(r), nil
			}
		}
		if p.Next == 0 {
			return out, 0, nil
		}
		if scanned >= maxScan {
			if len(out) > 0 {
				return out, runlog.Cursor(out[len(out)-1]), nil
			}
			return out, p.Next, nil
		}
		q.Before = p.Next
	}
}

// mergedPage merges the newest runs of each visible repository.
func (d *Dashboard) mergedPage(ctx context.Context, repos []string, f filter, before int64, limit int) ([]runlog.Record, int64, error) {
	var all []runlog.Record
	for _, repo := range repos {
		p, err := d.cfg.History.List(ctx, runlog.Query{Index: runlog.IndexRepo(repo), Before: before, Limit: limit})
		if err != nil {
			return nil, 0, err
		}
		for _, r := range p.Runs {
			if f.match(r) && !r.Local {
				all = append(all, r)
			}
		}
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Started.After(all[j].Started) })
	if len(all) <= limit {
		return all, 0, nil
	}
	all = all[:limit]
	return all, runlog.Cursor(all[limit-1]), nil
}

// runsData is the history page.
type runsData struct {
	page
	Filter  filter
	Runs    []runlog.Record
	Next    int64
	Repos   []string
	Routes  []string
	Failure []string
	Now     time.Time
}

func (d *Dashboard) runs(w http.ResponseWriter, r *http.Request, v viewer) {
	ctx := r.Context()
	f := filterOf(r.URL.Query())
	before, _ := strconv.ParseInt(r.URL.Query().Get("before"), 10, 64)
	repos, err := d.visibleRepos(ctx, v)
	if err != nil {
		d.fail(w, "listing repositories", err)
		return
	}
	runs, next, err := d.page(ctx, v, repos, f, before, 50)
	if err != nil {
		d.fail(w, "listing runs", err)
		return
	}
	d.render(w, http.StatusOK, "runs.html", runsData{page: page{Title: "Runs", Viewer: v, Live: before == 0, Nav: "runs"},
		Filter: f, Runs: runs, Next: next, Repos: repos, Now: d.cfg.Now(),
		Routes: []string{string(ledger.Verified), string(ledger.NeedsFix), string(ledger.HumanReview), string(ledger.HumanAttention)},
		Failure: []string{string(failure.TestFailure), string(failure.CodeError), string(failure.LintError), string(failure.TypeError),
			string(failure.Timeout), string(failure.EnvError), string(failure.Unknown)}})
}

// runData is one run's page.
type runData struct {
	page
	Run runlog.Record
	Now time.Time
}

// visibleRun reads a run the viewer may see; nil means 404.
func (d *Dashboard) visibleRun(w http.ResponseWriter, r *http.Request, v viewer) *runlog.Record {
	rec, ok, err := d.cfg.History.Get(r.Context(), r.PathValue("id"))
	if err != nil {
		d.fail(w, "reading the run", err)
		return nil
	}
	if !ok || !d.canSee(r.Context(), v, rec.Repo, rec.Local) {
		http.NotFound(w, r)
		return nil
	}
	return &rec
}

func (d *Dashboard) run(w http.ResponseWriter, r *http.Request, v viewer) {
	rec := d.visibleRun(w, r, v)
	if rec == nil {
		return
	}
	d.render(w, http.StatusOK, "run.html", runData{page: page{Title: rec.Story + " · " + rec.ID, Viewer: v, Live: rec.Status == runlog.Active, Nav: "runs"},
		Run: *rec, Now: d.cfg.Now()})
}

// evidence serves one of a run's evidence files as plain text: only the
// files the run names, from the run's own directory.
func (d *Dashboard) evidence(w http.ResponseWriter, r *http.Request, v viewer) {
	rec := d.visibleRun(w, r, v)
	if rec == nil {
		return
	}
	file := r.PathValue("file")
	if !slices.Contains(rec.Evidence, file) || filepath.Base(file) != file || rec.EvidenceDir == "" {
		http.NotFound(w, r)
		return
	}
	f, err := os.Open(filepath.Join(rec.EvidenceDir, file))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil || !st.Mode().IsRegular() {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Content-Security-Policy", "sandbox; default-src 'none'")
	w.Header().Set("Cache-Control", "private, no-store")
	http.ServeContent(w, r, "", st.ModTime(), f)
}

// clearData is the clear-history confirmation page.
type clearData struct {
	page
	Total runlog.Counts
}

func (d *Dashboard) clearPage(w http.ResponseWriter, r *http.Request, v viewer) {
	if !v.Admin {
		http.Error(w, "forbidden: only admins may clear the history", http.StatusForbidden)
		return
	}
	c, err := d.cfg.History.Counts(r.Context(), runlog.ScopeAll)
	if err != nil {
		d.fail(w, "reading counters", err)
		return
	}
	d.render(w, http.StatusOK, "clear.html", clearData{page: page{Title: "Clear history", Viewer: v}, Total: c[runlog.ScopeAll]})
}

func (d *Dashboard) clear(w http.ResponseWriter, r *http.Request, v viewer) {
	if !v.Admin {
		http.Error(w, "forbidden: only admins may clear the history", http.StatusForbidden)
		return
	}
	if r.PostFormValue("confirm") != "yes" {
		http.Error(w, "bad request: confirm=yes is required to clear the history", http.StatusBadRequest)
		return
	}
	cl, err := d.cfg.History.Clear(r.Context(), v.Name(), d.cfg.Now())
	if err != nil {
		d.fail(w, "clearing the history", err)
		return
	}
	d.cfg.Logger.Warn("dashboard: history cleared", "by", cl.By, "runs", cl.Runs)
	http.Redirect(w, r, "/", http.StatusSeeOther)
}
