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
	// NotRun are the change's tests the test command never reaches.
	NotRun   []string
	Accepted bool
	// Mutation is VERIFY_MUTATE's score and survivors (nil: not run).
	Mutation *Mutation
	// Unrun are gates meant to run that could not (Gate and Reason only).
	Unrun []Gate
}

// Mutation is VERIFY_MUTATE's result as reported: the survivors are what a
// reviewer needs, each a line the tests would let break.
type Mutation struct {
	Score, Threshold float64
	Total            int
	Survivors        []Survivor
}

// Survivor is one mutant every test passed: Where is file:line.
type Survivor struct {
	Where, Operator, Original, Mutated string
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
