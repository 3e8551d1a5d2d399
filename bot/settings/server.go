package settings

import (
	"strconv"
	"time"

	"github.com/engineo/autoverify/bot/repoconfig"
)

// Serve are the settings only `autoverify serve` reads (besides Run, the
// Jira settings and Dashboard).
var Serve = []Setting{
	{"listen-addr", "ENGINEO_LISTEN_ADDR", "address to listen on (default :8080)"},
	{"github-app-id", "ENGINEO_GITHUB_APP_ID", "the GitHub App's ID"},
	{"github-private-key", "ENGINEO_GITHUB_PRIVATE_KEY", "the GitHub App's private key (PEM text)"},
	{"github-private-key-path", "ENGINEO_GITHUB_PRIVATE_KEY_PATH", "file holding the GitHub App's private key"},
	{"github-webhook-secret", "ENGINEO_GITHUB_WEBHOOK_SECRET", "the GitHub App's webhook secret"},
	{"github-api-url", "ENGINEO_GITHUB_API_URL", "GitHub REST API root (default https://api.github.com/)"},
	{"public-url", "ENGINEO_PUBLIC_URL", "where this server is reachable, for evidence links (optional)"},
	{"workers", "ENGINEO_WORKERS", "verification jobs run at once (default 2)"},
	{"evidence-link-ttl", "ENGINEO_EVIDENCE_LINK_TTL", "how long signed evidence links in comments stay valid (default 168h)"},
	{"evidence-key", "ENGINEO_EVIDENCE_KEY", "key that signs evidence links (default: derived from the webhook secret)"},
	{"unsafe-no-sandbox", "ENGINEO_UNSAFE_NO_SANDBOX", "1 runs pull request code on a runner that cannot isolate it: anyone who can open a pull request can then read this server's secrets"},
}

// Server is the resolved configuration of `autoverify serve`.
type Server struct {
	// Config is the verification configuration every repository's file
	// refines (ForRepo): the local sandbox is required unless Unsafe, and
	// the GitHub App's key file is hidden from it.
	Config     Config
	ListenAddr string
	// WebhookSecret checks GitHub's deliveries and keys run IDs.
	WebhookSecret string
	AppID         int64
	// PrivateKey is the GitHub App's key, PEM text.
	PrivateKey []byte
	// Workers is how many verification jobs run at once.
	Workers int
	// PublicURL is where the server is reachable ("": no evidence links);
	// APIURL is GitHub's REST API root ("": the client's default).
	PublicURL, APIURL string
	// EvidenceKey is what evidence links are signed with a key derived
	// from: ENGINEO_EVIDENCE_KEY, else the webhook secret.
	EvidenceKey string
	// EvidenceLinkTTL is how long a signed evidence link stays valid.
	EvidenceLinkTTL time.Duration
	// Unsafe is the operator's opt-out, by name, of isolation: pull
	// request code may run on a runner that cannot isolate it.
	Unsafe bool
}

// Files is the file access ResolveServer needs, since this package never
// touches the file system itself; the server passes os.ReadFile and
// filepath.Abs.
type Files struct {
	// ReadFile reads the GitHub App's key file.
	ReadFile func(name string) ([]byte, error)
	// Abs makes the key file's path absolute for the sandbox's hidden
	// list; where it fails, the path is not hidden.
	Abs func(name string) (string, error)
}

// ListenAddr is the address the server listens on: ENGINEO_LISTEN_ADDR,
// else :8080 (every interface).
func ListenAddr(lookup Lookup) string {
	if v := get(lookup, "listen-addr"); v != "" {
		return v
	}
	return ":8080"
}

// ResolveServer checks every setting of `autoverify serve` before anything
// is opened: a missing secret or credential refuses to start, naming the
// variable to set. Like Resolve, it checks in a fixed order and the first
// error ends it; the server checks the Redis URL, Jira and the dashboard
// (ResolveDashboard) after it.
func ResolveServer(lookup Lookup, files Files) (Server, error) {
	cfg, err := Resolve(lookup, repoconfig.File{}, repoconfig.Name)
	if err != nil {
		return Server{}, err
	}
	s := Server{Config: cfg, ListenAddr: ListenAddr(lookup), Workers: 2, EvidenceLinkTTL: 7 * 24 * time.Hour,
		PublicURL: get(lookup, "public-url"), APIURL: get(lookup, "github-api-url")}
	for _, step := range []func(Lookup, Files, *Server) error{
		resolveGitHubApp,
		resolveWorkers,
		resolveEvidenceLinks,
		resolveIsolation,
	} {
		if err := step(lookup, files, &s); err != nil {
			return Server{}, err
		}
	}
	return s, nil
}

