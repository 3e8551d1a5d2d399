package redact

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
)

// sharedRedactor is built once: construction compiles gitleaks' rules and
// most tests only need the default configuration.
var sharedRedactor = sync.OnceValues(func() (*Redactor, error) { return New() })

func defaultRedactor(t testing.TB) *Redactor {
	t.Helper()
	r, err := sharedRedactor()
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return r
}

// withSecrets returns a Redactor sharing the default detector but masking
// the given values, so table tests need not recompile gitleaks each time.
func withSecrets(t testing.TB, values ...string) *Redactor {
	t.Helper()
	r := *defaultRedactor(t)
	r.secrets = secretPatterns(values)
	return &r
}

func TestShapes(t *testing.T) {
	f := newFakes(1)
	dash := strings.Repeat("-", 5)
	tests := []struct {
		name   string
		input  string
		secret string   // must not survive
		keep   []string // must survive (context around the secret)
	}{
		{"github ghp", "remote: using " + f.ghp + " to push\n", f.ghp, []string{"remote: using ", " to push"}},
		{"github gho", "GH_TOKEN " + f.gho, f.gho, []string{"GH_TOKEN "}},
		{"github ghs", "https://x-access-token:" + f.ghs + "@github.com/o/r.git", f.ghs, []string{"https://x-access-token:", "@github.com/o/r.git"}},
		{"github ghu", "[" + f.ghu + "]", f.ghu, nil},
		{"github fine-grained", "export GH=" + f.githubPAT, f.githubPAT, []string{"export GH="}},
		{"aws access key id", "aws_access_key_id = " + f.akia + "\n", f.akia, []string{"aws_access_key_id = "}},
		{"aws secret key", "aws_secret_access_key = " + f.awsSecret + "\n", f.awsSecret, []string{"aws_secret_access_key = "}},
		{"aws secret env", "AWS_SECRET_ACCESS_KEY=" + f.awsSecret, f.awsSecret, []string{"AWS_SECRET_ACCESS_KEY="}},
		{"slack bot", "posting with " + f.slackBot, f.slackBot, []string{"posting with "}},
		{"slack user", `{"token":"` + f.slackUser + `"}`, f.slackUser, []string{`{"token":"`, `"}`}},
		{"jwt", "id_token: " + f.jwt + "\n", f.jwt, []string{"id_token: "}},
		{"atlassian", "JIRA_API_TOKEN=" + f.atlassian + "\n", f.atlassian, []string{"JIRA_API_TOKEN="}},
		{"atlassian bare", "using " + f.atlassian + " now", f.atlassian, []string{"using ", " now"}},
		{"bearer header", "> Authorization: Bearer " + f.bearer + "\r\n> Accept: */*\r\n", f.bearer, []string{"> Authorization: Bearer ", "> Accept: */*"}},
		{"bearer go header", "map[Authorization:[Bearer " + f.bearer + "] Accept:[*/*]]", f.bearer, []string{"map[Authorization:[Bearer ", "Accept:[*/*]]"}},
		{"bearer json", `{"authorization": "Bearer ` + f.bearer + `"}`, f.bearer, []string{`{"authorization": "Bearer `}},
		{"bearer lowercase", "authorization: bearer " + f.bearer, f.bearer, nil},
		{"bearer bare", `curl -H "Bearer ` + f.bearer + `"`, f.bearer, []string{`curl -H "Bearer `}},
		{"basic header", "Authorization: Basic " + f.basic + "\n", f.basic, []string{"Authorization: Basic "}},
		{"password assignment", "password=" + f.password + " user=bob", f.password, []string{"password=", " user=bob"}},
		{"password yaml", "  db_password: " + f.password + "\n", f.password, []string{"  db_password: "}},
		{"password json", `{"Password": "` + f.password + ` x"}`, f.password + " x", []string{`{"Password": "`}},
		{"password url", "fatal: https://bob:" + f.password + "@git.example.com/r.git not found", f.password, []string{"https://bob:", "@git.example.com/r.git not found"}},
		{"password url postgres", "dial postgres://app:" + f.password + "@db:5432/app failed", f.password, []string{"postgres://app:", "@db:5432/app"}},
		{"token assignment", "token=" + f.bearer[:20] + "&page=2", f.bearer[:20], []string{"token=", "&page=2"}},
		{"token url query", "GET /api?access_token=" + f.bearer[:32] + "&x=1", f.bearer[:32], []string{"GET /api?access_token=", "&x=1"}},
		{"secret yaml", "client_secret: " + f.bearer[:12] + "\n", f.bearer[:12], []string{"client_secret: "}},
		{"secret colon", "secret: " + f.bearer[10:22], f.bearer[10:22], []string{"secret: "}},
		{"api_key", "api_key=" + f.bearer[:24], f.bearer[:24], []string{"api_key="}},
		{"apiKey json", `"apiKey": "` + f.bearer[:24] + `"`, f.bearer[:24], nil},
		{"pem rsa", "key:\n" + f.rsaKey + "\ndone\n", f.rsaKey, []string{"key:\n", "\ndone\n"}},
		{"pem ec", f.ecKey, f.ecKey, nil},
		{"pem openssh", f.opensshKey + "\n", f.opensshKey, nil},
		{"pem pkcs8", "x " + f.pkcs8Key + " y", f.pkcs8Key, []string{"x ", " y"}},
		{"pem json escaped", `{"key":"` + strings.ReplaceAll(f.rsaKey, "\n", `\n`) + `\n"}`, strings.ReplaceAll(f.rsaKey, "\n", `\n`), []string{`{"key":"`}},
		{"pem truncated", "head\n" + f.rsaKey[:800] + "\n... 1234 bytes omitted ...\n", f.rsaKey[40:800], []string{"head\n", "\n... 1234 bytes omitted ...\n", dash + "BEGIN"}[:2]},
	}
	r := defaultRedactor(t)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := r.String(tc.input)
			if strings.Contains(got, tc.secret) {
				t.Errorf("secret survived:\n in: %q\nout: %q", tc.input, got)
			}
			if !strings.Contains(got, Marker) {
				t.Errorf("no marker in %q", got)
			}
			for _, k := range tc.keep {
				if !strings.Contains(got, k) {
					t.Errorf("context %q lost:\nout: %q", k, got)
				}
			}
		})
	}
}

