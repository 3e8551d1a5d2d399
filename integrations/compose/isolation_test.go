package compose

import (
	"context"
	"fmt"
	"net"
	"strings"
	"testing"

	"github.com/moby/moby/client"
)

// TestNoRouteToHost: the engine's host listens on every address; a check
// must not reach it through the gateway of the stack's network.
func TestNoRouteToHost(t *testing.T) {
	r, dir := newRunner(t, stackYAML("0s", "service_healthy"), "app", Config{})
	ln, err := net.Listen("tcp", "0.0.0.0:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			fmt.Fprint(c, "HOST\n")
			c.Close()
		}
	}()
	port := ln.Addr().(*net.TCPAddr).Port
	run(t, r, dir, "true")
	nw, err := r.cli.NetworkInspect(context.Background(), r.stack.network, client.NetworkInspectOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var gws []string
	for _, c := range nw.Network.IPAM.Config {
		gws = append(gws, c.Gateway.String())
	}
	t.Logf("gateways %v", gws)
	for _, gw := range gws {
		res := run(t, r, dir, "sh", "-c", fmt.Sprintf("busybox nc -w 2 %s %d </dev/null", gw, port))
		if strings.Contains(string(res.Output), "HOST") {
			t.Errorf("reached the host at %s:%d: %q", gw, port, res.Output)
		}
	}
}
