package report

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestAttestationInReports: a signed run names its attestation and key in
// the comment, the check run and the Jira comment; a run whose signing
// failed says so; an unsigned run (no key configured) says unsigned; a
// run with no evidence says nothing of it.
func TestAttestationInReports(t *testing.T) {
	const key = "SHA256:" + "ab12"
	signed := sampleRun("verified")
	signed.Attestation = &Attestation{File: "KAN-25-20260128T120000Z.intoto.jsonl", URL: "https://av.example.com/runs/r1/KAN-25-20260128T120000Z.intoto.jsonl", Key: key}
	unsigned := sampleRun("verified")
	unsigned.Attestation = &Attestation{Unsigned: true}
	failed := sampleRun("verified")
	failed.Attestation = &Attestation{Key: key, Error: "attest: writing reports/x: disk full"}
	for name, c := range map[string]struct {
		r          Run
		want, jira string
	}{
		"signed": {signed, "Attestation: [KAN-25-20260128T120000Z.intoto.jsonl](https://av.example.com/runs/r1/KAN-25-20260128T120000Z.intoto.jsonl) · signed by key `" + key + "`",
			"Attestation: [KAN-25-20260128T120000Z.intoto.jsonl|https://av.example.com/runs/r1/KAN-25-20260128T120000Z.intoto.jsonl] · key {{" + key + "}}"},
		"failed": {failed, "Attestation: not written (attest: writing reports/x: disk full) · key `" + key + "`",
			"Attestation: not written (attest: writing reports/x: disk full) · key {{" + key + "}}"},
		"unsigned": {unsigned, "Attestation: unsigned (no signing key is configured)", "Attestation: unsigned (no signing key is configured)\n"},
		"none":     {sampleRun("verified"), "", ""},
	} {
		comment := Comment(c.r)[0]
		_, summary, _ := CheckRun(c.r)
		jira := JiraComment(Jira{Run: c.r})
		if c.want == "" {
			for _, s := range []string{comment, summary, jira} {
				assert.NotContains(t, s, "Attestation", name)
			}
			continue
		}
		assert.Contains(t, comment, c.want, name)
		assert.Contains(t, summary, c.want, name)
		assert.Contains(t, jira, c.jira, name)
	}
}

func TestAttestVerifiedGolden(t *testing.T) {
	t.Parallel()
	run := Verified{File: "reports/KAN-25-20260128T120000Z.intoto.jsonl", Whole: true, Statements: []VerifiedStatement{
		{Result: "PASSED", Check: "go test ./... (native)"}, {Result: "FAILED", Check: "lint (ci)"}, {Result: "FAILED", Verdict: true}}}
	golden(t, "attest-verified-whole", AttestVerified(run))
	one := Verified{File: "one.json", Statements: []VerifiedStatement{{Result: "WARNED", Check: "flaky suite"}}}
	golden(t, "attest-verified-one", AttestVerified(one))
}

func TestKeysWrittenGolden(t *testing.T) {
	t.Parallel()
	golden(t, "keys-written", KeysWritten("ci/autoverify-signing", "SHA256:"+strings.Repeat("ab", 32)))
}