// TestGitleaksCoverage pins which required shapes gitleaks' default rules
// catch on their own. If an upgrade drops one, the supplementary rules in
// rules.go must take it over; this test says which.
func TestGitleaksCoverage(t *testing.T) {
	f := newFakes(2)
	tests := map[string]string{
		"github-pat":              "x " + f.ghp,
		"github-oauth":            f.gho,
		"github-app-token":        f.ghs + " " + f.ghu,
		"github-fine-grained-pat": f.githubPAT,
		"aws-access-token":        f.akia,
		"slack-bot-token":         f.slackBot,
		"slack-user-token":        f.slackUser,
		"jwt":                     f.jwt,
		"atlassian-api-token":     f.atlassian + "\n",
		"private-key":             f.rsaKey,
		"generic-api-key":         "aws_secret_access_key = " + f.awsSecret,
	}
	ds, err := loadDetectors()
	if err != nil {
		t.Fatal(err)
	}
	for want, input := range tests {
		ids := []string{}
		for _, d := range []*matcher{ds.main, ds.generic} {
			found, err := d.DetectString(input)
			if err != nil {
				t.Fatal(err)
			}
			for _, fi := range found {
				ids = append(ids, fi.RuleID)
			}
		}
		if !slices.Contains(ids, want) {
			t.Errorf("gitleaks rule %s did not fire on its shape (got %v)", want, ids)
		}
	}
}

