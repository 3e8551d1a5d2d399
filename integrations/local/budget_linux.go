package local

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/engineo/autoverify/bot/verify"
)

// A run's sandboxes share one process budget: reviewers × concurrent
// checks × environments would otherwise each have the whole limit, and a
// fork bomb in one run multiplied it by their number (4,100 tasks on two
// cores, the host's whole pid_max on sixteen).
//
// Where the host lets autoverify make a pids cgroup (cgroup v2 with the
// pids controller delegated to its cgroup, or cgroup v1's pids hierarchy
// as root), the budget is that cgroup's pids.max and every sandbox's init
// joins it before its command starts, so all the run's processes and
// threads count against it together, whatever their number. Elsewhere
// each sandbox gets the budget divided by the sandboxes that may run at
// once (Config.Slots), never less than the kernel's floor for a PID
// namespace's pid_max (300).

// Budget is one run's process budget: a pids cgroup every sandbox of the
// run joins. The zero of its use is nil: no cgroup, each sandbox limited
// on its own.
type Budget struct {
	dir    string
	closed atomic.Bool
}

// cgroupSeq numbers the cgroups this process makes.
var cgroupSeq atomic.Int64

// newBudget makes a pids cgroup under parent allowing total tasks.
func newBudget(parent string, total int) (*Budget, error) {
	sweepCgroups(parent)
	dir := filepath.Join(parent, fmt.Sprintf("autoverify-%d-%d", os.Getpid(), cgroupSeq.Add(1)))
	if err := os.Mkdir(dir, 0o755); err != nil {
		return nil, fmt.Errorf("local: process budget: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "pids.max"), []byte(strconv.Itoa(total)), 0); err != nil {
		_ = os.Remove(dir)
		return nil, fmt.Errorf("local: process budget: setting pids.max: %w", err)
	}
	return &Budget{dir: dir}, nil
}

// place moves process pid (all its threads) into the budget, before it
// starts anything the budget must count.
func (b *Budget) place(pid int) error {
	if b == nil {
		return nil
	}
	if b.closed.Load() {
		return errors.New("local: process budget: the run is over")
	}
	if err := os.WriteFile(filepath.Join(b.dir, "cgroup.procs"), []byte(strconv.Itoa(pid)), 0); err != nil {
		return fmt.Errorf("local: process budget: joining %s: %w", b.dir, err)
	}
	return nil
}

// Close removes the cgroup, killing whatever is left in it (nothing, once
// every command of the run has ended).
func (b *Budget) Close() error {
	if b == nil || !b.closed.CompareAndSwap(false, true) {
		return nil
	}
	return removeCgroup(b.dir)
}

// removeCgroup kills what is left in cgroup dir and removes it. A killed
// process leaves the cgroup only once it is reaped, which on a loaded
// machine can take seconds (a CI run at a load of 25 took over half a
// second), so it keeps trying for up to 5 s.
func removeCgroup(dir string) error {
	var err error
	deadline := time.Now().Add(5 * time.Second)
	for wait := 5 * time.Millisecond; ; wait = min(2*wait, 200*time.Millisecond) {
		if err = os.Remove(dir); err == nil || errors.Is(err, os.ErrNotExist) {
			return nil
		}
		for _, pid := range cgroupPids(dir) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("local: process budget: removing %s: %w", dir, err)
		}
		time.Sleep(wait)
	}
}

func cgroupPids(dir string) []int {
	raw, _ := os.ReadFile(filepath.Join(dir, "cgroup.procs"))
	var pids []int
	for _, f := range strings.Fields(string(raw)) {
		if pid, err := strconv.Atoi(f); err == nil {
			pids = append(pids, pid)
		}
	}
	return pids
}

// sweepCgroups removes the budgets of autoverify processes that ended
// without removing theirs (killed).
func sweepCgroups(parent string) {
	dirs, _ := filepath.Glob(filepath.Join(parent, "autoverify-*-*"))
	for _, d := range dirs {
		var pid, seq int
		if _, err := fmt.Sscanf(filepath.Base(d), "autoverify-%d-%d", &pid, &seq); err != nil || pid == os.Getpid() {
			continue
		}
		if err := syscall.Kill(pid, 0); errors.Is(err, syscall.ESRCH) {
			_ = removeCgroup(d)
		}
	}
}

