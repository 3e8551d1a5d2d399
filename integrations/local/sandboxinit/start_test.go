//go:build linux

package sandboxinit

import (
	"os"
	"strconv"
	"testing"
	"time"
)

// TestDiscardPrestartedKillsIt: an init Prestart started that nothing took
// is stopped by DiscardPrestarted (and reaped), and Prestarted then has
// nothing to give.
func TestDiscardPrestartedKillsIt(t *testing.T) {
	Prestart()
	<-early.done
	early.mu.Lock()
	p := early.p
	early.mu.Unlock()
	if p == nil {
		t.Skip("this kernel does not let the test create the sandbox's namespaces")
	}
	pid := p.Process.Pid
	DiscardPrestarted()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if _, err := os.Stat("/proc/" + strconv.Itoa(pid)); err != nil {
			break
		}
		time.Sleep(5 * time.Millisecond)
	}
	if _, err := os.Stat("/proc/" + strconv.Itoa(pid)); err == nil {
		t.Fatalf("the prestarted init %d is still there after DiscardPrestarted", pid)
	}
	if Prestarted() != nil {
		t.Fatal("Prestarted gave an init after DiscardPrestarted")
	}
}