// typicalOutput is ordinary tool output that must come back byte for byte.
const typicalOutput = `=== RUN   TestTokenizer
=== RUN   TestTokenizer/empty
--- PASS: TestTokenizer (0.00s)
    --- PASS: TestTokenizer/empty (0.00s)
=== RUN   TestSecretStore
    store_test.go:42: token count: 12
    store_test.go:57: tokens: 1234
    store_test.go:58: max_tokens: 4096
    store_test.go:61: secretName: app-config
--- FAIL: TestSecretStore (0.01s)
    secret_test.go:88: unexpected token: IDENT
FAIL
FAIL	github.com/engineo/autoverify/integrations/secrets	0.123s
ok  	github.com/engineo/autoverify/bot/token	(cached)
commit 3f9a1c2b7d4e5f60718293a4b5c6d7e8f9012345
HEAD is now at 3f9a1c2 Fix token refresh
request 123e4567-e89b-12d3-a456-426614174000 done in 12ms
/home/runner/work/autoverify/bot/redact/secret.go:12:3: declared and not used: key
kind: Secret
  password: ${DB_PASSWORD}
  token: <nil>
  secret: "********"
Password:
PWD=/home/runner/work
https://github.com/engineo/autoverify/pull/42
postgres://db:5432/app
Authorization failed for user bob
PASS
coverage: 81.2% of statements
`

func TestNoFalsePositives(t *testing.T) {
	r := defaultRedactor(t)
	if got := r.String(typicalOutput); got != typicalOutput {
		t.Errorf("ordinary output changed:\n%s", lineDiff(typicalOutput, got))
	}
}

func lineDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	var out strings.Builder
	for i := range max(len(al), len(bl)) {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			fmt.Fprintf(&out, "- %q\n+ %q\n", x, y)
		}
	}
	return out.String()
}

func TestConfiguredSecrets(t *testing.T) {
	secret := "s3cr" + "et-" + randFrom(fakeRand(3), alnum+"?>~", 17)
	r := withSecrets(t, secret, "abc", "")
	std, url := base64.StdEncoding, base64.URLEncoding
	rawStd, rawURL := base64.RawStdEncoding, base64.RawURLEncoding
	tests := map[string]string{
		"raw":              "value is " + secret + ".",
		"std padded":       "data: " + std.EncodeToString([]byte(secret)),
		"std unpadded":     "data: " + rawStd.EncodeToString([]byte(secret)) + " ",
		"url padded":       "data: " + url.EncodeToString([]byte(secret)),
		"url unpadded":     "data: " + rawURL.EncodeToString([]byte(secret)),
		"basic header":     "Auth: " + std.EncodeToString([]byte("user:"+secret)),
		"docker auths":     `"auth": "` + std.EncodeToString([]byte("robot$ci:"+secret)) + `"`,
		"offset 1 std":     std.EncodeToString([]byte("x" + secret + "tail")),
		"offset 2 std":     std.EncodeToString([]byte("xy" + secret + "tail!")),
		"offset 3 std":     std.EncodeToString([]byte("xyz" + secret + "t")),
		"offset 1 url":     url.EncodeToString([]byte("x" + secret + "tail")),
		"offset 2 url":     rawURL.EncodeToString([]byte("xy" + secret)),
		"repeated":         secret + secret + "\n" + secret,
		"across newline":   "a\n" + secret + "\nb",
		"invalid utf8 run": "\xff\xfe" + secret + "\x80",
	}
	for name, in := range tests {
		t.Run(name, func(t *testing.T) {
			got := r.String(in)
			if strings.Contains(got, secret) || got == in {
				t.Errorf("secret not masked:\n in: %q\nout: %q", in, got)
			}
			// The stable interior of every alignment must be gone too.
			for _, enc := range []*base64.Encoding{rawStd, rawURL} {
				for k := range 3 {
					if p := alignedInterior(enc, secret, k); strings.Contains(got, p) {
						t.Errorf("encoded form %q (offset %d) survived in %q", p, k, got)
					}
				}
			}
		})
	}
	// Values shorter than minSecretLen are ignored rather than masking
	// every "abc" in the output.
	if got := r.String("abc abcabc"); got != "abc abcabc" {
		t.Errorf("short secret masked: %q", got)
	}
}

