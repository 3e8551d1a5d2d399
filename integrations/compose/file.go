package compose

import (
	"errors"
	"fmt"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/moby/moby/api/types/container"
	"go.yaml.in/yaml/v3"
	"mvdan.cc/sh/v3/shell"

	"github.com/engineo/autoverify/internal/lazyregexp"
)

// Project is a parsed compose file: its services by name.
type Project struct {
	Services map[string]*Service
}

// Service is one entry of services:, reduced to the keys autoverify
// accepts (see allowedServiceKeys).
type Service struct {
	Name  string
	Image string
	// Entrypoint and Command are nil when the file does not set them (the
	// image's own then apply).
	Entrypoint, Command []string
	// Environment is NAME=value, sorted.
	Environment []string
	// DependsOn maps a service to the condition it must reach first.
	DependsOn   map[string]string
	Healthcheck *container.HealthConfig
	WorkingDir  string
	User        string
	Tmpfs       []string
}

// Conditions of depends_on, as compose names them.
const (
	ConditionStarted   = "service_started"
	ConditionHealthy   = "service_healthy"
	ConditionCompleted = "service_completed_successfully"
)

// allowedServiceKeys are the only service keys accepted: the compose file
// comes from the pull request's head, so every key that could reach the
// host (volumes, privileged, devices, pid, network_mode, ports, cap_add,
// build, …) is refused by name rather than ignored.
var allowedServiceKeys = []string{"image", "command", "entrypoint", "environment", "depends_on",
	"healthcheck", "working_dir", "user", "tmpfs"}

// allowedTopKeys are the top-level keys accepted; x- extension keys (often
// holding YAML anchors) are ignored.
var allowedTopKeys = []string{"services", "version", "name"}

// MaxServices bounds a stack: every service is a container with the
// environment's memory, CPU and pids limits, so the file, which the change
// under test writes, must not multiply them without bound.
const MaxServices = 16

// MaxFileBytes bounds the compose file read.
const MaxFileBytes = 1 << 20

var serviceName = lazyregexp.New(`^[a-zA-Z0-9][a-zA-Z0-9_.-]*$`)
var envName = lazyregexp.New(`^[A-Za-z_][A-Za-z0-9_]*$`)

// Parse reads a compose file's YAML; file names it in errors. Every error
// names the key and says what to do.
func Parse(raw []byte, file string) (*Project, error) {
	p, err := parse(raw)
	if err != nil {
		return nil, fmt.Errorf("compose file %s: %w", file, err)
	}
	return p, nil
}

func parse(raw []byte) (*Project, error) {
	if len(raw) > MaxFileBytes {
		return nil, fmt.Errorf("%d bytes; a compose file may have at most %d", len(raw), MaxFileBytes)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		return nil, err
	}
	if doc.Kind != yaml.DocumentNode || len(doc.Content) != 1 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, errors.New("not a mapping with services:")
	}
	p := &Project{Services: map[string]*Service{}}
	var services *yaml.Node
	if err := eachKey(doc.Content[0], func(key string, v *yaml.Node) error {
		switch {
		case key == "services":
			services = v
		case strings.HasPrefix(key, "x-"), slices.Contains(allowedTopKeys, key):
		default:
			return fmt.Errorf("top-level key %q is not allowed (autoverify accepts %s); remove it",
				key, strings.Join(allowedTopKeys, ", "))
		}
		return nil
	}); err != nil {
		return nil, err
	}
	if services == nil || services.Kind != yaml.MappingNode || len(services.Content) == 0 {
		return nil, errors.New("services: is missing or empty")
	}
	if err := eachKey(services, func(name string, v *yaml.Node) error {
		if !serviceName().MatchString(name) {
			return fmt.Errorf("services: %q is not a valid service name (letters, digits, _ . -)", name)
		}
		s, err := parseService(name, v)
		if err != nil {
			return fmt.Errorf("services.%s: %w", name, err)
		}
		p.Services[name] = s
		return nil
	}); err != nil {
		return nil, err
	}
	if len(p.Services) > MaxServices {
		return nil, fmt.Errorf("services: %d services; a stack may have at most %d", len(p.Services), MaxServices)
	}
	if _, err := p.Order(); err != nil {
		return nil, err
	}
	return p, nil
}

