package redact

import (
	"encoding/hex"
	"net/url"
	"strings"
	"testing"
)

// encodedForms are the ways a value reaches output that the literal pass
// must recognise besides base64 (tested in TestConfiguredSecrets).
var encodedForms = []struct {
	name   string
	encode func(string) string
}{
	{"hex lower", func(v string) string { return hex.EncodeToString([]byte(v)) }},
	{"hex upper", func(v string) string { return strings.ToUpper(hex.EncodeToString([]byte(v))) }},
	{"query escape", url.QueryEscape},
	{"query escape lower-hex", func(v string) string { return lowerEscapes(url.QueryEscape(v)) }},
	{"path escape", url.PathEscape},
	{"path escape lower-hex", func(v string) string { return lowerEscapes(url.PathEscape(v)) }},
	{"strict escape", strictEscape},
	{"strict escape lower-hex", func(v string) string { return lowerEscapes(strictEscape(v)) }},
}

// TestConfiguredSecretEncodings: each hex and URL-encoded form of a
// configured secret is masked inside the output around it, the
// surroundings are kept, and the same forms of a different value (one byte
// off) pass untouched.
func TestConfiguredSecretEncodings(t *testing.T) {
	// Space, '/', '+', '@', ':', '&', '=' and '%' are escaped differently
	// by each encoder, so each form is distinct from the others.
	secret := "p@ss w/rd+" + randFrom(fakeRand(21), alnum, 12) + ":&=%"
	nearMiss := secret[:len(secret)-1] + "!"
	r := withSecrets(t, secret)
	contexts := []struct{ before, after string }{
		{"dump: ", "\n"},
		{"GET /cb?state=ok&code=", "&next=%2F HTTP/1.1\n"},
		{"0000: 00ff", "00ff\n"},
		{"", ""},
	}
	for _, f := range encodedForms {
		enc := f.encode(secret)
		if enc == secret {
			t.Fatalf("%s: form equals the secret; the test value needs bytes to escape", f.name)
		}
		for _, c := range contexts {
			in := c.before + enc + c.after
			got := r.String(in)
			if strings.Contains(got, enc) {
				t.Errorf("%s survived:\n in: %q\nout: %q", f.name, in, got)
			}
			if want := c.before + Marker + c.after; got != want {
				t.Errorf("%s: got %q, want %q", f.name, got, want)
			}
			miss := c.before + f.encode(nearMiss) + c.after
			if got := r.String(miss); got != miss {
				t.Errorf("%s: a different value was masked:\n in: %q\nout: %q", f.name, miss, got)
			}
		}
	}
}

// TestURLFormsOnlyWhatDiffers: a value with nothing to escape adds no URL
// pattern of its own, and lower-casing touches only escape digits.
func TestURLFormsOnlyWhatDiffers(t *testing.T) {
	if got := urlForms("Plain-Value_1.0~"); len(got) != 0 {
		t.Errorf("urlForms of an unescaped value = %q, want none", got)
	}
	if got, want := lowerEscapes("AB%2FCD%3aEF"), "AB%2fCD%3aEF"; got != want {
		t.Errorf("lowerEscapes = %q, want %q", got, want)
	}
	for _, f := range urlForms("K€y:/ Z") {
		if !strings.Contains(f, "K") || !strings.Contains(f, "Z") {
			t.Errorf("form %q changed the value's own letters", f)
		}
	}
}