func TestAlignedInterior(t *testing.T) {
	// Brute force: for every prefix length and a few neighbours, the
	// interior must occur in the encoding of prefix+secret+suffix.
	secret := "pa55-" + randFrom(fakeRand(4), alnum, 9)
	for k := range 3 {
		p := alignedInterior(base64.RawStdEncoding, secret, k)
		for pre := 0; pre < 9; pre++ {
			if pre%3 != k {
				continue
			}
			for suf := 0; suf < 4; suf++ {
				enc := base64.StdEncoding.EncodeToString([]byte(strings.Repeat("\xa5", pre) + secret + strings.Repeat("\x5a", suf)))
				if !strings.Contains(enc, p) {
					t.Errorf("k=%d pre=%d suf=%d: %q not in %q", k, pre, suf, p, enc)
				}
			}
		}
	}
}

// filler returns n bytes of go-test-like lines without secrets.
func filler(n int) string {
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "    run_test.go:%d: step %d of widget %x ok\n", i%500, i, i*7919)
	}
	return b.String()[:n]
}

func TestChunkBoundary(t *testing.T) {
	r := defaultRedactor(t)
	f := newFakes(5)
	// Only the first chunk's end is tried: one chunk and a half is
	// enough text for it (the chunk bounds depend only on the first
	// chunkSize bytes).
	head := filler(chunkSize + chunkSize/2)
	end, next := chunkBounds([]byte(head), 0)
	if end <= next || end-next > 2*chunkOverlap {
		t.Fatalf("chunkBounds(0) = %d, %d: want overlap in (0, %d]", end, next, 2*chunkOverlap)
	}
	// A token with no keyword (so only gitleaks can catch it) at every
	// offset straddling the first chunk's end.
	for _, tok := range []string{f.ghp, f.slackBot, f.akia} {
		for off := -len(tok) - 2; off <= 2; off++ {
			pos := end + off
			in := head[:pos] + " " + tok + " " + head[pos:]
			if got := r.String(in); strings.Contains(got, tok) {
				t.Fatalf("token at boundary offset %d survived", off)
			}
		}
	}
	// A single line longer than a chunk is cut without a newline.
	long := strings.Repeat("x", chunkSize-10) + " " + f.ghp + " " + strings.Repeat("y", chunkSize)
	if got := r.String(long); strings.Contains(got, f.ghp) {
		t.Error("token across a hard cut survived")
	}
}

func TestPEMAcrossChunks(t *testing.T) {
	r := defaultRedactor(t)
	// A 4096-bit-sized key body: several KiB, more than the chunk overlap.
	key := fakePEM(fakeRand(6), "RSA PRIVATE KEY", 3*chunkOverlap)
	if len(key) <= 2*chunkOverlap {
		t.Fatalf("test key too short: %d", len(key))
	}
	head := filler(chunkSize)
	for _, start := range []int{chunkSize/2 + 100, chunkSize - len(key)/2, chunkSize - 100} {
		in := head[:start] + "\n" + key + "\n" + filler(chunkSize)
		got := r.String(in)
		for _, line := range strings.Split(key, "\n") {
			if strings.Contains(got, line) {
				t.Fatalf("key at %d: line %q survived", start, line)
			}
		}
	}
}

func TestPEMUnterminatedIsLinear(t *testing.T) {
	// Thousands of BEGIN lines with no END must not rescan the input per
	// line; this completes in milliseconds when the search is linear.
	dash := strings.Repeat("-", 5)
	n := 20000
	if testing.Short() {
		n = 2000 // under -race the long form takes 10 s of CI's ten minutes
	}
	in := strings.Repeat(dash+"BEGIN PRIVATE KEY"+dash+"\nQUJD\nnot base64!\n", n)
	got := defaultRedactor(t).String(in)
	if strings.Contains(got, "QUJD") {
		t.Error("body after unterminated header survived")
	}
	if !strings.Contains(got, "not base64!") {
		t.Error("text after the body was masked")
	}
}

func TestBinaryAndInvalidUTF8(t *testing.T) {
	r := withSecrets(t, "bin-secret-value")
	rnd := fakeRand(7)
	buf := make([]byte, 3*chunkSize)
	for i := range buf {
		buf[i] = byte(rnd.UintN(256))
	}
	copy(buf[chunkSize-5:], "bin-secret-value")
	got := r.Bytes(buf)
	if bytes.Contains(got, []byte("bin-secret-value")) {
		t.Error("secret survived in binary input")
	}
	r.String("\xff\xfe\xfd password=\xff\xfe" + strings.Repeat("\x00", 100))
}

