package redact

import (
	"slices"
	"strings"
	"testing"

	"github.com/spf13/viper"
	"github.com/zricethezav/gitleaks/v8/config"
)

// gitleaksViperConfig reads gitleaks' default configuration the way
// gitleaks does: viper, into its ViperConfig.
func gitleaksViperConfig(t *testing.T) config.ViperConfig {
	t.Helper()
	v := viper.New()
	v.SetConfigType("toml")
	if err := v.ReadConfig(strings.NewReader(config.DefaultConfig)); err != nil {
		t.Fatal(err)
	}
	var vc config.ViperConfig
	if err := v.Unmarshal(&vc); err != nil {
		t.Fatal(err)
	}
	return vc
}

// TestRulesMatchGitleaksTranslate reads gitleaks' default configuration the
// way gitleaks does (viper, then Translate) and checks that the rules this
// package loads lazily are the same: every text rule, with its regex,
// keywords, secret group, entropy, allowlists and requirements, and that
// every regex compiles.
func TestRulesMatchGitleaksTranslate(t *testing.T) {
	vc := gitleaksViperConfig(t)
	want, err := vc.Translate()
	if err != nil {
		t.Fatal(err)
	}
	got, err := loadRules(config.DefaultConfig)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, r := range got.rules {
		seen[r.ID] = true
		w, ok := want.Rules[r.ID]
		if !ok {
			t.Errorf("%s: not a gitleaks rule", r.ID)
			continue
		}
		re, err := r.compile()
		if err != nil {
			t.Errorf("%s: %v", r.ID, err)
			continue
		}
		if re.String() != w.Regex.String() {
			t.Errorf("%s: regex differs", r.ID)
		}
		if !slices.Equal(r.keywords, w.Keywords) || r.secretGroup != w.SecretGroup || r.entropy != w.Entropy {
			t.Errorf("%s: keywords %v/%v, group %d/%d, entropy %v/%v", r.ID, r.keywords, w.Keywords, r.secretGroup, w.SecretGroup, r.entropy, w.Entropy)
		}
		if len(r.allowlists) != len(w.Allowlists) {
			t.Errorf("%s: %d allowlists, gitleaks has %d", r.ID, len(r.allowlists), len(w.Allowlists))
		}
		for i, a := range r.allowlists {
			res, err := a.regexes()
			if err != nil {
				t.Errorf("%s allowlist %d: %v", r.ID, i, err)
			}
			if i < len(w.Allowlists) && (len(res) != len(w.Allowlists[i].Regexes) || len(a.stopWords) != len(w.Allowlists[i].StopWords)) {
				t.Errorf("%s allowlist %d: %d regexes, %d stop words; gitleaks %d, %d", r.ID, i, len(res), len(a.stopWords), len(w.Allowlists[i].Regexes), len(w.Allowlists[i].StopWords))
			}
		}
		if len(r.required) != len(w.RequiredRules) {
			t.Errorf("%s: %d required rules, gitleaks %d", r.ID, len(r.required), len(w.RequiredRules))
		}
	}
	for id, w := range want.Rules {
		if w.Regex != nil && w.Path == nil && !w.SkipReport && !seen[id] {
			t.Errorf("%s: gitleaks rule not loaded", id)
		}
	}
	if len(got.global) != len(want.Allowlists) {
		t.Errorf("%d global allowlists, gitleaks %d", len(got.global), len(want.Allowlists))
	}
	t.Logf("%d text rules, %d global allowlists", len(got.rules), len(got.global))
}
