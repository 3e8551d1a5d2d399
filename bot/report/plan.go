package report

// Plan is a story's checklist as `autoverify plan` lists it: each item's
// Line, ID, Kind, Text, and its Command (auto) or Reason (manual,
// rejected).
type Plan struct {
	StoryKey string
	Items    []Item
}

// Count is how many items are of kind ("auto", "manual" or "rejected").
func (p Plan) Count(kind string) int {
	n := 0
	for _, it := range p.Items {
		if it.Kind == kind {
			n++
		}
	}
	return n
}

// PlanText is `autoverify plan`'s terminal text: the counts, then a table
// of the items with its columns lined up.
func PlanText(p Plan) string { return render("plan.txt.tmpl", p) }

// Usage is `autoverify help`'s text: every command with its synopsis and
// what it does.
func Usage() string { return render("usage.txt.tmpl", nil) }