func TestEmptyAndClean(t *testing.T) {
	r := defaultRedactor(t)
	if got := r.Bytes(nil); got != nil {
		t.Errorf("Bytes(nil) = %q", got)
	}
	if got := r.String(""); got != "" {
		t.Errorf("String(\"\") = %q", got)
	}
	in := []byte("nothing to see\n")
	if got := r.Bytes(in); &got[0] != &in[0] {
		t.Error("clean input was copied")
	}
}

func TestNewOptions(t *testing.T) {
	r, err := New(WithSecrets("first-secret"), WithSecrets("second-secret"))
	if err != nil {
		t.Fatal(err)
	}
	got := r.String("first-secret second-secret")
	if got != Marker+" "+Marker {
		t.Errorf("got %q", got)
	}
}

func TestConcurrent(t *testing.T) {
	r := withSecrets(t, "concurrent-secret")
	f := newFakes(8)
	in := filler(2*chunkSize) + f.ghp + "\n" + "concurrent-secret\n" + f.rsaKey + "\n" + filler(chunkSize)
	want := r.String(in)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 3 {
				if got := r.String(in); got != want {
					t.Error("concurrent result differs")
					return
				}
			}
		})
	}
	wg.Wait()
	if strings.Contains(want, f.ghp) || strings.Contains(want, "concurrent-secret") {
		t.Error("secret survived")
	}
}

// TestGenericRulePinned guards genericTail: the line prefilter for gitleaks'
// generic-api-key rule is derived from this exact regex, and must be
// revisited if an upgrade changes it.
func TestGenericRulePinned(t *testing.T) {
	const want = `(?i)[\w.-]{0,50}?(?:access|auth|(?-i:[Aa]pi|API)|credential|creds|key|passw(?:or)?d|secret|token)(?:[ \t\w.-]{0,20})[\s'"]{0,3}(?:=|>|:{1,3}=|\|\||:|=>|\?=|,)[\x60'"\s=]{0,5}([\w.=-]{10,150}|[a-z0-9][a-z0-9+/]{11,}={0,3})(?:[\x60'"\s;]|\\[nr]|$)`
	ds, err := loadDetectors()
	if err != nil {
		t.Fatal(err)
	}
	if ds.generic == nil {
		t.Fatal("generic-api-key rule missing from gitleaks' default config")
	}
	if got := ds.generic.rule(genericRuleID).Regex().String(); got != want {
		t.Errorf("generic-api-key regex changed; revisit genericTail.\ngot:  %s\nwant: %s", got, want)
	}
}

// TestGenericAcrossLines checks the prefilter keeps the line holding the
// value when gitleaks' rule lets it follow the key on the next line.
func TestGenericAcrossLines(t *testing.T) {
	val := randFrom(fakeRand(11), alnum, 24)
	in := "credential =\n  " + val + "\n"
	if got := defaultRedactor(t).String(in); strings.Contains(got, val) {
		t.Errorf("value on the next line survived: %q", got)
	}
}

// TestRuleLiterals: each supplementary rule's literal is where its
// pattern's every match starts (the pattern's own literal prefix, which
// the input is lower-cased to meet), so a text without it cannot match
// and is rightly not searched. It also compiles every pattern.
func TestRuleLiterals(t *testing.T) {
	for _, r := range supplementary {
		prefix, _ := r.re().LiteralPrefix()
		if r.lit == "" || !strings.HasPrefix(prefix, r.lit) {
			t.Errorf("rule %s: literal %q is not a prefix of its pattern's literal prefix %q", r.re(), r.lit, prefix)
		}
	}
	for _, re := range []func() *regexp.Regexp{placeholderRef, pemBegin, pemEnd} {
		_ = re()
	}
	if prefix, _ := pemBegin().LiteralPrefix(); !strings.HasPrefix(prefix, "-----BEGIN") {
		t.Errorf("pemSpans skips texts without -----BEGIN, but pemBegin's prefix is %q", prefix)
	}
}
