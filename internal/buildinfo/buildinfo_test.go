package buildinfo

import (
	"errors"
	"io/fs"
	"runtime/debug"
	"testing"
	"testing/fstest"
	"time"
)

func TestID(t *testing.T) {
	t.Parallel()
	mod := time.Unix(0, 1700000000123456789)
	binary := func() (fs.FileInfo, error) {
		return fstest.MapFS{"av": {Data: make([]byte, 42), ModTime: mod}}.Stat("av")
	}
	noBinary := func() (fs.FileInfo, error) { return nil, errors.New("gone") }
	rev := debug.BuildSetting{Key: "vcs.revision", Value: "abc123"}
	dirty := debug.BuildSetting{Key: "vcs.modified", Value: "true"}
	clean := debug.BuildSetting{Key: "vcs.modified", Value: "false"}
	for name, tc := range map[string]struct {
		settings []debug.BuildSetting
		binary   func() (fs.FileInfo, error)
		want     string
	}{
		"a clean commit":               {[]debug.BuildSetting{rev, clean}, binary, "v1+abc123"},
		"uncommitted changes":          {[]debug.BuildSetting{rev, dirty}, binary, "v1+abc123+42-1700000000123456789"},
		"no commit known":              {nil, binary, "v1+42-1700000000123456789"},
		"no commit and no binary file": {nil, noBinary, "v1"},
	} {
		if got := id("v1", tc.settings, tc.binary); got != tc.want {
			t.Errorf("%s: got %q, want %q", name, got, tc.want)
		}
	}
	if got := ID("v1"); len(got) < len("v1") || got[:2] != "v1" {
		t.Errorf("ID: %q does not start with the version", got)
	}
}
