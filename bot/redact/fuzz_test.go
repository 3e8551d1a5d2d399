package redact

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzRedact checks the two promises every caller relies on: Bytes never
// panics, whatever the input (binary, invalid UTF-8, half a PEM block), and
// a configured secret inserted anywhere never survives.
//
// The survival check skips secrets that contain '[' or ']' or occur inside
// Marker: those can be re-formed by a marker next to ordinary text (secret
// "ED]x" out of "[REDACTED]x"), which is not a leak.
func FuzzRedact(f *testing.F) {
	fk := newFakes(12)
	f.Add([]byte("plain go test output\n--- PASS: TestX (0.00s)\n"), "s3cret-value", uint(5))
	f.Add([]byte("Authorization: Bearer "+fk.bearer+"\n"), "hunter22", uint(0))
	f.Add([]byte(fk.rsaKey[:300]), "dG9rZW4", uint(40))
	f.Add([]byte("\xff\xfe\x00password=\x80\x81"), "\x00\x01\x02\x03", uint(3))
	f.Add([]byte(strings.Repeat("token=", 50)), "abcd", uint(17))
	base := defaultRedactor(f)
	f.Fuzz(func(t *testing.T, data []byte, secret string, pos uint) {
		r := *base
		r.secrets = secretPatterns([]string{secret})
		in := data
		if len(data) > 0 {
			p := int(pos % uint(len(data)+1))
			in = make([]byte, 0, len(data)+len(secret))
			in = append(in, data[:p]...)
			in = append(in, secret...)
			in = append(in, data[p:]...)
		}
		out := r.Bytes(in)
		if len(secret) < minSecretLen || strings.ContainsAny(secret, "[]") || strings.Contains(Marker, secret) {
			return
		}
		if bytes.Contains(out, []byte(secret)) {
			t.Fatalf("secret %q survived:\n in: %q\nout: %q", secret, in, out)
		}
	})
}
