package docker

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/engineo/autoverify/bot/verify"
)

// engineProxy stands between a runner and the real engine on a unix
// socket. It answers the requests whose method and path match with the
// 500 an engine gives for an exec it could not start, while refuse is
// above zero; once it is not, it relays them and, when hold is set, keeps
// the engine's answer that long first (an engine slow to answer, as under
// load, having done the work). Every other request, and the rest of its
// connection, passes through unchanged. A real engine cannot be made to
// refuse or dawdle on cue: a gVisor sandbox that died under an exec
// refused once in a long test run ("unable to upgrade to tcp, received
// 500").
type engineProxy struct {
	match   *regexp.Regexp
	refuse  atomic.Int32
	refused atomic.Int32
	hold    time.Duration // set before the first request
	held    atomic.Int32

	sock, engine string
	mu           sync.Mutex
	ln           net.Listener
	conns        map[net.Conn]bool
}

func startEngineProxy(t *testing.T, engineHost, match string) (string, *engineProxy) {
	t.Helper()
	engine, ok := strings.CutPrefix(engineHost, "unix://")
	if !ok {
		t.Skipf("the engine is at %s: this test stands in front of a unix socket", engineHost)
	}
	// A short directory of its own: a socket's path must fit in 108 bytes,
	// which t.TempDir's long names under a long TMPDIR do not.
	dir, err := os.MkdirTemp("", "av")
	must(t, err)
	t.Cleanup(func() { os.RemoveAll(dir) })
	p := &engineProxy{match: regexp.MustCompile(match), sock: filepath.Join(dir, "e.sock"), engine: engine}
	p.up(t)
	t.Cleanup(p.down)
	return "unix://" + p.sock, p
}

// up listens on the socket and relays what comes.
func (p *engineProxy) up(t *testing.T) {
	ln, err := net.Listen("unix", p.sock)
	must(t, err)
	p.mu.Lock()
	p.ln, p.conns = ln, map[net.Conn]bool{}
	p.mu.Unlock()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			p.mu.Lock()
			p.conns[c] = true
			p.mu.Unlock()
			go p.serve(c, p.engine)
		}
	}()
}

// down stops answering: the socket goes away with every connection to it,
// as when the engine stops.
func (p *engineProxy) down() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.ln.Close()
	for c := range p.conns {
		c.Close()
	}
}

// serve relays c's requests one by one, refusing the matching ones, until
// the connection ends or is upgraded (an exec's attach), after which it
// relays bytes both ways.
func (p *engineProxy) serve(c net.Conn, engine string) {
	defer c.Close()
	e, err := net.Dial("unix", engine)
	if err != nil {
		return
	}
	defer e.Close()
	br, ebr := bufio.NewReader(c), bufio.NewReader(e)
	for {
		req, err := http.ReadRequest(br)
		if err != nil {
			return
		}
		matched := p.match.MatchString(req.Method + " " + req.URL.Path)
		if matched && p.refuse.Add(-1) >= 0 {
			p.refused.Add(1)
			// Read the whole request first: closing while the client
			// still writes its body gives it a broken pipe, not our answer.
			io.Copy(io.Discard, req.Body)
			body := `{"message":"the test's engine refused this request"}`
			io.WriteString(c, "HTTP/1.1 500 Internal Server Error\r\nContent-Type: application/json\r\nConnection: close\r\n"+
				"Content-Length: "+strconv.Itoa(len(body))+"\r\n\r\n"+body)
			return
		}
		if err := req.Write(e); err != nil {
			return
		}
		resp, err := http.ReadResponse(ebr, req)
		if err != nil {
			return
		}
		if matched && p.hold > 0 {
			p.held.Add(1)
			time.Sleep(p.hold)
		}
		if resp.StatusCode == http.StatusSwitchingProtocols {
			resp.Write(c)
			go io.Copy(e, br)
			io.Copy(c, ebr)
			return
		}
		if err := resp.Write(c); err != nil || resp.Close {
			return
		}
	}
}

// TestWarmExecRefused: a command whose exec the engine refuses to create
// or start has not run. The warm runner replaces its container and runs
// the command there, once; refused again, the error names the command and
// the engine's answer, and no container is left behind.
func TestWarmExecRefused(t *testing.T) {
	for _, tc := range []struct{ name, match, answer string }{
		// The client reads no body from a refused attach, only its status.
		{"start", `^POST /v[0-9.]+/exec/[0-9a-f]+/start$`, "received 500"},
		{"create", `^POST /v[0-9.]+/containers/[0-9a-f]+/exec$`, "the test's engine refused this request"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			host, p := startEngineProxy(t, newRunner(t, Config{}).s.host, tc.match)
			r := newRunner(t, Config{Host: host, Shape: ShapeWarm})
			dir := t.TempDir()
			run(t, r, dir, "true")
			first := managed(t, r, LabelInstance, r.instance)

			p.refuse.Store(1)
			if res := run(t, r, dir, "echo", "again"); string(res.Output) != "again\n" || res.ExitCode != 0 {
				t.Errorf("after one refusal: %+v", res)
			}
			if n := p.refused.Load(); n != 1 {
				t.Fatalf("the engine refused %d requests, want 1 (does the pattern match the client's path?)", n)
			}
			second := managed(t, r, LabelInstance, r.instance)
			if len(first) != 1 || len(second) != 1 || first[0] == second[0] {
				t.Errorf("warm containers before %v and after %v the refusal: want one, replaced", first, second)
			}

			p.refuse.Store(2)
			_, err := r.Run(context.Background(), verify.Command{ItemID: "t", Argv: []string{"echo", "never"}, Dir: dir})
			if err == nil || !strings.Contains(err.Error(), "echo did not start in a new warm container") ||
				!strings.Contains(err.Error(), tc.answer) {
				t.Errorf("refused twice: err %v, want one naming the command and the engine's answer", err)
			}
			if left := managed(t, r, LabelInstance, r.instance); len(left) != 0 {
				t.Errorf("containers left after two refusals: %v", left)
			}
			if res := run(t, r, dir, "echo", "back"); string(res.Output) != "back\n" {
				t.Errorf("once the engine accepts again: %+v", res)
			}
		})
	}
}

// TestWarmEngineAway: an engine that does not answer is not a refusal.
// The command's error says the engine is unreachable, and the warm
// container is kept for when it is back, not replaced.
func TestWarmEngineAway(t *testing.T) {
	host, p := startEngineProxy(t, newRunner(t, Config{}).s.host, `^$`)
	r := newRunner(t, Config{Host: host, Shape: ShapeWarm})
	dir := t.TempDir()
	run(t, r, dir, "true")
	before := managed(t, r, LabelInstance, r.instance)

	p.down()
	_, err := r.Run(context.Background(), verify.Command{ItemID: "t", Argv: []string{"echo", "away"}, Dir: dir})
	if !errors.Is(err, ErrEngineUnreachable) {
		t.Errorf("engine away: err %v, want ErrEngineUnreachable", err)
	}
	p.up(t)
	if res := run(t, r, dir, "echo", "back"); string(res.Output) != "back\n" {
		t.Errorf("engine back: %+v", res)
	}
	if after := managed(t, r, LabelInstance, r.instance); len(before) != 1 || len(after) != 1 || before[0] != after[0] {
		t.Errorf("warm containers before %v and after %v the engine was away: want the same one", before, after)
	}
}
