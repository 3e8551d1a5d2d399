package local

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"sort"
	"strings"

	"github.com/engineo/autoverify/bot/verify"
)

var _ verify.Fingerprinter = (*Runner)(nil)

// Fingerprint identifies what could change the result of running argv
// here, for the result cache: the isolation (with the sandbox's network,
// limits and visible paths), the environment commands get
// (values hashed), the output cap, and the program argv[0] resolves to, by
// path, size and modification time — so reinstalling a tool invalidates
// its results. A tool replaced under another program (an interpreter's
// libraries updated in place) is not seen: run with --no-cache after such
// upgrades, or use the Docker runner with a pinned image.
func (r *Runner) Fingerprint(argv []string) string {
	if len(argv) == 0 {
		return ""
	}
	prog := "missing"
	if path, fail := resolve(argv[0], "/", r.path); fail == nil {
		if st, err := os.Stat(path); err == nil {
			prog = fmt.Sprintf("%s:%d:%d", path, st.Size(), st.ModTime().UnixNano())
		}
	}
	env := make([]string, 0, len(r.env))
	for _, kv := range r.env {
		name, value, _ := strings.Cut(kv, "=")
		sum := sha256.Sum256([]byte(value))
		env = append(env, name+"="+hex.EncodeToString(sum[:8]))
	}
	sort.Strings(env)
	fp := fmt.Sprintf("local|isolation=%s|limit=%d|program=%s|env=%s", r.mode, r.limit, prog, strings.Join(env, ","))
	if r.mode == IsolationSandbox {
		sb := r.sandbox
		fp += fmt.Sprintf("|sandbox=net:%t,procs:%d,mem:%d,fsize:%d,tmp:%d,cpu:%s,ro:%s,caches:%s", sb.Network, sb.Processes,
			sb.MemoryBytes, sb.FileSizeBytes, sb.TmpBytes, sb.CPUTime, strings.Join(append(append([]string{}, sb.ReadOnly...), sb.ExtraReadOnly...), ":"),
			strings.Join(sb.Caches, ":"))
	}
	return fp
}
