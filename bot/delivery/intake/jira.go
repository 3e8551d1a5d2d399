package intake

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/engineo/autoverify/bot/delivery/queue"
)

// JiraConfig configures NewJira.
type JiraConfig struct {
	// Secret, when set, is required: either as the HMAC-SHA256 signature
	// in X-Hub-Signature ("sha256=…", as Jira Cloud admin and Data Center
	// webhooks sign) or, for installations that cannot sign, as the
	// "secret" query parameter of the webhook URL. Without a secret every
	// delivery is accepted (the server warns at start-up).
	Secret []byte
	Queue  Enqueuer
	Dedup  Deduper
	// MaxBody caps the body (default 25 MiB).
	MaxBody  int64
	Timeout  time.Duration
	Logger   *slog.Logger
	Observer Observer
}

// JiraEvents are the webhookEvent values enqueued; others are answered 202
// and dropped.
var JiraEvents = map[string]bool{"jira:issue_updated": true, "comment_created": true}

type jiraIntake struct {
	cfg JiraConfig
}

// NewJira returns the handler for Jira webhooks (POST /webhooks/jira).
// Answers: 405 not POST, 413 too large, 401 bad or missing signature (when
// a secret is set), 400 not JSON or no webhookEvent, 202 ignored event,
// 200 duplicate (same X-Atlassian-Webhook-Identifier or same body), 503
// when the dedupe store or queue fails, 202 accepted.
func NewJira(cfg JiraConfig) http.Handler {
	if cfg.Dedup == nil {
		cfg.Dedup = NewMemoryDeduper(DefaultDedupeTTL, 0)
	}
	if cfg.MaxBody == 0 {
		cfg.MaxBody = DefaultMaxBody
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Observer == nil {
		cfg.Observer = NopObserver{}
	}
	return &jiraIntake{cfg: cfg}
}

const jiraSource = "jira"

func (h *jiraIntake) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	start := time.Now()
	obs := h.cfg.Observer
	obs.Received(jiraSource)
	reject := func(event string, reason Reason, status int, msg string) {
		obs.Rejected(jiraSource, event, reason)
		http.Error(w, msg, status)
	}
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		reject("", ReasonMethod, http.StatusMethodNotAllowed, "method not allowed")
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, h.cfg.MaxBody))
	if err != nil {
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			reject("", ReasonTooLarge, http.StatusRequestEntityTooLarge, "payload too large")
			return
		}
		reject("", ReasonReadBody, http.StatusBadRequest, "cannot read body")
		return
	}
	if len(h.cfg.Secret) > 0 && !h.authentic(r, body) {
		reject("", ReasonSignature, http.StatusUnauthorized, "invalid signature")
		return
	}
	var head struct {
		WebhookEvent string `json:"webhookEvent"`
	}
	if err := json.Unmarshal(body, &head); err != nil || head.WebhookEvent == "" {
		reject("", ReasonJSON, http.StatusBadRequest, "body is not a Jira webhook (no webhookEvent)")
		return
	}
	event := head.WebhookEvent
	if !JiraEvents[event] {
		obs.Ignored(jiraSource, event)
		reply(w, http.StatusAccepted, "ignored: "+event)
		return
	}
	sum := sha256.Sum256(body)
	bodyHash := hex.EncodeToString(sum[:])
	id := r.Header.Get("X-Atlassian-Webhook-Identifier")
	if id == "" || len(id) > maxDeliveryID {
		id = "body-" + bodyHash[:32]
	}
	keys := []string{"jira:delivery:" + id, "jira:body:" + bodyHash}
	ctx, cancel := context.WithTimeout(r.Context(), h.cfg.Timeout)
	defer cancel()
	seen, err := h.cfg.Dedup.Seen(ctx, keys...)
	if err != nil {
		h.cfg.Logger.Error("intake: jira dedupe check failed", "delivery", id, "err", err)
		obs.Failed(jiraSource, event, ReasonDedupe)
		http.Error(w, "temporarily unavailable", http.StatusServiceUnavailable)
		return
	}
	if seen {
		obs.Deduplicated(jiraSource, event, ReasonSeen)
		reply(w, http.StatusOK, "duplicate")
		return
	}
	job := queue.Job{ID: "jira-" + id, Source: jiraSource, Event: event, Payload: body, Received: start.UTC()}
	switch err := h.cfg.Queue.Enqueue(ctx, job); {
	case errors.Is(err, queue.ErrDuplicate):
		obs.Deduplicated(jiraSource, event, ReasonQueueDup)
		reply(w, http.StatusOK, "duplicate")
		return
	case err != nil:
		if f, ok := h.cfg.Dedup.(Forgetter); ok {
			_ = f.Forget(context.WithoutCancel(ctx), keys...)
		}
		h.cfg.Logger.Error("intake: jira enqueue failed", "delivery", id, "err", err)
		obs.Failed(jiraSource, event, ReasonEnqueue)
		http.Error(w, "temporarily unavailable", http.StatusServiceUnavailable)
		return
	}
	obs.Accepted(jiraSource, event, time.Since(start))
	reply(w, http.StatusAccepted, "accepted")
}

// authentic accepts a valid X-Hub-Signature or the secret as the "secret"
// query parameter, compared in constant time.
func (h *jiraIntake) authentic(r *http.Request, body []byte) bool {
	if sig := r.Header.Get("X-Hub-Signature"); sig != "" {
		return Verify(h.cfg.Secret, body, sig)
	}
	tok := r.URL.Query().Get("secret")
	return tok != "" && subtle.ConstantTimeCompare([]byte(tok), h.cfg.Secret) == 1
}
