package local

import (
	"slices"
	"testing"
)

func TestBaseEnv(t *testing.T) {
	t.Parallel()
	service := map[string]string{
		"PATH": "/svc/bin", "HOME": "/home/svc", "LANG": "de_DE.UTF-8",
		"CI": "false", "SECRET": "s3cr3t", "NPM_TOKEN": "npm", "EMPTY": "",
	}
	lookup := func(k string) (string, bool) { v, ok := service[k]; return v, ok }
	none := func(string) (string, bool) { return "", false }
	tests := []struct {
		name        string
		lookup      func(string) (string, bool)
		path        string
		passthrough []string
		want        []string
	}{
		{"scrubbed", lookup, "", nil,
			[]string{"PATH=/svc/bin", "HOME=/home/svc", "LANG=de_DE.UTF-8", "CI=true"}},
		{"passthrough set, empty and unset", lookup, "", []string{"NPM_TOKEN", "EMPTY", "UNSET", "NPM_TOKEN"},
			[]string{"PATH=/svc/bin", "HOME=/home/svc", "LANG=de_DE.UTF-8", "CI=true", "NPM_TOKEN=npm", "EMPTY="}},
		{"fixed names cannot be overridden", lookup, "", []string{"CI", "PATH"},
			[]string{"PATH=/svc/bin", "HOME=/home/svc", "LANG=de_DE.UTF-8", "CI=true"}},
		{"path override", lookup, "/opt/tools/bin", nil,
			[]string{"PATH=/opt/tools/bin", "HOME=/home/svc", "LANG=de_DE.UTF-8", "CI=true"}},
		{"defaults", none, "", nil,
			[]string{"PATH=" + DefaultPath, "HOME=" + defaultHome(), "LANG=" + DefaultLang, "CI=true"}},
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

func TestValidateEnvNames(t *testing.T) {
	t.Parallel()
	tests := []struct {
		names []string
		ok    bool
	}{
		{nil, true},
		{[]string{"NPM_TOKEN", "GOFLAGS"}, true},
		{[]string{""}, false},
		{[]string{"A=B"}, false},
		{[]string{"A\x00"}, false},
		{[]string{TokenEnv}, false},
	}
	for _, tc := range tests {
		if err := validateEnvNames(tc.names); (err == nil) != tc.ok {
			t.Errorf("validateEnvNames(%q) = %v, want ok=%v", tc.names, err, tc.ok)
		}
	}
}
