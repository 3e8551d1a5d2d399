// Package prometheus exposes autoverify's metrics on /metrics with the
// Prometheus client: webhook deliveries by source and outcome, queue depth
// and age, runs by route, command durations by runner and environment,
// failure types, and GitHub and Jira API calls with the rate limit left.
// It implements the observer hooks that bot/intake, integrations/github,
// integrations/jira and bot.Session offer, so none of them imports
// Prometheus.
package prometheus

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/engineo/autoverify/bot"
	"github.com/engineo/autoverify/bot/claims"
	"github.com/engineo/autoverify/bot/delivery/intake"
	"github.com/engineo/autoverify/bot/delivery/queue"
)

// Metrics holds autoverify's collectors on a registry of their own.
type Metrics struct {
	reg        *prometheus.Registry
	webhooks   *prometheus.CounterVec
	intakeTime *prometheus.HistogramVec
	runs       *prometheus.CounterVec
	commands   *prometheus.HistogramVec
	failures   *prometheus.CounterVec
	apiCalls   *prometheus.CounterVec
	rateLeft   *prometheus.GaugeVec
	stages     *prometheus.HistogramVec
	deliveries *prometheus.HistogramVec
	signals    *prometheus.CounterVec
}

// New registers the collectors. stats, when set, is read at scrape time
// for the queue depth and the age of its oldest job.
func New(stats func(context.Context) (queue.Stats, error)) *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry()}
	m.webhooks = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "autoverify_webhooks_total",
		Help: "Webhook deliveries by source, event and outcome (accepted, rejected, deduplicated, ignored, failed, pong) and reason.",
	}, []string{"source", "event", "outcome", "reason"})
	m.intakeTime = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "autoverify_webhook_intake_seconds", Help: "Time to validate, deduplicate and enqueue an accepted delivery.",
		Buckets: []float64{.0005, .001, .002, .005, .01, .02, .05, .1, .5},
	}, []string{"source"})
	m.runs = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "autoverify_runs_total", Help: "Finished verification runs by route.",
	}, []string{"route"})
	m.commands = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "autoverify_command_duration_seconds", Help: "Checklist command durations by runner, environment and result.",
		Buckets: prometheus.ExponentialBuckets(0.05, 2.5, 12),
	}, []string{"runner", "environment", "result"})
	m.failures = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "autoverify_failures_total", Help: "Failed checklist commands by failure type.",
	}, []string{"type"})
	m.apiCalls = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "autoverify_api_calls_total", Help: "GitHub and Jira API calls (every attempt) by service, method and status.",
	}, []string{"service", "method", "status"})
	m.rateLeft = prometheus.NewGaugeVec(prometheus.GaugeOpts{
		Name: "autoverify_api_rate_limit_remaining", Help: "The last X-RateLimit-Remaining seen per service.",
	}, []string{"service"})
	m.stages = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "autoverify_stage_seconds", Help: "Time spent in each pipeline stage of a verification (subject, config, checklist, begin, workspace, runners, verify, record, report).",
		Buckets: prometheus.ExponentialBuckets(0.0005, 3, 12),
	}, []string{"stage"})
	m.deliveries = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "autoverify_delivery_seconds", Help: "Per delivery: queue wait (accepted to picked up) and time to verdict (accepted to done, reports posted).",
		Buckets: prometheus.ExponentialBuckets(0.005, 2.5, 12),
	}, []string{"phase"})
	m.signals = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "autoverify_signals_total", Help: "Audited READY_FOR_REVIEW / AUDIT_PASSED signals by result: held, rejected, false_claim, unverified.",
	}, []string{"result"})
	m.reg.MustRegister(m.webhooks, m.intakeTime, m.runs, m.commands, m.failures, m.apiCalls, m.rateLeft, m.stages, m.deliveries, m.signals,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if stats != nil {
		m.reg.MustRegister(&queueCollector{stats: stats,
			depth: prometheus.NewDesc("autoverify_queue_jobs", "Jobs waiting (pending) and running (active).", []string{"state"}, nil),
			age:   prometheus.NewDesc("autoverify_queue_oldest_age_seconds", "Age of the oldest waiting job.", nil, nil),
		})
	}
	return m
}

// Delivery records one delivery's queue wait (accepted to picked up) and
// time to verdict (accepted to done).
func (m *Metrics) Delivery(wait, total time.Duration) {
	m.deliveries.WithLabelValues("queue_wait").Observe(wait.Seconds())
	m.deliveries.WithLabelValues("time_to_verdict").Observe(total.Seconds())
}

// Handler serves the metrics.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}

