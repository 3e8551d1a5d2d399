package docker

import (
	"context"
	"errors"
	"os"
	"strconv"
	"strings"
	"syscall"

	"github.com/moby/moby/client"
)

// identity is what labels say about the process that created a container.
type identity struct {
	host, pid, start string
}

func selfIdentity() identity {
	host, _ := os.Hostname()
	pid := os.Getpid()
	start, _ := procStart(pid)
	return identity{host: host, pid: strconv.Itoa(pid), start: start}
}

// procStart reads a process's start time in clock ticks since boot (field
// 22 of /proc/<pid>/stat). Together with the pid it names one process:
// a pid reused after a crash has a different start time.
func procStart(pid int) (string, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return "", false
	}
	// The command name (field 2) is parenthesised and may hold spaces;
	// fields are counted after its closing parenthesis.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return "", false
	}
	fields := strings.Fields(s[i+1:])
	const startField = 22 - 3 // fields 3.. follow the parenthesis
	if len(fields) <= startField {
		return "", false
	}
	return fields[startField], true
}

// alive reports whether the process a container's labels name still runs
// on this host.
func alive(pidLabel, startLabel string) bool {
	pid, err := strconv.Atoi(pidLabel)
	if err != nil || pid <= 0 {
		return false
	}
	if start, ok := procStart(pid); ok {
		return startLabel == "" || start == startLabel
	}
	if _, err := os.Stat("/proc/self/stat"); err == nil {
		return false // /proc works and the pid is not in it
	}
	// No /proc (not Linux): the pid alone has to do.
	err = syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// ReapOrphans removes the containers (and their workspace volumes) a
// crashed process left behind, and reports how many it removed. New calls
// it; a supervisor may call it at any time.
//
// A container is an orphan when it carries autoverify.managed=true and
// autoverify.owner equal to this Runner's Label, was not created by this
// Runner, was created on this host (autoverify.host equals the hostname),
// and the process named by its autoverify.pid / autoverify.pidstart labels
// is no longer running. Identifying the creator by pid and start time,
// rather than by age, means a long warm container or a ten-minute test of
// a live process is never touched, while a crashed process's containers
// are removed at the next start however young they are. Containers created
// from other hosts are left alone: their creators' liveness cannot be
// checked from here, which is why services on different hosts sharing an
// engine need distinct Labels and each reaps its own.
func (r *Runner) ReapOrphans(ctx context.Context) (int, error) {
	f := client.Filters{}.
		Add("label", LabelManaged+"=true").
		Add("label", LabelOwner+"="+r.s.label)
	list, err := r.cli.ContainerList(ctx, client.ContainerListOptions{All: true, Filters: f})
	if err != nil {
		return 0, r.engineErr("listing containers to reap", err)
	}
	host, _ := os.Hostname()
	var errs []error
	n := 0
	for _, c := range list.Items {
		l := c.Labels
		if l[LabelInstance] == r.instance || l[LabelHost] != host || alive(l[LabelPID], l[LabelPIDStart]) {
			continue
		}
		if err := r.remove(c.ID); err != nil {
			errs = append(errs, err)
			continue
		}
		n++
	}
	return n, errors.Join(errs...)
}
