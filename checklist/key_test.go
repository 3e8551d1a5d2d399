package checklist

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestFindKey(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "KAN-25", FindKey("KAN-25: greet people", "feature/OPS-1", "body AB-3"))
	assert.Equal(t, "OPS-12", FindKey("greet people", "feature/OPS-12-greet", "body AB-3"))
	assert.Equal(t, "AB-3", FindKey("greet", "main", "Implements AB-3."))
	assert.Equal(t, "", FindKey("greet", "main", "no key; a-1 and K-1 are not keys"))
}

func TestFileKey(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ explicit, path, want, err string }{
		{"", "docs/stories/KAN-25.md", "KAN-25", ""},
		{"", "KAN-25", "KAN-25", ""},
		{"OPS-1", "whatever.md", "OPS-1", ""},
		{"", "docs/stories/.md", "", "story file name .md gives story key \"\""},
		{"a b", "x.md", "", "--story-key gives story key \"a b\""},
		{"", "../../etc/pass wd.md", "", "story file name pass wd.md"},
	} {
		got, err := FileKey(c.explicit, c.path)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("FileKey(%q, %q) = %q, %v; want an error with %q", c.explicit, c.path, got, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("FileKey(%q, %q) = %q, %v; want %q", c.explicit, c.path, got, err, c.want)
		}
	}
}
