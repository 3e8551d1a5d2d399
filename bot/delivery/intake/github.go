package intake

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/engineo/autoverify/bot/delivery/queue"
)

// Enqueuer is the part of queue.Queue the intake uses.
type Enqueuer interface {
	Enqueue(ctx context.Context, job queue.Job) error
}

// Defaults of GitHubConfig.
const (
	// DefaultMaxBody is GitHub's own cap on a webhook payload.
	DefaultMaxBody    int64 = 25 << 20
	DefaultTimeout          = 5 * time.Second
	DefaultRetryAfter       = 60 * time.Second
	// maxDeliveryID bounds the delivery ID (GitHub's are 36-character
	// GUIDs) so that it cannot bloat dedupe keys and job IDs.
	maxDeliveryID = 128
)

// DefaultGitHubEvents are the events enqueued when GitHubConfig.Events is
// nil: /verify comments, pull request changes, reruns asked for on the
// check run, and installation changes.
func DefaultGitHubEvents() map[string]bool {
	return map[string]bool{
		"issue_comment":             true,
		"pull_request":              true,
		"check_run":                 true,
		"installation":              true,
		"installation_repositories": true,
	}
}

// GitHubConfig configures NewGitHub.
type GitHubConfig struct {
	// Secret is the webhook secret (required).
	Secret []byte
	// Queue takes accepted deliveries (required); a queue.Queue will do.
	Queue Enqueuer
	// Dedup remembers deliveries; nil means NewMemoryDeduper(24h, 100000).
	// Use NewRedisDeduper when several replicas take deliveries.
	Dedup Deduper
	// MaxBody caps the body in bytes (default 25 MiB, GitHub's cap).
	MaxBody int64
	// Events lists the X-GitHub-Event values that are enqueued (default
	// DefaultGitHubEvents). "ping" is always answered, never enqueued.
	Events map[string]bool
	// Timeout bounds the dedupe check and the enqueue together (default 5s).
	Timeout time.Duration
	// RetryAfter is sent with 503 answers (default 60s).
	RetryAfter time.Duration
	// Logger (default slog.Default()).
	Logger *slog.Logger
	// Observer receives every outcome (default NopObserver).
	Observer Observer
}

// Validate reports a configuration NewGitHub would refuse.
func (c GitHubConfig) Validate() error {
	switch {
	case len(c.Secret) == 0:
		return errors.New("intake: GitHubConfig.Secret is empty")
	case c.Queue == nil:
		return errors.New("intake: GitHubConfig.Queue is nil")
	case c.MaxBody < 0:
		return errors.New("intake: GitHubConfig.MaxBody is negative")
	}
	return nil
}

// gitHub is the handler NewGitHub returns.
type gitHub struct {
	secret     []byte
	queue      Enqueuer
	dedup      Deduper
	maxBody    int64
	events     map[string]bool
	timeout    time.Duration
	retryAfter string
	log        *slog.Logger
	obs        Observer
}

const source = "github"

// NewGitHub returns the handler for GitHub webhook deliveries (POST
// /webhooks/github); the package documentation lists its answers. It panics
// if cfg.Validate fails — a wiring mistake, caught at start-up, never on a
// request.
func NewGitHub(cfg GitHubConfig) http.Handler {
	if err := cfg.Validate(); err != nil {
		panic(err)
	}
	h := &gitHub{
		secret:     bytes.Clone(cfg.Secret),
		queue:      cfg.Queue,
		dedup:      cfg.Dedup,
		maxBody:    cfg.MaxBody,
		events:     cfg.Events,
		timeout:    cfg.Timeout,
		log:        cfg.Logger,
		obs:        cfg.Observer,
		retryAfter: strconv.Itoa(int(max(cfg.RetryAfter, time.Second).Seconds())),
	}
	if cfg.RetryAfter == 0 {
		h.retryAfter = strconv.Itoa(int(DefaultRetryAfter.Seconds()))
	}
	if h.dedup == nil {
		h.dedup = NewMemoryDeduper(DefaultDedupeTTL, 0)
	}
	if h.maxBody == 0 {
		h.maxBody = DefaultMaxBody
	}
	if h.events == nil {
		h.events = DefaultGitHubEvents()
	}
	if h.timeout <= 0 {
		h.timeout = DefaultTimeout
	}
	if h.log == nil {
		h.log = slog.Default()
	}
	if h.obs == nil {
		h.obs = NopObserver{}
	}
	return h
}

