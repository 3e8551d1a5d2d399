package intake

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/engineo/autoverify/bot/delivery/queue"
	"github.com/engineo/autoverify/integrations/asynq"
)

// BenchmarkGitHubIntake drives the real handler behind a real HTTP server
// with a keep-alive client: signed ~8 KiB issue_comment deliveries, each
// with its own delivery ID and body.
//
//   - redis:  RedisDeduper + the asynq queue on the test Redis (no workers;
//     the queue and the keys are deleted afterwards)
//   - memory: MemoryDeduper + queue.Memory (no workers)
//
// and two load shapes:
//
//   - max:  32 senders, each sending its next delivery as soon as the last
//     one is answered (closed loop: the throughput ceiling)
//   - 2000/s: deliveries are due every 500 µs and latency counts from when
//     each was due, so a server that falls behind shows it (open loop,
//     no coordinated omission); 32 senders
//
// It reports deliveries/s and p50/p99/max latency in milliseconds. Run
//
//	go test ./bot/intake -run '^$' -bench GitHubIntake -benchtime 10000x
func BenchmarkGitHubIntake(b *testing.B) {
	setups := []struct {
		name string
		mk   func(b *testing.B) (Deduper, Enqueuer)
	}{
		{"redis", func(b *testing.B) (Deduper, Enqueuer) {
			rdb := testRedis(b)
			d := NewRedisDeduper(rdb, uniquePrefix(b, rdb), time.Hour)
			qname := "avbench-" + strings.TrimPrefix(uniquePrefix(b, rdb), "autoverify-test:")
			qname = strings.NewReplacer(":", "-", "/", "-").Replace(strings.TrimSuffix(qname, ":"))
			q, err := asynq.NewFromClient(rdb, asynq.WithQueue(qname), asynq.WithLogger(quietLogger()))
			if err != nil {
				b.Fatal(err)
			}
			b.Cleanup(func() {
				deleteMatching(b, rdb, "asynq:{"+qname+"}:*")
				rdb.SRem(context.Background(), "asynq:queues", qname)
			})
			return d, q
		}},
		{"memory", func(b *testing.B) (Deduper, Enqueuer) {
			return NewMemoryDeduper(time.Hour, 1_000_000), queue.NewMemory(1, queue.WithBuffer(1<<30), queue.WithLogger(quietLogger()))
		}},
	}
	for _, s := range setups {
		for _, rate := range []int{0, 2000} {
			name := s.name + "/max"
			if rate > 0 {
				name = s.name + "/" + strconv.Itoa(rate) + "per_s"
			}
			b.Run(name, func(b *testing.B) {
				d, q := s.mk(b)
				runIntakeBench(b, d, q, rate)
			})
		}
	}
}

const benchSenders = 32

type benchDelivery struct {
	id   string
	body []byte
	sig  string
}

