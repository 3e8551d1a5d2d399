// Command kvserver is a tiny Redis-like TCP server for the compose tests:
// one line per connection — PING, SET key value, GET key — answered in
// Redis's simple-string style, then the connection is closed (so that
// busybox nc exits). -delay holds off listening, to make depends_on's
// service_healthy observable; -probe is the healthcheck.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"net"
	"os"
	"strings"
	"sync"
	"time"
)

func main() {
	listen := flag.String("listen", ":6379", "address to listen on")
	delay := flag.Duration("delay", 0, "wait this long before listening")
	probe := flag.String("probe", "", "PING this address and exit 0 on +PONG")
	flag.Parse()
	if *probe != "" {
		os.Exit(ping(*probe))
	}
	time.Sleep(*delay)
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var mu sync.Mutex
	data := map[string]string{}
	for {
		c, err := ln.Accept()
		if err != nil {
			continue
		}
		go func() {
			defer c.Close()
			_ = c.SetDeadline(time.Now().Add(5 * time.Second))
			line, _ := bufio.NewReader(c).ReadString('\n')
			f := strings.Fields(line)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case len(f) == 1 && strings.EqualFold(f[0], "PING"):
				fmt.Fprint(c, "+PONG\r\n")
			case len(f) == 3 && strings.EqualFold(f[0], "SET"):
				data[f[1]] = f[2]
				fmt.Fprint(c, "+OK\r\n")
			case len(f) == 2 && strings.EqualFold(f[0], "GET"):
				if v, ok := data[f[1]]; ok {
					fmt.Fprintf(c, "+%s\r\n", v)
				} else {
					fmt.Fprint(c, "$-1\r\n")
				}
			default:
				fmt.Fprint(c, "-ERR unknown command\r\n")
			}
		}()
	}
}

func ping(addr string) int {
	c, err := net.DialTimeout("tcp", addr, time.Second)
	if err != nil {
		return 1
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(time.Second))
	fmt.Fprint(c, "PING\r\n")
	line, _ := bufio.NewReader(c).ReadString('\n')
	if strings.TrimSpace(line) != "+PONG" {
		return 1
	}
	return 0
}
