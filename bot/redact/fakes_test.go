package redact

import (
	"encoding/base64"
	"math/rand/v2"
	"strings"
)

// The fake credentials below are assembled at run time from a seeded PRNG
// and split prefixes, so the repository never contains a string that secret
// scanners (or a careless grep) would take for a real credential.

const (
	alnum   = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	upper32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
	digits  = "0123456789"
	hexdig  = "0123456789abcdef"
	b64set  = alnum + "+/"
	urlset  = alnum + "-_"
)

// fakeRand is deterministic so that failures reproduce.
func fakeRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x5eed)) }

func randFrom(r *rand.Rand, set string, n int) string {
	var b strings.Builder
	for range n {
		b.WriteByte(set[r.IntN(len(set))])
	}
	return b.String()
}

// fakes returns a fresh set of realistic-looking credentials.
type fakeSet struct {
	ghp, gho, ghs, ghu, githubPAT string
	akia, awsSecret               string
	slackBot, slackUser           string
	jwt                           string
	atlassian                     string
	bearer, basic                 string
	password                      string
	rsaKey, ecKey, opensshKey     string
	pkcs8Key                      string
}

func newFakes(seed uint64) fakeSet {
	r := fakeRand(seed)
	gh := "g" + "h"
	b64url := func(s string) string { return base64.RawURLEncoding.EncodeToString([]byte(s)) }
	return fakeSet{
		ghp:       gh + "p_" + randFrom(r, alnum, 36),
		gho:       gh + "o_" + randFrom(r, alnum, 36),
		ghs:       gh + "s_" + randFrom(r, alnum, 36),
		ghu:       gh + "u_" + randFrom(r, alnum, 36),
		githubPAT: "git" + "hub_pat_" + randFrom(r, alnum, 22) + "_" + randFrom(r, alnum, 59),
		akia:      "AK" + "IA" + randFrom(r, upper32, 16),
		awsSecret: randFrom(r, alnum+"/+", 40),
		slackBot:  "xo" + "xb-" + randFrom(r, digits, 12) + "-" + randFrom(r, digits, 13) + "-" + randFrom(r, alnum, 24),
		slackUser: "xo" + "xp-" + randFrom(r, digits, 12) + "-" + randFrom(r, digits, 12) + "-" + randFrom(r, digits, 13) + "-" + randFrom(r, hexdig, 32),
		jwt: b64url(`{"alg":"HS256","typ":"JWT"}`) + "." +
			b64url(`{"sub":"`+randFrom(r, digits, 10)+`","name":"`+randFrom(r, alnum, 12)+`","iat":1516239022}`) + "." +
			randFrom(r, urlset, 43),
		atlassian:  "ATA" + "TT3" + randFrom(r, alnum, 170) + "=" + randFrom(r, "ABCDEF0123456789", 8) + randFrom(r, alnum, 7),
		bearer:     randFrom(r, alnum, 40),
		basic:      base64.StdEncoding.EncodeToString([]byte("deploy:" + randFrom(r, alnum, 20))),
		password:   "hunter" + randFrom(r, digits, 2),
		rsaKey:     fakePEM(r, "RSA PRIVATE KEY", 1600),
		ecKey:      fakePEM(r, "EC PRIVATE KEY", 160),
		opensshKey: fakePEM(r, "OPENSSH PRIVATE KEY", 380),
		pkcs8Key:   fakePEM(r, "PRIVATE KEY", 1200),
	}
}

// fakePEM returns a PEM block of the given type with n bytes of random body,
// wrapped at 64 columns as real keys are.
func fakePEM(r *rand.Rand, typ string, n int) string {
	body := make([]byte, n)
	for i := range body {
		body[i] = byte(r.UintN(256))
	}
	enc := base64.StdEncoding.EncodeToString(body)
	var b strings.Builder
	dash := strings.Repeat("-", 5)
	b.WriteString(dash + "BEGIN " + typ + dash + "\n")
	for len(enc) > 64 {
		b.WriteString(enc[:64] + "\n")
		enc = enc[64:]
	}
	b.WriteString(enc + "\n")
	b.WriteString(dash + "END " + typ + dash)
	return b.String()
}
