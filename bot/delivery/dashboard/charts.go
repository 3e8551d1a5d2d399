package dashboard

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/engineo/autoverify/bot/runlog"
)

// Charts are drawn here as SVG on the server: three small pictures need
// no charting library, and the page stays readable without JavaScript.

// chart is one SVG picture.
type chart struct {
	Title   string
	W, H    int
	Bars    []bar
	Line    string
	Dots    []dot
	YLabels []label
	XLabels []label
	Legend  []legendItem
	Empty   bool
	Summary string
}

type bar struct {
	X, Y, W, H float64
	Fill       string
	Tip        string
}

type dot struct {
	X, Y float64
	Tip  string
}

type label struct {
	X, Y   float64
	Text   string
	Anchor string
}

type legendItem struct{ Fill, Text string }

// charts are the overview's pictures.
type charts struct {
	PassRate, Duration, Failures chart
}

const (
	chartW, chartH = 640, 170
	padL, padR     = 44, 8
	padT, padB     = 10, 24
)

// palette colours failure types, in order of frequency.
var palette = []string{"#d1495b", "#edae49", "#00798c", "#8f5ea2", "#30638e", "#66a182", "#a0a0a0", "#c17c74"}

func drawCharts(days []time.Time, perDay []runlog.Counts) charts {
	return charts{PassRate: passRateChart(days, perDay), Duration: durationChart(days, perDay), Failures: failureChart(days, perDay)}
}

// slot is the x position and width of day i.
func slot(i, n int) (x, w float64) {
	inner := float64(chartW - padL - padR)
	w = inner / float64(n)
	return padL + float64(i)*w, w
}

func xLabels(days []time.Time) []label {
	var out []label
	for i, d := range days {
		if i%7 == len(days)%7 || i == len(days)-1 {
			x, w := slot(i, len(days))
			out = append(out, label{X: x + w/2, Y: chartH - 6, Text: d.Format("Jan 2"), Anchor: "middle"})
		}
	}
	return out
}

func yScale(v, max float64) float64 {
	inner := float64(chartH - padT - padB)
	if max <= 0 {
		return chartH - padB
	}
	return chartH - padB - v/max*inner
}

// passRateChart: runs per day as grey bars (right scale implied by tips),
// pass rate as a line over days with judged runs.
func passRateChart(days []time.Time, perDay []runlog.Counts) chart {
	c := chart{Title: "Pass rate and runs per day", W: chartW, H: chartH, XLabels: xLabels(days),
		Legend: []legendItem{{"#2a9d8f", "pass rate (%)"}, {"#cfd8dc", "runs"}}}
	var most int64
	for _, pd := range perDay {
		most = max(most, pd.Runs)
	}
	var pts []string
	var judgedDays, passedSum, judgedSum int64
	for i, pd := range perDay {
		x, w := slot(i, len(days))
		day := days[i].Format("2006-01-02")
		if pd.Runs > 0 {
			y := yScale(float64(pd.Runs), float64(most))
			c.Bars = append(c.Bars, bar{X: x + w*0.15, Y: y, W: w * 0.7, H: chartH - padB - y, Fill: "#cfd8dc",
				Tip: fmt.Sprintf("%s: %d runs", day, pd.Runs)})
		}
		if j := pd.Passed + pd.Failed; j > 0 {
			judgedDays++
			passedSum += pd.Passed
			judgedSum += j
			y := yScale(float64(pd.PassRate()), 100)
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", x+w/2, y))
			c.Dots = append(c.Dots, dot{X: x + w/2, Y: y, Tip: fmt.Sprintf("%s: %d%% of %d judged runs passed", day, pd.PassRate(), j)})
		}
	}
	c.Line = strings.Join(pts, " ")
	c.YLabels = []label{{X: padL - 4, Y: yScale(100, 100) + 4, Text: "100%", Anchor: "end"}, {X: padL - 4, Y: yScale(50, 100) + 4, Text: "50%", Anchor: "end"},
		{X: padL - 4, Y: yScale(0, 100), Text: "0%", Anchor: "end"}}
	c.Empty = judgedDays == 0 && most == 0
	c.Summary = fmt.Sprintf("%d runs over %d days; %d of %d judged runs passed", sum(perDay, func(c runlog.Counts) int64 { return c.Runs }), len(days), passedSum, judgedSum)
	return c
}

