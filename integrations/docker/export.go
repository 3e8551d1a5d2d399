package docker

import (
	"io"
	"os"
)

// The helpers below let integrations/compose, which runs a stack of
// containers on the same engine, copy workspaces, label containers and
// reap orphans exactly as this runner does, rather than keeping a second
// copy of that code.

// WorkspaceTar streams dir as a tar archive under prefix/, owned by
// uid:gid, as the runner copies a work directory into its containers (see
// workspaceTar).
func WorkspaceTar(dir, prefix string, uid, gid int) io.ReadCloser {
	return workspaceTar(dir, prefix, uid, gid)
}

// CreatorLabels are the labels that name this process as a resource's
// creator (LabelHost, LabelPID, LabelPIDStart), for CreatorGone.
func CreatorLabels() map[string]string {
	self := selfIdentity()
	return map[string]string{LabelHost: self.host, LabelPID: self.pid, LabelPIDStart: self.start}
}

// CreatorGone reports whether the process that CreatorLabels named in
// labels ran on this host and no longer runs: its resources are orphans.
// A resource created on another host is never gone from here (see
// ReapOrphans).
func CreatorGone(labels map[string]string) bool {
	host, _ := os.Hostname()
	return labels[LabelHost] == host && !alive(labels[LabelPID], labels[LabelPIDStart])
}

// ParseUser accepts a numeric, non-root "uid" or "uid:gid" and returns it
// normalised to "uid:gid" with both numbers.
func ParseUser(u string) (string, int, int, error) { return parseUser(u) }

// StartFailure recognises the runtime's message for a program that could
// not be started (in an exec's output or a start error) and returns the
// exit code a shell would report, 127 or 126, and what the message says.
func StartFailure(msg string) (int, string, bool) { return startFailure(msg) }

// ExecFailedPrefix starts the text the engine writes into an exec's
// output when the runtime could not start the program.
const ExecFailedPrefix = execFailedPrefix
