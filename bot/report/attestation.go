package report

// Verified is what `autoverify attest verify` found in a bundle whose
// signatures and subjects all held.
type Verified struct {
	File string
	// Whole is true when the bundle is a whole run, checked complete;
	// false for one envelope alone.
	Whole      bool
	Statements []VerifiedStatement
}

// VerifiedStatement is one signed statement of a verified bundle.
type VerifiedStatement struct {
	// Result is PASSED, WARNED or FAILED.
	Result string
	// Check names the check a test-result statement is about.
	Check string
	// Verdict marks the run's SLSA verification summary.
	Verdict bool
}

// AttestVerified is `autoverify attest verify`'s text for a bundle that
// verified.
func AttestVerified(v Verified) string { return render("attest-verified.txt.tmpl", v) }

// KeysWritten is `autoverify keys generate`'s text: it wrote prefix.key
// and prefix.pub, the key named by its fingerprint.
func KeysWritten(prefix, fingerprint string) string {
	return render("keys-written.txt.tmpl", struct{ Prefix, Key string }{prefix, fingerprint})
}