// resolveGitHubApp reads the GitHub App's webhook secret, ID and private
// key (the PEM text, else the file it is in, which the sandbox then hides:
// the file never shows there, even where it sits under a directory
// commands see, /etc say).
func resolveGitHubApp(lookup Lookup, files Files, s *Server) error {
	if s.WebhookSecret = get(lookup, "github-webhook-secret"); s.WebhookSecret == "" {
		return errorf("ENGINEO_GITHUB_WEBHOOK_SECRET is not set: set it to the webhook secret of your GitHub App (Settings → Webhook secret); autoverify refuses unsigned deliveries")
	}
	id, err := strconv.ParseInt(get(lookup, "github-app-id"), 10, 64)
	if err != nil || id <= 0 {
		return errorf("ENGINEO_GITHUB_APP_ID=%q: set it to your GitHub App's numeric App ID", get(lookup, "github-app-id"))
	}
	s.AppID = id
	if s.PrivateKey = []byte(get(lookup, "github-private-key")); len(s.PrivateKey) > 0 {
		return nil
	}
	path := get(lookup, "github-private-key-path")
	if path == "" {
		return errorf("no GitHub App private key: set ENGINEO_GITHUB_PRIVATE_KEY (PEM text) or ENGINEO_GITHUB_PRIVATE_KEY_PATH (a file)")
	}
	if s.PrivateKey, err = files.ReadFile(path); err != nil {
		return errorf("ENGINEO_GITHUB_PRIVATE_KEY_PATH=%s: %v", path, err)
	}
	if abs, err := files.Abs(path); err == nil {
		s.Config.Sandbox.Hide = append(s.Config.Sandbox.Hide, abs)
	}
	return nil
}

// resolveWorkers reads how many verification jobs run at once.
func resolveWorkers(lookup Lookup, _ Files, s *Server) error {
	if v := get(lookup, "workers"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return errorf("ENGINEO_WORKERS=%q: want a whole number of at least 1", v)
		}
		s.Workers = n
	}
	return nil
}

// resolveEvidenceLinks reads what signs evidence links and how long they
// stay valid.
func resolveEvidenceLinks(lookup Lookup, _ Files, s *Server) error {
	s.EvidenceKey = s.WebhookSecret
	if k := get(lookup, "evidence-key"); k != "" {
		if len(k) < 16 {
			return errorf("ENGINEO_EVIDENCE_KEY: want at least 16 characters")
		}
		s.EvidenceKey = k
	}
	if v := get(lookup, "evidence-link-ttl"); v != "" {
		d, err := ParseTimeout(v)
		if err != nil {
			return errorf("ENGINEO_EVIDENCE_LINK_TTL=%q: %v", v, err)
		}
		s.EvidenceLinkTTL = d
	}
	return nil
}

// resolveIsolation reads the opt-out of isolation. The server never falls
// back from the local sandbox the way `run` does where it cannot be built:
// it asks for the sandbox outright, so that a failure at start refuses to
// serve (RefuseUnisolated) and one later fails that command instead of
// running it unsandboxed.
func resolveIsolation(lookup Lookup, _ Files, s *Server) error {
	if v := get(lookup, "unsafe-no-sandbox"); v != "" {
		unsafe, err := ParseBool(v)
		if err != nil {
			return errorf("ENGINEO_UNSAFE_NO_SANDBOX=%q: %v", v, err)
		}
		s.Unsafe = unsafe
	}
	if s.Config.Runner == "local" && s.Config.Sandbox.Mode == "auto" && !s.Unsafe {
		s.Config.Sandbox.Mode = "on"
	}
	return nil
}

// RefuseUnisolated is the server's answer to a runner that cannot isolate
// pull request code from it (problem says why), naming the ways out.
func RefuseUnisolated(problem error) error {
	return errorf("refusing to run pull request code: %v. Fix that, use ENGINEO_RUNNER=docker or kubernetes, or set ENGINEO_UNSAFE_NO_SANDBOX=1 if everyone who can open a pull request may read this server's secrets", problem)
}
