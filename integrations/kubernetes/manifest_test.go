package kubernetes

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
)

var update = flag.Bool("update", false, "rewrite testdata/*.golden")

// manifestYAML is obj as kubectl would show it: its JSON form (the API's
// field names, omitempty as the API types declare it) written as YAML.
func manifestYAML(t *testing.T, obj any) []byte {
	t.Helper()
	raw, err := json.Marshal(obj)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if string(got) != string(want) {
		t.Errorf("%s differs from the golden file (go test -update rewrites it); got:\n%s", path, got)
	}
}

func TestJobManifestGolden(t *testing.T) {
	cases := []struct {
		name string
		cfg  Config
		spec jobSpec
	}{
		{
			name: "job-workspace",
			cfg: Config{
				Namespace: "autoverify",
				Image:     "ghcr.io/engineo/env-node:22",
				EnvPassthrough: map[string]string{
					"NPM_CONFIG_OFFLINE": "true",
					"LANG":               "en_US.UTF-8",
					"TZ":                 "Europe/Berlin", // the default wins
				},
				Env: []string{"PYTHONHASHSEED=random", "HOME=/tmp/home"},
			},
			spec: jobSpec{
				name:         "autoverify-abcdefghijkl",
				instance:     "inst000001",
				itemID:       "abc12345",
				runID:        "r-7f3a",
				argv:         []string{"pnpm", "test", "--", "-t", "a b"},
				workspaceURL: "https://autoverify.example/workspaces/0123456789abcdef.tar.gz",
				timeout:      5 * time.Minute,
			},
		},
		{
			name: "job-no-workspace-custom",
			cfg: Config{
				Namespace:        "ci",
				Image:            "golang:1.26",
				ImagePullPolicy:  corev1.PullAlways,
				ImagePullSecrets: []string{"registry"},
				Resources: &corev1.ResourceRequirements{
					Requests: corev1.ResourceList{corev1.ResourceCPU: resource.MustParse("1")},
					Limits:   corev1.ResourceList{corev1.ResourceMemory: resource.MustParse("4Gi")},
				},
				TmpSize:            "256Mi",
				User:               1000,
				StartupAllowance:   90 * time.Second,
				KillGrace:          10 * time.Second,
				TTLAfterFinished:   time.Hour,
				Label:              "staging",
				Labels:             map[string]string{"team": "platform"},
				ServiceAccountName: "autoverify-runner",
				RuntimeClassName:   "gvisor",
				NodeSelector:       map[string]string{"pool": "ci"},
				Tolerations:        []corev1.Toleration{{Key: "ci", Operator: corev1.TolerationOpExists, Effect: corev1.TaintEffectNoSchedule}},
			},
			spec: jobSpec{
				name:     "autoverify-mnopqrstuvwx",
				instance: "inst000002",
				itemID:   "0f1e2d3c",
				// A 64-hex-digit run ID: too long for a label value.
				runID:   "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
				argv:    []string{"go", "test", "./..."},
				timeout: 1500 * time.Millisecond,
			},
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s, err := tc.cfg.settle()
			if err != nil {
				t.Fatal(err)
			}
			golden(t, tc.name, manifestYAML(t, s.buildJob(tc.spec)))
		})
	}
}

func TestConfigRejects(t *testing.T) {
	base := Config{Namespace: "ns", Image: "img"}
	cases := map[string]func(*Config){
		"no namespace":   func(c *Config) { c.Namespace = "" },
		"bad namespace":  func(c *Config) { c.Namespace = "Not_OK" },
		"no image":       func(c *Config) { c.Image = "" },
		"negative":       func(c *Config) { c.Timeout = -1 },
		"CI passthrough": func(c *Config) { c.EnvPassthrough = map[string]string{"CI": "false"} },
		"HOME":           func(c *Config) { c.EnvPassthrough = map[string]string{"HOME": "/root"} },
		"bad env name":   func(c *Config) { c.EnvPassthrough = map[string]string{"A=B": "x"} },
		"bad env pair":   func(c *Config) { c.Env = []string{"NOVALUE"} },
		"workspace URL":  func(c *Config) { c.Env = []string{WorkspaceURLEnv + "=http://elsewhere"} },
		"reserved label": func(c *Config) { c.Labels = map[string]string{"autoverify.managed": "false"} },
		"bad label":      func(c *Config) { c.Labels = map[string]string{"x": "no spaces"} },
		"bad size":       func(c *Config) { c.TmpSize = "lots" },
		"empty fetch":    func(c *Config) { c.FetchCommand = []string{} },
	}
	for name, mutate := range cases {
		cfg := base
		mutate(&cfg)
		if _, err := cfg.settle(); err == nil {
			t.Errorf("%s: settle accepted %+v", name, cfg)
		}
	}
	if _, err := base.settle(); err != nil {
		t.Fatalf("minimal config: %v", err)
	}
}

func TestLabelValue(t *testing.T) {
	for in, want := range map[string]string{
		"abc12345": "abc12345",
		"a b/c":    "a-b-c",
		"-x-":      "x",
		"9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a0",
	} {
		if got := labelValue(in); got != want {
			t.Errorf("labelValue(%q) = %q, want %q", in, got, want)
		}
	}
}
