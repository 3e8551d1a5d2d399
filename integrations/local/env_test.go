package local

import (
	"context"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/engineo/autoverify/bot/verify"
)

func TestBaseEnv(t *testing.T) {
	t.Parallel()
	service := map[string]string{
		"PATH": "/svc/bin", "HOME": "/home/svc", "LANG": "de_DE.UTF-8",
		"CI": "false", "SECRET": "s3cr3t", "NPM_TOKEN": "npm", "EMPTY": "",
		"TZ": "Europe/Berlin", "PYTHONHASHSEED": "random",
	}
	lookup := func(k string) (string, bool) { v, ok := service[k]; return v, ok }
	none := func(string) (string, bool) { return "", false }
	det := verify.DeterministicEnv()
	with := func(env ...string) []string { return append(env, det...) }
	tests := []struct {
		name        string
		lookup      func(string) (string, bool)
		path        string
		passthrough []string
		want        []string
	}{
		{"scrubbed", lookup, "", nil,
			with("PATH=/svc/bin", "HOME=/home/svc", "LANG=de_DE.UTF-8", "CI=true")},
		{"passthrough set, empty and unset", lookup, "", []string{"NPM_TOKEN", "EMPTY", "UNSET", "NPM_TOKEN"},
			with("PATH=/svc/bin", "HOME=/home/svc", "LANG=de_DE.UTF-8", "CI=true", "NPM_TOKEN=npm", "EMPTY=")},
		{"fixed names cannot be overridden", lookup, "", []string{"CI", "PATH"},
			with("PATH=/svc/bin", "HOME=/home/svc", "LANG=de_DE.UTF-8", "CI=true")},
		{"passthrough cannot undo the determinism defaults", lookup, "", []string{"TZ", "PYTHONHASHSEED"},
			[]string{"PATH=/svc/bin", "HOME=/home/svc", "LANG=de_DE.UTF-8", "CI=true",
				"TZ=UTC", "PYTHONHASHSEED=0", "LC_ALL=C.UTF-8", "NO_COLOR=1"}},
		{"pairs set HOME and override the defaults", lookup, "", []string{"NPM_TOKEN", "HOME=/var/lib/autoverify/home", "PYTHONHASHSEED=random", "GOFLAGS=-mod=mod"},
			[]string{"PATH=/svc/bin", "HOME=/var/lib/autoverify/home", "LANG=de_DE.UTF-8", "CI=true", "NPM_TOKEN=npm",
				"TZ=UTC", "LC_ALL=C.UTF-8", "PYTHONHASHSEED=random", "NO_COLOR=1", "GOFLAGS=-mod=mod"}},
		{"path override", lookup, "/opt/tools/bin", nil,
			with("PATH=/opt/tools/bin", "HOME=/home/svc", "LANG=de_DE.UTF-8", "CI=true")},
		{"defaults", none, "", nil,
			with("PATH="+DefaultPath, "HOME="+defaultHome(), "LANG="+DefaultLang, "CI=true")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := baseEnv(tc.lookup, tc.path, tc.passthrough); !slices.Equal(got, tc.want) {
				t.Errorf("baseEnv = %q, want %q", got, tc.want)
			}
		})
	}
}

// TestCommandsSeeDeterministicEnv runs real processes: a command sees the
// determinism defaults even when the service has other values and passes
// them through, a configured HOME is the command's HOME, and only WithEnv
// changes a default. It cannot be parallel: it changes the process
// environment.
func TestCommandsSeeDeterministicEnv(t *testing.T) {
	t.Setenv("TZ", "America/New_York")
	t.Setenv("LC_ALL", "POSIX")
	t.Setenv("PYTHONHASHSEED", "random")
	t.Setenv("NO_COLOR", "")
	printEnv := []string{"sh", "-c", `printf '%s|%s|%s|%s|%s|%s\n' "$TZ" "$LC_ALL" "$PYTHONHASHSEED" "$NO_COLOR" "$HOME" "$(date +%Z)"`}
	home := t.TempDir()
	tests := []struct {
		name string
		opts []Option
		want string
	}{
		{"defaults, the service's values not passed", []Option{WithIsolation(IsolationNoSandbox)},
			"UTC|C.UTF-8|0|1|" + os.Getenv("HOME") + "|UTC"},
		{"passed through, still the defaults", []Option{WithIsolation(IsolationNoSandbox), WithEnvPassthrough("TZ", "LC_ALL", "PYTHONHASHSEED", "NO_COLOR")},
			"UTC|C.UTF-8|0|1|" + os.Getenv("HOME") + "|UTC"},
		{"the setting changes them and fixes HOME", []Option{WithIsolation(IsolationNoSandbox), WithEnv("PYTHONHASHSEED=random", "TZ=Asia/Tokyo", "HOME="+home)},
			"Asia/Tokyo|C.UTF-8|random|1|" + home + "|JST"},
		// The sandbox's home is always its own private one.
		{"sandbox: the defaults and its own home", []Option{WithIsolation(IsolationSandbox), WithEnv("HOME=" + home)},
			"UTC|C.UTF-8|0|1|" + SandboxHome + "|UTC"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := New(tc.opts...)
			if err != nil {
				t.Fatal(err)
			}
			res, err := r.Run(context.Background(), verify.Command{ItemID: "env", Argv: printEnv, Dir: t.TempDir()})
			if err != nil || res.ExitCode != 0 {
				t.Fatalf("run: %v, exit %d: %s", err, res.ExitCode, res.Output)
			}
			if got := strings.TrimSpace(string(res.Output)); got != tc.want {
				t.Errorf("command saw %q, want %q", got, tc.want)
			}
		})
	}
}

func TestValidateEnvNames(t *testing.T) {
	t.Parallel()
	tests := []struct {
		names []string
		ok    bool
	}{
		{nil, true},
		{[]string{"NPM_TOKEN", "GOFLAGS"}, true},
		{[]string{""}, false},
		{[]string{"A=B"}, true},
		{[]string{"HOME=/h", "TZ="}, true},
		{[]string{"=B"}, false},
		{[]string{"A-B=1"}, false},
		{[]string{TokenEnv + "=x"}, false},
		{[]string{"A\x00"}, false},
		{[]string{TokenEnv}, false},
	}
	for _, tc := range tests {
		if err := validateEnvNames(tc.names); (err == nil) != tc.ok {
			t.Errorf("validateEnvNames(%q) = %v, want ok=%v", tc.names, err, tc.ok)
		}
	}
}
