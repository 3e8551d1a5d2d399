// Package redact removes secrets from everything autoverify writes or posts:
// evidence files, pull-request comments and Jira comments. Command output is
// untrusted text that can echo tokens from the environment, a config file or
// a verbose HTTP client, and once a comment is posted it cannot be taken
// back, so every outbound byte goes through a Redactor first.
//
// A Redactor combines four independent passes and masks the union of what
// they find:
//
//   - gitleaks' default rule set (github.com/zricethezav/gitleaks/v8), which
//     knows the shape of a few hundred vendor tokens. It is compiled once per
//     Redactor and fed the input in 64 KiB line-aligned chunks that overlap,
//     because gitleaks slows down badly on one large fragment with findings.
//   - a dedicated PEM pass for private-key blocks, which may be longer than
//     the chunk overlap and must never be split in half.
//   - a short list of supplementary rules (see rules.go) for shapes gitleaks
//     leaves alone because they lack entropy or a vendor prefix: HTTP
//     Authorization headers, passwords in URLs and key=value assignments.
//   - the literal values of secrets the service holds (WithSecrets), in raw
//     form, base64-encoded (standard and URL alphabets, padded or not, and
//     the part that is stable inside a longer encoding), hex-encoded (lower
//     and upper case) and percent-encoded (as url.QueryEscape and
//     url.PathEscape write it and with every byte outside RFC 3986's
//     unreserved set escaped; %XX digits in either case), so a secret leaks
//     neither verbatim nor in a Basic header, a Kubernetes Secret dump, a
//     byte dump or a logged query string.
//
// Masking is defence in depth and can never be complete. Output is written
// by the code under test, which can print a secret it can read in ways no
// list of encodings anticipates: reversed, split across lines or between
// two writes, one character per line, XORed, compressed, double-encoded,
// hex in mixed case, or in a percent-encoding that escapes a different set
// of characters. The boundary is the sandbox: commands only see the
// variables a runner gives them (a secret a command never sees cannot
// leak), and whatever a command can read must be assumed to be in its
// output. Redaction catches the accidents — a verbose client logging a
// header, a test printing its config — not an adversary.
//
// Every finding is replaced by the fixed marker [REDACTED]. The marker does
// not name the rule that fired: which kind of credential leaked is itself a
// hint to an attacker, and a fixed marker lets adjacent findings merge into
// one.
//
// Cost: New takes 30-90 ms (compiling gitleaks' rules); share one Redactor.
// Redaction is linear in the input, about 10 MB/s on typical test output,
// dominated by gitleaks' regexes under Go's RE2 engine. Input saturated with
// keyword=value pairs on long lines (a megabyte of minified JSON) is the
// slow case, around 0.2-0.3 MB/s, because gitleaks' generic-api-key rule
// then has to scan all of it. The configured values' pass is one scan
// whatever their number (about 1.3 ms per MiB for one secret or eight,
// each with its twenty-odd encodings; see literals).
package redact