func parseService(name string, n *yaml.Node) (*Service, error) {
	if n.Kind != yaml.MappingNode {
		return nil, errors.New("not a mapping")
	}
	s := &Service{Name: name, DependsOn: map[string]string{}}
	err := eachKey(n, func(key string, v *yaml.Node) error {
		var err error
		switch key {
		case "image":
			s.Image, err = scalar(v)
		case "command":
			s.Command, err = argv(v)
		case "entrypoint":
			s.Entrypoint, err = argv(v)
		case "environment":
			s.Environment, err = environment(v)
		case "depends_on":
			s.DependsOn, err = dependsOn(v)
		case "healthcheck":
			s.Healthcheck, err = healthcheck(v)
		case "working_dir":
			s.WorkingDir, err = scalar(v)
			if err == nil && !path.IsAbs(s.WorkingDir) {
				err = fmt.Errorf("%q is not an absolute path", s.WorkingDir)
			}
		case "user":
			s.User, err = scalar(v)
		case "tmpfs":
			s.Tmpfs, err = tmpfs(v)
		default:
			return fmt.Errorf("key %q is not allowed: the compose file comes from the change under test, so autoverify accepts only %s; remove it",
				key, strings.Join(allowedServiceKeys, ", "))
		}
		if err != nil {
			return fmt.Errorf("%s: %w", key, err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if s.Image == "" {
		return nil, errors.New("image: is required (autoverify never builds; name an image on the engine)")
	}
	return s, nil
}

// Order returns the service names so that each comes after those it
// depends on (ties by name), or an error naming a cycle or an unknown
// dependency.
func (p *Project) Order() ([]string, error) {
	names := make([]string, 0, len(p.Services))
	for n := range p.Services {
		names = append(names, n)
	}
	sort.Strings(names)
	state := map[string]int{} // 1 visiting, 2 done
	var out []string
	var visit func(n string, chain []string) error
	visit = func(n string, chain []string) error {
		switch state[n] {
		case 1:
			return fmt.Errorf("depends_on cycle: %s", strings.Join(append(chain, n), " -> "))
		case 2:
			return nil
		}
		state[n] = 1
		deps := make([]string, 0, len(p.Services[n].DependsOn))
		for d := range p.Services[n].DependsOn {
			deps = append(deps, d)
		}
		sort.Strings(deps)
		for _, d := range deps {
			if _, ok := p.Services[d]; !ok {
				return fmt.Errorf("services.%s: depends_on: %q is not a service in this file", n, d)
			}
			if err := visit(d, append(chain, n)); err != nil {
				return err
			}
		}
		state[n] = 2
		out = append(out, n)
		return nil
	}
	for _, n := range names {
		if err := visit(n, nil); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func eachKey(m *yaml.Node, f func(string, *yaml.Node) error) error {
	if m.Kind != yaml.MappingNode {
		return errors.New("not a mapping")
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		k := m.Content[i]
		if k.Kind != yaml.ScalarNode {
			return fmt.Errorf("line %d: a key must be a plain string", k.Line)
		}
		if k.Value == "<<" {
			return fmt.Errorf("line %d: merge keys (<<) are not supported; write the keys out", k.Line)
		}
		if err := f(k.Value, m.Content[i+1]); err != nil {
			return err
		}
	}
	return nil
}

// literal undoes compose's $$ escape and refuses interpolation: compose
// would substitute $NAME from the environment of whoever runs it — here
// the server's, whose secrets a pull request must not read.
func literal(s string) (string, error) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '$' {
			b.WriteByte(s[i])
			continue
		}
		if i+1 < len(s) && s[i+1] == '$' {
			b.WriteByte('$')
			i++
			continue
		}
		return "", fmt.Errorf("%q interpolates a variable; autoverify never substitutes its own environment into the file: write $$ for a literal $", s)
	}
	return b.String(), nil
}

func scalar(n *yaml.Node) (string, error) {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		return "", fmt.Errorf("line %d: want a single value", n.Line)
	}
	return literal(n.Value)
}

func list(n *yaml.Node) ([]string, error) {
	if n.Kind != yaml.SequenceNode {
		return nil, fmt.Errorf("line %d: want a list", n.Line)
	}
	out := make([]string, 0, len(n.Content))
	for _, c := range n.Content {
		v, err := scalar(c)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

// argv reads a command or entrypoint: a list, or a string split into
// words as compose does (quotes honoured, nothing expanded).
func argv(n *yaml.Node) ([]string, error) {
	if n.Kind == yaml.SequenceNode {
		return list(n)
	}
	s, err := scalar(n)
	if err != nil {
		return nil, err
	}
	// compose splits with shlex: quotes, no expansion. The shell parser
	// splits the same way as long as nothing could expand.
	if strings.ContainsAny(s, "$`") || strings.HasPrefix(s, "~") || strings.Contains(s, " ~") {
		return nil, fmt.Errorf("%q: the string form is split into words without expansion; use the list form for a literal $, ` or ~", s)
	}
	words, err := shell.Fields(s, func(string) string { return "" })
	if err != nil {
		return nil, fmt.Errorf("%q: %w", s, err)
	}
	return words, nil
}

func environment(n *yaml.Node) ([]string, error) {
	var out []string
	add := func(name, value string, hasValue bool) error {
		if !envName().MatchString(name) {
			return fmt.Errorf("%q is not a variable name", name)
		}
		if !hasValue {
			return fmt.Errorf("%s has no value: compose would take it from the environment of whoever runs it, and autoverify passes none of its own; give the value", name)
		}
		out = append(out, name+"="+value)
		return nil
	}
	switch n.Kind {
	case yaml.SequenceNode:
		items, err := list(n)
		if err != nil {
			return nil, err
		}
		for _, it := range items {
			name, value, ok := strings.Cut(it, "=")
			if err := add(name, value, ok); err != nil {
				return nil, err
			}
		}
	case yaml.MappingNode:
		if err := eachKey(n, func(name string, v *yaml.Node) error {
			if v.Kind == yaml.ScalarNode && v.Tag == "!!null" {
				return add(name, "", false)
			}
			value, err := scalar(v)
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			return add(name, value, true)
		}); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("line %d: want a list of NAME=value or a mapping", n.Line)
	}
	sort.Strings(out)
	return out, nil
}

func dependsOn(n *yaml.Node) (map[string]string, error) {
	out := map[string]string{}
	switch n.Kind {
	case yaml.SequenceNode:
		names, err := list(n)
		if err != nil {
			return nil, err
		}
		for _, d := range names {
			out[d] = ConditionStarted
		}
	case yaml.MappingNode:
		if err := eachKey(n, func(d string, v *yaml.Node) error {
			out[d] = ConditionStarted
			return eachKey(v, func(key string, c *yaml.Node) error {
				if key != "condition" {
					return fmt.Errorf("%s: key %q is not supported (only condition)", d, key)
				}
				cond, err := scalar(c)
				if err != nil {
					return err
				}
				switch cond {
				case ConditionStarted, ConditionHealthy, ConditionCompleted:
				default:
					return fmt.Errorf("%s: condition %q: want %s, %s or %s", d, cond, ConditionStarted, ConditionHealthy, ConditionCompleted)
				}
				out[d] = cond
				return nil
			})
		}); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("line %d: want a list of services or a mapping", n.Line)
	}
	return out, nil
}

func healthcheck(n *yaml.Node) (*container.HealthConfig, error) {
	h := &container.HealthConfig{}
	disabled := false
	err := eachKey(n, func(key string, v *yaml.Node) error {
		var err error
		switch key {
		case "test":
			if v.Kind == yaml.SequenceNode {
				if h.Test, err = list(v); err == nil && (len(h.Test) == 0 || !slices.Contains([]string{"CMD", "CMD-SHELL", "NONE"}, h.Test[0])) {
					err = errors.New(`a list test starts with "CMD", "CMD-SHELL" or "NONE"`)
				}
			} else {
				var s string
				if s, err = scalar(v); err == nil {
					h.Test = []string{"CMD-SHELL", s}
				}
			}
		case "interval":
			h.Interval, err = duration(v)
		case "timeout":
			h.Timeout, err = duration(v)
		case "start_period":
			h.StartPeriod, err = duration(v)
		case "retries":
			var s string
			if s, err = scalar(v); err == nil {
				if h.Retries, err = strconv.Atoi(s); err == nil && h.Retries < 1 {
					err = fmt.Errorf("%d: want at least 1", h.Retries)
				}
			}
		case "disable":
			var s string
			if s, err = scalar(v); err == nil {
				disabled, err = strconv.ParseBool(s)
			}
		default:
			return fmt.Errorf("key %q is not supported (test, interval, timeout, retries, start_period, disable)", key)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", key, err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if disabled {
		return &container.HealthConfig{Test: []string{"NONE"}}, nil
	}
	return h, nil
}

func duration(n *yaml.Node) (time.Duration, error) {
	s, err := scalar(n)
	if err != nil {
		return 0, err
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < time.Millisecond {
		return 0, fmt.Errorf("%q: want a duration of at least 1ms such as 500ms or 10s", s)
	}
	return d, nil
}

func tmpfs(n *yaml.Node) ([]string, error) {
	var paths []string
	if n.Kind == yaml.SequenceNode {
		var err error
		if paths, err = list(n); err != nil {
			return nil, err
		}
	} else {
		s, err := scalar(n)
		if err != nil {
			return nil, err
		}
		paths = []string{s}
	}
	for _, p := range paths {
		if !path.IsAbs(p) || path.Clean(p) != p || p == "/" || strings.ContainsAny(p, ":,") {
			return nil, fmt.Errorf("%q: want an absolute, clean path without options (autoverify sets them)", p)
		}
	}
	return paths, nil
}
