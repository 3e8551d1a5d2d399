package main

import (
	"context"
	"fmt"
	"os"
	"runtime/debug"
	"sync"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

// versionCmd is `autoverify version`.
func (a *App) versionCmd(context.Context, []string) (int, error) {
	fmt.Fprintln(a.Stdout, "autoverify", version)
	return exitOK, nil
}

// buildID names this build for the result cache: the version, and for a
// development build the commit it was built from — plus the binary's own
// modification time when the checkout had uncommitted changes — so a
// changed autoverify never reuses results of another.
var buildID = sync.OnceValue(func() string {
	id := version
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return id
	}
	var rev, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if rev != "" {
		id += "+" + rev
	}
	if modified == "true" || rev == "" {
		if exe, err := os.Executable(); err == nil {
			if st, err := os.Stat(exe); err == nil {
				id += fmt.Sprintf("+%d-%d", st.Size(), st.ModTime().UnixNano())
			}
		}
	}
	return id
})