// ServeHTTP answers a delivery with the package documentation's table, row
// by row: each step below either answers or hands the delivery on.
func (h *gitHub) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	h.obs.Received(source)
	body, ok := h.authenticBody(w, r)
	if !ok {
		return
	}
	event, delivery, ok := h.validDelivery(w, r.Header, body)
	if !ok {
		return
	}
	if !h.wanted(w, event, body) {
		return
	}
	h.enqueue(r.Context(), w, queue.Job{ID: delivery, Source: source, Event: event, Payload: body, Received: start.UTC()}, start)
}

// authenticBody reads the body and checks its signature, answering 405, 413,
// 400 or 401 when it cannot; ok is false once it has answered.
func (h *gitHub) authenticBody(w http.ResponseWriter, r *http.Request) (body []byte, ok bool) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		h.reject(w, "", ReasonMethod, http.StatusMethodNotAllowed, "method not allowed")
		return nil, false
	}
	if r.ContentLength > h.maxBody {
		h.reject(w, "", ReasonTooLarge, http.StatusRequestEntityTooLarge, "payload too large")
		return nil, false
	}
	body, err := h.readBody(w, r)
	if err != nil {
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			h.reject(w, "", ReasonTooLarge, http.StatusRequestEntityTooLarge, "payload too large")
			return nil, false
		}
		h.log.Debug("intake: cannot read body", "source", source, "err", err)
		h.reject(w, "", ReasonReadBody, http.StatusBadRequest, "cannot read body")
		return nil, false
	}
	// Authenticate before looking at anything the sender controls.
	if !Verify(h.secret, body, r.Header.Get("X-Hub-Signature-256")) {
		h.reject(w, "", ReasonSignature, http.StatusUnauthorized, "invalid signature")
		return nil, false
	}
	return body, true
}

// validDelivery checks what an authentic delivery must carry to become a
// job (a delivery ID, an event and a JSON body), answering 400 when it
// lacks one; ok is false once it has answered.
func (h *gitHub) validDelivery(w http.ResponseWriter, header http.Header, body []byte) (event, delivery string, ok bool) {
	event = header.Get("X-GitHub-Event")
	delivery = header.Get("X-GitHub-Delivery")
	if delivery == "" || len(delivery) > maxDeliveryID {
		h.reject(w, event, ReasonDelivery, http.StatusBadRequest, "missing or invalid X-GitHub-Delivery")
		return "", "", false
	}
	if event == "" {
		h.reject(w, event, ReasonEvent, http.StatusBadRequest, "missing X-GitHub-Event")
		return "", "", false
	}
	if !json.Valid(body) {
		h.reject(w, event, ReasonJSON, http.StatusBadRequest, "body is not valid JSON")
		return "", "", false
	}
	return event, delivery, true
}

// wanted reports whether the event is work for the queue. It answers the
// rest itself — "pong" to a ping, 202 "ignored" to the events and actions
// no handler takes — so that they cost no dedupe keys.
func (h *gitHub) wanted(w http.ResponseWriter, event string, body []byte) bool {
	if event == "ping" {
		h.obs.Pong(source)
		reply(w, http.StatusOK, "pong")
		return false
	}
	if !h.events[event] || !wantedAction(event, body) {
		h.obs.Ignored(source, event)
		reply(w, http.StatusAccepted, "ignored: "+event)
		return false
	}
	return true
}