// pidsCgroupParent is the cgroup directory under which this process can
// make pids cgroups, or "" where it cannot: its own cgroup v2 directory
// when the pids controller is delegated to it, else its cgroup in v1's
// pids hierarchy, when writable.
var pidsCgroupParent = sync.OnceValue(func() string {
	own, mounts, err := ownCgroups()
	if err != nil {
		return ""
	}
	for _, parts := range own {
		var m cgroupMount
		var ok bool
		switch {
		case parts[1] == "" && parts[0] == "0":
			m, ok = mounts["cgroup2"]
		case hasController(parts[1], "pids"):
			m, ok = mounts["pids"]
		}
		if !ok {
			continue
		}
		rel, err := filepath.Rel(m.root, parts[2])
		if err != nil || strings.HasPrefix(rel, "..") {
			continue
		}
		dir := filepath.Join(m.point, rel)
		if m.v2 {
			ctl, _ := os.ReadFile(filepath.Join(dir, "cgroup.subtree_control"))
			if !hasController(strings.ReplaceAll(strings.TrimSpace(string(ctl)), " ", ","), "pids") {
				continue
			}
		}
		if syscall.Access(dir, 2 /* W_OK */) == nil {
			return dir
		}
	}
	return ""
})

// ownCgroups is this process's cgroup memberships as /proc/self/cgroup
// lists them (hierarchy id, controllers, path), and the cgroup mounts.
func ownCgroups() ([][]string, map[string]cgroupMount, error) {
	raw, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return nil, nil, err
	}
	mounts, err := cgroupMounts()
	if err != nil {
		return nil, nil, err
	}
	var own [][]string
	for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		if parts := strings.SplitN(line, ":", 3); len(parts) == 3 {
			own = append(own, parts)
		}
	}
	return own, mounts, nil
}

func hasController(list, name string) bool {
	for _, c := range strings.Split(list, ",") {
		if c == name {
			return true
		}
	}
	return false
}

// cgroupMount is where a cgroup hierarchy is mounted (point), and which of
// its cgroups is the mount's root.
type cgroupMount struct {
	point, root string
	v2          bool
}

// cgroupMounts reads /proc/self/mountinfo for the cgroup v2 mount
// ("cgroup2") and v1's pids and memory hierarchies ("pids", "memory").
func cgroupMounts() (map[string]cgroupMount, error) {
	f, err := os.Open("/proc/self/mountinfo")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]cgroupMount{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// id parent major:minor root point options... - fstype source superoptions
		fields := strings.Fields(sc.Text())
		sep := -1
		for i, f := range fields {
			if f == "-" {
				sep = i
				break
			}
		}
		if sep < 5 || sep+3 > len(fields) {
			continue
		}
		fstype, super := fields[sep+1], fields[len(fields)-1]
		m := cgroupMount{point: fields[4], root: fields[3]}
		switch {
		case fstype == "cgroup2":
			m.v2 = true
			if _, seen := out["cgroup2"]; !seen {
				out["cgroup2"] = m
			}
		case fstype == "cgroup":
			for _, c := range []string{"pids", "memory"} {
				if _, seen := out[c]; !seen && hasController(super, c) {
					out[c] = m
				}
			}
		}
	}
	return out, sc.Err()
}

// budgeted is a Runner whose sandboxes join a budget of their own.
type budgeted struct {
	*Runner
	budget *Budget
}

// Run implements verify.Runner.
func (b budgeted) Run(ctx context.Context, cmd verify.Command) (verify.Result, error) {
	return b.run(ctx, cmd, b.budget)
}

// Budgeted returns a view of r whose commands share a process budget of
// their own (Config.Sandbox.Processes tasks), and the function that ends
// it: one verification's, on a runner that serves many (the server's).
// Where the host gives no pids cgroup, or r does not sandbox, it returns r
// itself: each sandbox is then limited on its own.
func (r *Runner) Budgeted() (verify.Runner, func(), error) {
	if r.mode != IsolationSandbox || r.cgroupParent == "" {
		return r, func() {}, nil
	}
	b, err := newBudget(r.cgroupParent, r.sandbox.Processes)
	if err != nil {
		return nil, nil, err
	}
	return budgeted{Runner: r, budget: b}, func() { _ = b.Close() }, nil
}