// Intake returns the intake.Observer that counts deliveries.
func (m *Metrics) Intake() intake.Observer { return intakeObserver{m} }

// APIObserver returns a hook for the GitHub or Jira client's Observer.
func (m *Metrics) APIObserver(service string) func(method, path string, status, remaining int) {
	return func(method, _ string, status, remaining int) {
		m.apiCalls.WithLabelValues(service, method, strconv.Itoa(status)).Inc()
		if remaining >= 0 {
			m.rateLeft.WithLabelValues(service).Set(float64(remaining))
		}
	}
}

// Runs is a bot.Publisher that counts finished verifications: runs by
// route, command durations by runner, environment and result, failures by
// type. runner names the default runner.
func (m *Metrics) Runs(runner string) bot.Publisher { return runPublisher{m, runner} }

type runPublisher struct {
	m      *Metrics
	runner string
}

func (runPublisher) Begin(context.Context, *bot.Verification) error { return nil }

func (p runPublisher) Publish(_ context.Context, v *bot.Verification) error {
	m := p.m
	for _, t := range v.Timings {
		if t.Stage != "publish" {
			m.stages.WithLabelValues(t.Stage).Observe(t.Duration.Seconds())
		}
	}
	if r := signalResult(v); r != "" {
		m.signals.WithLabelValues(r).Inc()
	}
	if len(v.Report.Outcomes) == 0 {
		return nil
	}
	m.runs.WithLabelValues(string(v.Report.Route)).Inc()
	observe := func(environment string, passed bool, ft string, d time.Duration) {
		result := "pass"
		if !passed {
			result = "fail"
			m.failures.WithLabelValues(ft).Inc()
		}
		m.commands.WithLabelValues(p.runner, environment, result).Observe(d.Seconds())
	}
	for _, o := range v.Report.Outcomes {
		if len(o.Pairs) == 0 {
			observe("default", o.Passed, string(o.FailureType), o.Result.Duration)
		}
		for _, pr := range o.Pairs {
			observe(pr.Environment, pr.Passed, string(pr.FailureType), pr.Result.Duration)
		}
	}
	return nil
}

type intakeObserver struct{ m *Metrics }

func (o intakeObserver) Received(string) {}
func (o intakeObserver) Rejected(source, event string, reason intake.Reason) {
	o.m.webhooks.WithLabelValues(source, event, "rejected", string(reason)).Inc()
}
func (o intakeObserver) Pong(source string) {
	o.m.webhooks.WithLabelValues(source, "ping", "pong", "").Inc()
}
func (o intakeObserver) Ignored(source, event string) {
	o.m.webhooks.WithLabelValues(source, event, "ignored", "").Inc()
}
func (o intakeObserver) Deduplicated(source, event string, reason intake.Reason) {
	o.m.webhooks.WithLabelValues(source, event, "deduplicated", string(reason)).Inc()
}
func (o intakeObserver) Accepted(source, event string, took time.Duration) {
	o.m.webhooks.WithLabelValues(source, event, "accepted", "").Inc()
	o.m.intakeTime.WithLabelValues(source).Observe(took.Seconds())
}
func (o intakeObserver) Failed(source, event string, reason intake.Reason) {
	o.m.webhooks.WithLabelValues(source, event, "failed", string(reason)).Inc()
}

// queueCollector reads the queue's stats at scrape time.
type queueCollector struct {
	stats      func(context.Context) (queue.Stats, error)
	depth, age *prometheus.Desc
}

func (c *queueCollector) Describe(ch chan<- *prometheus.Desc) { ch <- c.depth; ch <- c.age }

func (c *queueCollector) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	st, err := c.stats(ctx)
	if err != nil {
		ch <- prometheus.NewInvalidMetric(c.depth, err)
		return
	}
	ch <- prometheus.MustNewConstMetric(c.depth, prometheus.GaugeValue, float64(st.Pending), "pending")
	ch <- prometheus.MustNewConstMetric(c.depth, prometheus.GaugeValue, float64(st.Active), "active")
	ch <- prometheus.MustNewConstMetric(c.age, prometheus.GaugeValue, st.OldestAge.Seconds())
}

// signalResult is how v's signal ended, "" when it had none (or it was not
// audited).
func signalResult(v *bot.Verification) string {
	c := v.Claim
	switch {
	case c == nil:
		return ""
	case v.Problem != nil && v.Problem.Kind == bot.ProblemSignalRejected:
		return "rejected"
	case c.Audits == nil:
		return ""
	}
	falseClaims, unverified := claims.Count(c.Audits)
	switch {
	case falseClaims > 0:
		return "false_claim"
	case unverified > 0:
		return "unverified"
	}
	return "held"
}