// enqueue drops repeats and queues the rest, answering 200 "duplicate",
// 503 or 202 "accepted". The dedupe check and the enqueue share one
// deadline, Timeout, so a slow store cannot hold GitHub's request open.
func (h *gitHub) enqueue(ctx context.Context, w http.ResponseWriter, job queue.Job, start time.Time) {
	ctx, cancel := context.WithTimeout(ctx, h.timeout)
	defer cancel()
	event, delivery := job.Event, job.ID
	sum := sha256.Sum256(job.Payload)
	keys := []string{"github:delivery:" + delivery, "github:body:" + hex.EncodeToString(sum[:])}
	// Built only when something is logged: With copies the handler.
	log := func() *slog.Logger { return h.log.With("source", source, "event", event, "delivery", delivery) }

	seen, err := h.dedup.Seen(ctx, keys...)
	if err != nil {
		log().Error("intake: dedupe check failed; answering 503 — GitHub does not retry, redeliver this delivery from the app's Recent Deliveries once the store is back", "err", err)
		h.unavailable(w, event, ReasonDedupe)
		return
	}
	if seen {
		h.obs.Deduplicated(source, event, ReasonSeen)
		reply(w, http.StatusOK, "duplicate")
		return
	}
	err = h.queue.Enqueue(ctx, job)
	switch {
	case errors.Is(err, queue.ErrDuplicate):
		h.obs.Deduplicated(source, event, ReasonQueueDup)
		reply(w, http.StatusOK, "duplicate")
		return
	case err != nil:
		h.forget(keys, log)
		log().Error("intake: enqueue failed; answering 503 — GitHub does not retry, redeliver this delivery from the app's Recent Deliveries once the queue is back", "err", err)
		h.unavailable(w, event, ReasonEnqueue)
		return
	}
	took := time.Since(start)
	h.obs.Accepted(source, event, took)
	h.log.Debug("intake: accepted", "source", source, "event", event, "delivery", delivery, "took", took)
	reply(w, http.StatusAccepted, "accepted")
}

// readBody reads at most maxBody bytes, sized up front when the length is
// known.
func (h *gitHub) readBody(w http.ResponseWriter, r *http.Request) ([]byte, error) {
	rd := http.MaxBytesReader(w, r.Body, h.maxBody)
	if r.ContentLength > 0 {
		buf := make([]byte, r.ContentLength)
		if _, err := io.ReadFull(rd, buf); err != nil {
			return nil, fmt.Errorf("read body: %w", err)
		}
		// The declared length was honoured; anything more is a protocol
		// error the server catches, but make sure nothing is left unread.
		if n, err := rd.Read(make([]byte, 1)); n > 0 || (err != nil && err != io.EOF) {
			if err == nil {
				err = errors.New("body longer than Content-Length")
			}
			return nil, fmt.Errorf("read body: %w", err)
		}
		return buf, nil
	}
	b, err := io.ReadAll(rd)
	if err != nil {
		return nil, fmt.Errorf("read body: %w", err)
	}
	return b, nil
}

// forget drops the delivery's dedupe keys after a failed enqueue, so that a
// redelivery is accepted. It gets its own deadline: the request's may be
// what ran out.
func (h *gitHub) forget(keys []string, log func() *slog.Logger) {
	f, ok := h.dedup.(Forgetter)
	if !ok {
		log().Warn("intake: the deduper cannot forget; a redelivery within the dedupe window will be taken for a duplicate")
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), h.timeout)
	defer cancel()
	if err := f.Forget(ctx, keys...); err != nil {
		log().Error("intake: cannot forget dedupe keys; a redelivery within the dedupe window will be taken for a duplicate", "err", err)
	}
}

func (h *gitHub) reject(w http.ResponseWriter, event string, reason Reason, status int, msg string) {
	h.obs.Rejected(source, event, reason)
	http.Error(w, msg, status)
}

func (h *gitHub) unavailable(w http.ResponseWriter, event string, reason Reason) {
	h.obs.Failed(source, event, reason)
	w.Header().Set("Retry-After", h.retryAfter)
	http.Error(w, "temporarily unavailable", http.StatusServiceUnavailable)
}

func reply(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_, _ = io.WriteString(w, msg+"\n")
}

// wantedAction drops check_run deliveries a handler would ignore: GitHub
// sends the app created and completed for every check run it writes, and
// only a person's rerun request (rerequested, requested_action) is work.
func wantedAction(event string, body []byte) bool {
	if event != "check_run" {
		return true
	}
	var p struct {
		Action string `json:"action"`
	}
	if json.Unmarshal(body, &p) != nil {
		return false
	}
	return p.Action == "rerequested" || p.Action == "requested_action"
}
