package redact

import (
	"fmt"
	"strings"
	"testing"
)

func BenchmarkNew(b *testing.B) {
	for b.Loop() {
		if _, err := New(WithSecrets("bench-secret-value")); err != nil {
			b.Fatal(err)
		}
	}
}

// goTestOutput returns about n bytes of verbose go test output: RUN/PASS
// lines, t.Log lines with paths, SHAs and UUIDs, package summaries.
func goTestOutput(n int) string {
	r := fakeRand(9)
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		name := fmt.Sprintf("TestHandler%d", i)
		fmt.Fprintf(&b, "=== RUN   %s\n", name)
		fmt.Fprintf(&b, "    handler_test.go:%d: request %s-%s-4%s-a%s-%s took %dms\n",
			40+i%200, randFrom(r, hexdig, 8), randFrom(r, hexdig, 4), randFrom(r, hexdig, 3),
			randFrom(r, hexdig, 3), randFrom(r, hexdig, 12), i%97)
		fmt.Fprintf(&b, "    handler_test.go:%d: checked out %s, token count: %d\n", 60+i%50, randFrom(r, hexdig, 40), i%31)
		fmt.Fprintf(&b, "--- PASS: %s (0.%02ds)\n", name, i%100)
		if i%50 == 49 {
			fmt.Fprintf(&b, "ok  \tgithub.com/engineo/autoverify/pkg%d\t0.%03ds\n", i/50, i%1000)
		}
	}
	return b.String()[:n]
}

func BenchmarkRedact(b *testing.B) {
	const size = 1 << 20
	f := newFakes(10)
	clean := goTestOutput(size)
	// A handful of secrets spread through the output, as a leaky test might
	// print: a token, an Authorization header, a password URL, a key.
	var dirty strings.Builder
	parts := []string{
		"    client_test.go:10: using " + f.ghp + "\n",
		"    client_test.go:11: > Authorization: Bearer " + f.bearer + "\n",
		"    db_test.go:12: dial postgres://app:" + f.password + "@db:5432/app\n",
		f.rsaKey + "\n",
		"    bench-secret-value\n",
	}
	step := size / len(parts)
	for i, p := range parts {
		dirty.WriteString(clean[i*step : (i+1)*step-len(p)])
		dirty.WriteString(p)
	}
	r := withSecrets(b, "bench-secret-value")
	for _, in := range []struct{ name, data string }{
		{"clean", clean},
		{"secrets", dirty.String()},
	} {
		data := []byte(in.data)
		b.Run(in.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				r.Bytes(data)
			}
		})
	}
}

// configuredSecrets are eight values of the kinds a deployment configures
// (tokens, a password and a Redis URL with characters URL encoding
// escapes), so the literal pass carries every encoded form of each.
func configuredSecrets() []string {
	r := fakeRand(14)
	return []string{
		"ghp_" + randFrom(r, alnum, 36),
		"xoxb-" + randFrom(r, alnum, 24),
		"p@ss w/rd+" + randFrom(r, alnum, 10),
		"redis://:" + randFrom(r, alnum, 16) + "@redis:6379/0",
		randFrom(r, alnum, 40),
		"jira:" + randFrom(r, alnum, 24) + "==",
		"-----BEGIN " + randFrom(r, alnum, 20),
		"bench-secret-value",
	}
}

// BenchmarkLiteral is the configured-values pass alone, over 1 MiB of
// clean go test output, with one secret and with eight.
func BenchmarkLiteral(b *testing.B) {
	data := []byte(goTestOutput(1 << 20))
	for _, tc := range []struct {
		name   string
		values []string
	}{
		{"1-secret", []string{"bench-secret-value"}},
		{"8-secrets", configuredSecrets()},
	} {
		pats := secretPatterns(tc.values)
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				literalSpans(data, pats, nil)
			}
			b.ReportMetric(float64(len(pats.pats)), "patterns")
		})
	}
}
