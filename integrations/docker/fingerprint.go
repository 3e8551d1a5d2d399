package docker

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/engineo/autoverify/bot/verify"
)

var _ verify.Fingerprinter = (*Runner)(nil)

// Fingerprint identifies everything about this runner that could change a
// command's result, for the result cache: the image by its ID (a tag
// pointed at a new build is a new image), the engine, the limits, the
// network, the user and the passed-through variables (their values
// hashed); the argv is in the key already. It returns "" — not cacheable — when the engine cannot say what
// the image is.
func (r *Runner) Fingerprint([]string) string {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	img, err := r.cli.ImageInspect(ctx, r.s.image)
	if err != nil || img.ID == "" {
		return ""
	}
	env := make([]string, 0, len(r.s.env))
	for _, kv := range r.s.env {
		name, value, _ := strings.Cut(kv, "=")
		sum := sha256.Sum256([]byte(value))
		env = append(env, name+"="+hex.EncodeToString(sum[:8]))
	}
	sort.Strings(env)
	return fmt.Sprintf("docker|host=%s|image=%s|cpus=%d|memory=%d|pids=%d|tmp=%d|network=%t|user=%s|shape=%v|env=%s",
		r.s.host, img.ID, r.s.nanoCPUs, r.s.memory, r.s.pids, r.s.tmp, r.s.network, r.s.user, r.s.shape, strings.Join(env, ","))
}