func sum(cs []runlog.Counts, f func(runlog.Counts) int64) int64 {
	var n int64
	for _, c := range cs {
		n += f(c)
	}
	return n
}

// durationChart: mean duration of finished runs per day.
func durationChart(days []time.Time, perDay []runlog.Counts) chart {
	c := chart{Title: "Mean run duration per day", W: chartW, H: chartH, XLabels: xLabels(days)}
	var most time.Duration
	for _, pd := range perDay {
		most = max(most, pd.MeanDuration())
	}
	for i, pd := range perDay {
		if pd.Finished == 0 {
			continue
		}
		x, w := slot(i, len(days))
		y := yScale(float64(pd.MeanDuration()), float64(most))
		c.Bars = append(c.Bars, bar{X: x + w*0.15, Y: y, W: w * 0.7, H: chartH - padB - y, Fill: "#30638e",
			Tip: fmt.Sprintf("%s: %s mean over %d runs", days[i].Format("2006-01-02"), shortDuration(pd.MeanDuration()), pd.Finished)})
	}
	c.YLabels = []label{{X: padL - 4, Y: yScale(float64(most), float64(most)) + 4, Text: shortDuration(most), Anchor: "end"},
		{X: padL - 4, Y: yScale(0, 1), Text: "0", Anchor: "end"}}
	c.Empty = len(c.Bars) == 0
	c.Summary = fmt.Sprintf("mean duration per day over %d days", len(days))
	return c
}

// failureChart: runs per failure type per day, stacked.
func failureChart(days []time.Time, perDay []runlog.Counts) chart {
	c := chart{Title: "Failure types per day", W: chartW, H: chartH, XLabels: xLabels(days)}
	var total runlog.Counts
	for _, pd := range perDay {
		total = total.Add(runlog.Counts{Failures: pd.Failures})
	}
	types := total.FailureTypes()
	colour := map[string]string{}
	for i, t := range types {
		colour[t] = palette[i%len(palette)]
		c.Legend = append(c.Legend, legendItem{Fill: colour[t], Text: fmt.Sprintf("%s (%d)", t, total.Failures[t])})
	}
	var most int64
	for _, pd := range perDay {
		var n int64
		for _, v := range pd.Failures {
			n += v
		}
		most = max(most, n)
	}
	for i, pd := range perDay {
		x, w := slot(i, len(days))
		base := float64(chartH - padB)
		keys := make([]string, 0, len(pd.Failures))
		for k := range pd.Failures {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(a, b int) bool {
			if total.Failures[keys[a]] != total.Failures[keys[b]] {
				return total.Failures[keys[a]] > total.Failures[keys[b]]
			}
			return keys[a] < keys[b]
		})
		for _, t := range keys {
			h := base - yScale(float64(pd.Failures[t]), float64(most))
			c.Bars = append(c.Bars, bar{X: x + w*0.15, Y: base - h, W: w * 0.7, H: h, Fill: colour[t],
				Tip: fmt.Sprintf("%s: %d × %s", days[i].Format("2006-01-02"), pd.Failures[t], t)})
			base -= h
		}
	}
	if most > 0 {
		c.YLabels = []label{{X: padL - 4, Y: yScale(float64(most), float64(most)) + 4, Text: fmt.Sprint(most), Anchor: "end"},
			{X: padL - 4, Y: yScale(0, 1), Text: "0", Anchor: "end"}}
	}
	c.Empty = len(c.Bars) == 0
	c.Summary = fmt.Sprintf("%d failures of %d types over %d days", sum([]runlog.Counts{total}, func(c runlog.Counts) int64 {
		var n int64
		for _, v := range c.Failures {
			n += v
		}
		return n
	}), len(types), len(days))
	return c
}

func shortDuration(d time.Duration) string {
	switch {
	case d <= 0:
		return "0s"
	case d < time.Second:
		return fmt.Sprintf("%dms", d.Milliseconds())
	case d < time.Minute:
		return fmt.Sprintf("%.1fs", d.Seconds())
	case d < time.Hour:
		return fmt.Sprintf("%dm%02ds", int(d.Minutes()), int(d.Seconds())%60)
	}
	return fmt.Sprintf("%dh%02dm", int(d.Hours()), int(d.Minutes())%60)
}
