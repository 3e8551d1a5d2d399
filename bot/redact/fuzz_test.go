package redact

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzRedact checks the two promises every caller relies on: Bytes never
// panics, whatever the input (binary, invalid UTF-8, half a PEM block), and
// a configured secret inserted anywhere, raw or in one of its hex or URL
// encodings (form picks which), never survives in that form.
//
// Some values of form split the secret with a newline instead: masking
// cannot promise anything then (see the package doc), only that it does
// not crash.
//
// The survival check skips inserted texts that contain '[' or ']' or occur
// inside Marker: those can be re-formed by a marker next to ordinary text
// (secret "ED]x" out of "[REDACTED]x"), which is not a leak.
func FuzzRedact(f *testing.F) {
	fk := newFakes(12)
	f.Add([]byte("plain go test output\n--- PASS: TestX (0.00s)\n"), "s3cret-value", uint(5), uint8(0))
	f.Add([]byte("Authorization: Bearer "+fk.bearer+"\n"), "hunter22", uint(0), uint8(1))
	f.Add([]byte(fk.rsaKey[:300]), "dG9rZW4", uint(40), uint8(2))
	f.Add([]byte("\xff\xfe\x00password=\x80\x81"), "\x00\x01\x02\x03", uint(3), uint8(3))
	f.Add([]byte(strings.Repeat("token=", 50)), "abcd", uint(17), uint8(4))
	f.Add([]byte("GET /cb?code=&state=1 HTTP/1.1\n"), "p@ss w/rd+%", uint(13), uint8(5))
	f.Add([]byte("0000: 00ff00ff\n"), "K\xe2\x82\xacy:/ Z", uint(6), uint8(8))
	f.Add([]byte("log line\n"), "split-secret", uint(4), uint8(len(encodedForms)+1))
	base := defaultRedactor(f)
	f.Fuzz(func(t *testing.T, data []byte, secret string, pos uint, form uint8) {
		r := *base
		r.secrets = secretPatterns([]string{secret})
		insert, split := secret, false
		switch i := int(form) % (len(encodedForms) + 3); {
		case i < len(encodedForms):
			insert = encodedForms[i].encode(secret)
		case i == len(encodedForms)+1:
			insert, split = secret[:len(secret)/2]+"\n"+secret[len(secret)/2:], true
		}
		p := int(pos % uint(len(data)+1))
		in := make([]byte, 0, len(data)+len(insert))
		in = append(in, data[:p]...)
		in = append(in, insert...)
		in = append(in, data[p:]...)
		out := r.Bytes(in)
		if split || len(secret) < minSecretLen || strings.ContainsAny(insert, "[]") || strings.Contains(Marker, insert) {
			return
		}
		if bytes.Contains(out, []byte(insert)) {
			t.Fatalf("secret %q survived as %q:\n in: %q\nout: %q", secret, insert, in, out)
		}
	})
}
