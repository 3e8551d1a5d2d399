// Package buildinfo names a build of autoverify, for the result cache and
// the attestations' verifier.
package buildinfo

import (
	"fmt"
	"io/fs"
	"os"
	"runtime/debug"
)

// ID names the build of version: the version, and for a development
// build the commit it was built from — plus the binary's size and
// modification time when the checkout had uncommitted changes, or when no
// commit is known — so a changed autoverify never reuses results of
// another.
func ID(version string) string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return version
	}
	return id(version, info.Settings, func() (fs.FileInfo, error) {
		exe, err := os.Executable()
		if err != nil {
			return nil, err
		}
		return os.Stat(exe)
	})
}

// id is ID from the build's settings and the binary's file.
func id(version string, settings []debug.BuildSetting, binary func() (fs.FileInfo, error)) string {
	var rev, modified string
	for _, s := range settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	id := version
	if rev != "" {
		id += "+" + rev
	}
	if modified == "true" || rev == "" {
		if st, err := binary(); err == nil {
			id += fmt.Sprintf("+%d-%d", st.Size(), st.ModTime().UnixNano())
		}
	}
	return id
}