func runIntakeBench(b *testing.B, d Deduper, q Enqueuer, rate int) {
	h := NewGitHub(GitHubConfig{Secret: secret, Queue: q, Dedup: d, Logger: quietLogger()})
	srv := httptest.NewServer(h)
	defer srv.Close()
	tr := &http.Transport{MaxIdleConns: benchSenders * 2, MaxIdleConnsPerHost: benchSenders * 2}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr, Timeout: 10 * time.Second}
	url := srv.URL + "/webhooks/github"

	// Signing is the sender's work, not ours: prepare outside the timer.
	run := strconv.FormatInt(time.Now().UnixNano(), 36)
	ds := make([]benchDelivery, b.N)
	for i := range ds {
		body := issueCommentPayload(run, i)
		ds[i] = benchDelivery{id: fmt.Sprintf("%s-%08d-cc78-11e3-81ab-4c9367dc0958", run, i), body: body, sig: Sign(secret, body)}
	}
	lat := make([]time.Duration, b.N)
	var next atomic.Int64
	var failed atomic.Int64
	var firstErr sync.Once
	var interval time.Duration
	if rate > 0 {
		interval = time.Second / time.Duration(rate)
	}

	b.SetBytes(int64(len(ds[0].body)))
	b.ResetTimer()
	t0 := time.Now()
	var wg sync.WaitGroup
	for range benchSenders {
		wg.Go(func() {
			for {
				i := int(next.Add(1) - 1)
				if i >= len(ds) {
					return
				}
				start := time.Now()
				if interval > 0 {
					start = t0.Add(time.Duration(i) * interval)
					time.Sleep(time.Until(start))
				}
				status, err := post(client, url, ds[i])
				lat[i] = time.Since(start)
				if err != nil || status != http.StatusAccepted {
					failed.Add(1)
					firstErr.Do(func() { b.Errorf("delivery %d: status %d, %v", i, status, err) })
				}
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(t0)
	b.StopTimer()
	if n := failed.Load(); n > 0 {
		b.Fatalf("%d of %d deliveries not accepted", n, b.N)
	}
	slices.Sort(lat)
	pct := func(p float64) float64 {
		return float64(lat[min(len(lat)-1, int(p*float64(len(lat))))]) / float64(time.Millisecond)
	}
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "deliveries/s")
	b.ReportMetric(pct(0.50), "p50_ms")
	b.ReportMetric(pct(0.99), "p99_ms")
	b.ReportMetric(float64(lat[len(lat)-1])/float64(time.Millisecond), "max_ms")
}

func post(c *http.Client, url string, d benchDelivery) (int, error) {
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(d.body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "GitHub-Hookshot/bench")
	req.Header.Set("X-GitHub-Event", "issue_comment")
	req.Header.Set("X-GitHub-Delivery", d.id)
	req.Header.Set("X-Hub-Signature-256", d.sig)
	resp, err := c.Do(req)
	if err != nil {
		return 0, err
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	_ = resp.Body.Close()
	return resp.StatusCode, nil
}

// issueCommentPayload is an issue_comment "created" delivery of about 8 KiB,
// unique per (run, i), laid out like GitHub's.
func issueCommentPayload(run string, i int) []byte {
	n := strconv.Itoa(i)
	user := func(login, id string) string {
		return `{"login":"` + login + `","id":` + id + `,"node_id":"MDQ6VXNlcjE=","avatar_url":"https://avatars.githubusercontent.com/u/` + id + `?v=4","gravatar_id":"",` +
			`"url":"https://api.github.com/users/` + login + `","html_url":"https://github.com/` + login + `",` +
			`"followers_url":"https://api.github.com/users/` + login + `/followers","following_url":"https://api.github.com/users/` + login + `/following{/other_user}",` +
			`"gists_url":"https://api.github.com/users/` + login + `/gists{/gist_id}","starred_url":"https://api.github.com/users/` + login + `/starred{/owner}{/repo}",` +
			`"subscriptions_url":"https://api.github.com/users/` + login + `/subscriptions","organizations_url":"https://api.github.com/users/` + login + `/orgs",` +
			`"repos_url":"https://api.github.com/users/` + login + `/repos","events_url":"https://api.github.com/users/` + login + `/events{/privacy}",` +
			`"received_events_url":"https://api.github.com/users/` + login + `/received_events","type":"User","site_admin":false}`
	}
	repo := `{"id":1296269,"node_id":"MDEwOlJlcG9zaXRvcnkxMjk2MjY5","name":"autoverify","full_name":"engineo/autoverify","private":true,"owner":` + user("engineo", "583231") +
		`,"html_url":"https://github.com/engineo/autoverify","description":"Turns a story's checklist into verified evidence","fork":false,"url":"https://api.github.com/repos/engineo/autoverify",` +
		`"created_at":"2025-01-26T19:01:12Z","updated_at":"2026-01-28T12:00:00Z","pushed_at":"2026-01-28T11:59:00Z","git_url":"git://github.com/engineo/autoverify.git",` +
		`"clone_url":"https://github.com/engineo/autoverify.git","default_branch":"main","visibility":"private","open_issues_count":12,"topics":["verification","ci"]}`
	body := "/verify\\n\\nRun " + run + " delivery " + n + ". " + strings.Repeat("Checklist item re-run requested after the fix in the previous commit. ", 42)
	return []byte(`{"action":"created","issue":{"url":"https://api.github.com/repos/engineo/autoverify/issues/` + n + `","id":` + n + `,"number":` + n +
		`,"title":"KAN-25 story checklist","user":` + user("octocat", "1") + `,"labels":[{"id":208045946,"name":"story","color":"f29513","default":true}],"state":"open","locked":false,` +
		`"comments":3,"created_at":"2026-01-28T10:00:00Z","updated_at":"2026-01-28T12:00:00Z","author_association":"MEMBER","pull_request":{"url":"https://api.github.com/repos/engineo/autoverify/pulls/` + n + `"},` +
		`"body":"Implements KAN-25."},"comment":{"url":"https://api.github.com/repos/engineo/autoverify/issues/comments/` + n + `","html_url":"https://github.com/engineo/autoverify/pull/` + n + `#issuecomment-` + n +
		`","id":` + n + `,"node_id":"IC_kwDOA` + run + `","user":` + user("reviewer", "42") + `,"created_at":"2026-01-28T12:00:00Z","updated_at":"2026-01-28T12:00:00Z",` +
		`"author_association":"MEMBER","body":"` + body + `","reactions":{"total_count":0,"+1":0,"-1":0}},"repository":` + repo +
		`,"sender":` + user("reviewer", "42") + `,"installation":{"id":2311213,"node_id":"MDIzOkludGVncmF0aW9uSW5zdGFsbGF0aW9uMjMxMTIxMw=="}}`)
}

func TestIssueCommentPayloadShape(t *testing.T) {
	p := issueCommentPayload("run", 7)
	if !jsonValid(p) || len(p) < 7<<10 || len(p) > 10<<10 {
		t.Fatalf("payload: %d bytes, valid JSON %v", len(p), jsonValid(p))
	}
	if bytes.Equal(p, issueCommentPayload("run", 8)) {
		t.Fatal("payloads are not unique")
	}
}

func jsonValid(b []byte) bool { return json.Valid(b) }
