package compose

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestParseAccepts(t *testing.T) {
	p, err := Parse([]byte(`version: "3.9"
x-common: &common
  image: busybox
services:
  app:
    image: busybox
    command: sh -c 'echo "a b"'
    entrypoint: ["/bin/env", "--"]
    environment:
      B: "2"
      A: 1
      PRICE: "$$5"
    depends_on:
      db: {condition: service_healthy}
      init:
        condition: service_completed_successfully
    working_dir: /src
    user: "1000:1000"
    tmpfs: /run
  db:
    image: redis:7
    environment: ["X=y"]
    healthcheck:
      test: redis-cli ping
      interval: 500ms
      timeout: 2s
      retries: 5
      start_period: 1s
  init:
    image: busybox
    depends_on: [db]
    healthcheck: {disable: true}
`), "compose.yml")
	if err != nil {
		t.Fatal(err)
	}
	app := p.Services["app"]
	want := &Service{Name: "app", Image: "busybox",
		Command: []string{"sh", "-c", `echo "a b"`}, Entrypoint: []string{"/bin/env", "--"},
		Environment: []string{"A=1", "B=2", "PRICE=$5"},
		DependsOn:   map[string]string{"db": ConditionHealthy, "init": ConditionCompleted},
		WorkingDir:  "/src", User: "1000:1000", Tmpfs: []string{"/run"}}
	if !reflect.DeepEqual(app, want) {
		t.Errorf("app = %+v\nwant %+v", app, want)
	}
	h := p.Services["db"].Healthcheck
	if !reflect.DeepEqual(h.Test, []string{"CMD-SHELL", "redis-cli ping"}) || h.Interval != 500*time.Millisecond ||
		h.Timeout != 2*time.Second || h.Retries != 5 || h.StartPeriod != time.Second {
		t.Errorf("db healthcheck = %+v", h)
	}
	if got := p.Services["init"].Healthcheck.Test; !reflect.DeepEqual(got, []string{"NONE"}) {
		t.Errorf("disabled healthcheck = %v", got)
	}
	order, _ := p.Order()
	if !reflect.DeepEqual(order, []string{"db", "init", "app"}) {
		t.Errorf("order = %v", order)
	}
}

// TestParseRefuses: the file comes from the change under test; every key
// that could reach the host is refused by name, with what to do.
func TestParseRefuses(t *testing.T) {
	svc := func(extra string) string { return "services:\n  app:\n    image: busybox\n" + extra }
	for _, tc := range []struct{ yaml, want string }{
		{svc("    privileged: true\n"), `services.app: key "privileged" is not allowed`},
		{svc("    volumes: [\"/:/host\"]\n"), `services.app: key "volumes" is not allowed`},
		{svc("    network_mode: host\n"), `services.app: key "network_mode" is not allowed`},
		{svc("    build: .\n"), `services.app: key "build" is not allowed`},
		{svc("    cap_add: [SYS_ADMIN]\n"), `services.app: key "cap_add" is not allowed`},
		{svc("    ports: [\"80:80\"]\n"), `services.app: key "ports" is not allowed`},
		{svc("    devices: [\"/dev/kmsg\"]\n"), `services.app: key "devices" is not allowed`},
		{svc("    pid: host\n"), `services.app: key "pid" is not allowed`},
		{svc("    security_opt: [\"seccomp=unconfined\"]\n"), `services.app: key "security_opt" is not allowed`},
		{svc("    env_file: /etc/passwd\n"), `services.app: key "env_file" is not allowed`},
		{svc("    <<: {privileged: true}\n"), "merge keys (<<) are not supported"},
		{svc("volumes:\n  data: {}\n"), `top-level key "volumes" is not allowed`},
		{svc("networks:\n  default: {external: true}\n"), `top-level key "networks" is not allowed`},
		{svc("    environment:\n      TOKEN: ${GITHUB_TOKEN}\n"), "interpolates a variable; autoverify never substitutes its own environment"},
		{svc("    command: echo $HOME\n"), "interpolates a variable"},
		{svc("    command: echo $$HOME\n"), "use the list form for a literal $"},
		{svc("    environment: [SECRET]\n"), "SECRET has no value"},
		{svc("    environment:\n      SECRET:\n"), "SECRET has no value"},
		{svc("    depends_on: [db]\n"), `depends_on: "db" is not a service in this file`},
		{svc("    depends_on:\n      db: {condition: service_ready}\n"), `condition "service_ready"`},
		{"services:\n  a:\n    image: x\n    depends_on: [b]\n  b:\n    image: x\n    depends_on: [a]\n", "depends_on cycle: a -> b -> a"},
		{"services:\n  app:\n    command: [\"true\"]\n", "image: is required"},
		{svc("    tmpfs: [\"/run:exec\"]\n"), "without options"},
		{svc("    healthcheck:\n      test: [\"curl\"]\n"), `starts with "CMD"`},
		{svc("    healthcheck:\n      interval: 0s\n"), "at least 1ms"},
		{"services: {}\n", "services: is missing or empty"},
		{"services:\n" + manyServices(MaxServices+1), "17 services; a stack may have at most 16"},
		{"x-pad: " + strings.Repeat("a", MaxFileBytes) + "\n" + svc(""), "a compose file may have at most 1048576"},
		{"- a\n", "not a mapping with services:"},
	} {
		_, err := Parse([]byte(tc.yaml), "ci/compose.yml")
		if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "compose file ci/compose.yml: ") {
			t.Errorf("%q:\n got %v\nwant …%s…", tc.yaml, err, tc.want)
		}
	}
}

func manyServices(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "  s%d:\n    image: busybox\n", i)
	}
	return b.String()
}
