package local

import (
	"context"
	"testing"

	"github.com/engineo/autoverify/bot"
)

func TestSandboxTry(t *testing.T) {
	r, err := New(WithIsolation(IsolationSandbox))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, argv := range [][]string{
		{"sh", "-c", "id; echo $HOME; ls / ; ls /proc | head -5; cat /etc/shadow | wc -c; ls -la /tmp; touch x && ls; touch /usr/x; ip addr 2>&1 | head -3; cat /proc/sys/kernel/pid_max; ulimit -a; go env GOCACHE; hostname"},
		{"nonexistent-prog"},
	} {
		res, err := r.Run(context.Background(), bot.Command{Argv: argv, Dir: dir})
		t.Logf("err=%v exit=%d\n%s", err, res.ExitCode, res.Output)
	}
	t.Log(r.CheckIsolation(context.Background()))
}
