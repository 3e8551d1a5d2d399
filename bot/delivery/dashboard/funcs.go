package dashboard

import (
	"fmt"
	"html/template"
	"strings"
	"time"

	"github.com/engineo/autoverify/bot/runlog"
)

var funcs = template.FuncMap{
	"dur":   shortDuration,
	"ms":    func(ms int64) string { return shortDuration(time.Duration(ms) * time.Millisecond) },
	"f1":    func(v float64) string { return fmt.Sprintf("%.1f", v) },
	"ago":   ago,
	"when":  func(t time.Time) string { return t.UTC().Format("2006-01-02 15:04:05 UTC") },
	"iso":   func(t time.Time) string { return t.UTC().Format(time.RFC3339) },
	"short": func(s string) string { return shortSHA(s) },
	"elapsed": func(r runlog.Record, now time.Time) string {
		return shortDuration(now.Sub(r.Started).Round(time.Second))
	},
	"status":  statusWord,
	"lower":   strings.ToLower,
	"safeURL": safeURL,
	"add":     func(a, b int) int { return a + b },
}

func ago(t, now time.Time) string {
	if t.IsZero() {
		return "never"
	}
	d := now.Sub(t)
	switch {
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return fmt.Sprintf("%d min ago", int(d.Minutes()))
	case d < 48*time.Hour:
		return fmt.Sprintf("%d h ago", int(d.Hours()))
	}
	return fmt.Sprintf("%d days ago", int(d.Hours()/24))
}

func shortSHA(s string) string {
	if len(s) > 10 {
		return s[:10]
	}
	return s
}

func statusWord(s runlog.Status) string {
	switch s {
	case runlog.Passed:
		return "passed"
	case runlog.Failed:
		return "failed"
	case runlog.Stopped:
		return "stopped"
	}
	return "running"
}

// safeURL keeps only http(s) links; html/template would neutralise
// others too, but an empty link is clearer than "#ZgotmplZ".
func safeURL(s string) string {
	if strings.HasPrefix(s, "https://") || strings.HasPrefix(s, "http://") {
		return s
	}
	return ""
}
