package report

// Gates is a gates run as reported: each gate command's verdict and the
// test lists (bot/gates.Report, in report's own types: report imports
// nothing).
type Gates struct {
	Base, Head string
	Gates      []Gate
	// FailToPass, PassToPass, Guards, Vanity, Broken, Rewritten and
	// Tampered are the test lists; Tampered names carry how ("TestX
	// (deleted)").
	FailToPass, PassToPass, Guards, Vanity, Broken, Rewritten, Tampered []string
	Accepted                                                            bool
}

// Gate is one gate command's verdict.
type Gate struct {
	Gate, Classification, Command, Reason string
	ExitCode                              int
}

// GatesText is `autoverify gates`' terminal report.
func GatesText(g Gates) string { return render("gates.txt.tmpl", g) }

// GatesMarkdown is the gates section of the check run and the sticky
// comment.
func GatesMarkdown(g Gates) string { return render("gates.md.tmpl", g) }

// GatesJira is the gates line of the Jira comment.
func GatesJira(g Gates) string { return render("gates-jira.txt.tmpl", g) }
