// Command k8s-schemas writes strict, standalone JSON schemas for a few
// Kubernetes kinds, in the layout kubeconform reads from a local
// -schema-location ({kind}-{group}-{version}.json, lower case), so the Helm
// chart can be validated without network access to GitHub.
//
// The source is the OpenAPI v2 document the Kubernetes project publishes in
// its repository (api/openapi-spec/swagger.json), which is part of the
// k8s.io/kubernetes module: `go mod download` fetches it through the Go
// module proxy. The conversion follows openapi2jsonschema's "standalone
// strict" flavour, the one kubeconform's default schemas use: every $ref is
// inlined, objects with declared properties reject unknown fields, optional
// fields may be null, and int-or-string and quantity fields accept both
// forms.
//
// It lives in its own module so the main go.mod stays untouched:
//
//	cd scripts/k8s-schemas && go run . -k8s-version v1.36.3 -out ../../charts/autoverify/ci/schemas
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
)

// defaultKinds are the kinds the chart renders.
const defaultKinds = "v1/ConfigMap,v1/Secret,v1/Service,v1/ServiceAccount,v1/PersistentVolumeClaim," +
	"apps/v1/Deployment,networking.k8s.io/v1/Ingress,networking.k8s.io/v1/NetworkPolicy," +
	"rbac.authorization.k8s.io/v1/Role,rbac.authorization.k8s.io/v1/RoleBinding,policy/v1/PodDisruptionBudget"

func main() {
	version := flag.String("k8s-version", "v1.36.3", "k8s.io/kubernetes module version whose swagger.json is used")
	swagger := flag.String("swagger", "", "path to a swagger.json (default: download k8s.io/kubernetes@VERSION with `go mod download`)")
	out := flag.String("out", "schemas", "output directory")
	kinds := flag.String("kinds", defaultKinds, "comma-separated group/version/Kind list (core group: v1/Kind)")
	descriptions := flag.Bool("descriptions", false, "keep the field descriptions (4x larger files)")
	flag.Parse()
	if err := run(*version, *swagger, *out, *kinds, *descriptions); err != nil {
		fmt.Fprintln(os.Stderr, "k8s-schemas:", err)
		os.Exit(1)
	}
}

type gvk struct{ Group, Version, Kind string }

func parseKind(s string) (gvk, error) {
	parts := strings.Split(strings.TrimSpace(s), "/")
	switch len(parts) {
	case 2:
		return gvk{"", parts[0], parts[1]}, nil
	case 3:
		return gvk{parts[0], parts[1], parts[2]}, nil
	}
	return gvk{}, fmt.Errorf("%q: want group/version/Kind or v1/Kind", s)
}

// fileName is kubeconform's {{.ResourceKind}}{{.KindSuffix}}.json.
func (k gvk) fileName() string {
	suffix := "-" + strings.ToLower(k.Version)
	if k.Group != "" {
		suffix = "-" + strings.ToLower(strings.Split(k.Group, ".")[0]) + suffix
	}
	return strings.ToLower(k.Kind) + suffix + ".json"
}

func run(version, swaggerPath, out, kindList string, descriptions bool) error {
	if swaggerPath == "" {
		dir, err := moduleDir("k8s.io/kubernetes@" + version)
		if err != nil {
			return err
		}
		swaggerPath = filepath.Join(dir, "api", "openapi-spec", "swagger.json")
	}
	raw, err := os.ReadFile(swaggerPath)
	if err != nil {
		return err
	}
	var doc struct {
		Definitions map[string]map[string]any `json:"definitions"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		return fmt.Errorf("%s: %w", swaggerPath, err)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	c := &converter{defs: doc.Definitions, descriptions: descriptions}
	for _, s := range strings.Split(kindList, ",") {
		k, err := parseKind(s)
		if err != nil {
			return err
		}
		name, def := c.find(k)
		if def == nil {
			return fmt.Errorf("%s/%s %s: no definition in %s", k.Group, k.Version, k.Kind, swaggerPath)
		}
		schema := c.convert(def, map[string]bool{name: true}, true)
		schema["$schema"] = "http://json-schema.org/draft-07/schema#"
		schema["x-generated-from"] = "k8s.io/kubernetes@" + version + " api/openapi-spec/swagger.json#/definitions/" + name
		b, err := marshal(schema)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(out, k.fileName()), b, 0o644); err != nil {
			return err
		}
		fmt.Println("wrote", filepath.Join(out, k.fileName()))
	}
	return nil
}

// moduleDir downloads a module through the Go module proxy and returns its
// directory in the module cache.
func moduleDir(mod string) (string, error) {
	cmd := exec.Command("go", "mod", "download", "-json", mod)
	cmd.Stderr = os.Stderr
	b, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("go mod download %s: %w", mod, err)
	}
	var info struct{ Dir, Error string }
	if err := json.Unmarshal(b, &info); err != nil {
		return "", err
	}
	if info.Error != "" {
		return "", fmt.Errorf("go mod download %s: %s", mod, info.Error)
	}
	return info.Dir, nil
}

type converter struct {
	defs         map[string]map[string]any
	descriptions bool
}

// find returns the definition carrying the kind's x-kubernetes-group-version-kind.
func (c *converter) find(k gvk) (string, map[string]any) {
	names := make([]string, 0, len(c.defs))
	for n := range c.defs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		list, _ := c.defs[n]["x-kubernetes-group-version-kind"].([]any)
		for _, e := range list {
			m, _ := e.(map[string]any)
			if m["group"] == k.Group && m["version"] == k.Version && m["kind"] == k.Kind {
				return n, c.defs[n]
			}
		}
	}
	return "", nil
}

const refPrefix = "#/definitions/"

// convert returns a standalone strict copy of schema s. seen holds the
// definitions being expanded (a recursive one becomes {}: anything goes).
// nullable is false for the top level and for required properties.
func (c *converter) convert(s map[string]any, seen map[string]bool, top bool) map[string]any {
	if ref, ok := s["$ref"].(string); ok {
		name := strings.TrimPrefix(ref, refPrefix)
		switch name {
		case "io.k8s.apimachinery.pkg.util.intstr.IntOrString":
			return map[string]any{"oneOf": []any{map[string]any{"type": "string"}, map[string]any{"type": "integer"}}}
		case "io.k8s.apimachinery.pkg.api.resource.Quantity":
			return map[string]any{"oneOf": []any{map[string]any{"type": "string"}, map[string]any{"type": "number"}}}
		}
		def, ok := c.defs[name]
		if !ok || seen[name] {
			return map[string]any{}
		}
		seen[name] = true
		defer delete(seen, name)
		out := c.convert(def, seen, false)
		if d, ok := s["description"]; ok && c.descriptions {
			out["description"] = d
		}
		return out
	}
	out := map[string]any{}
	for k, v := range s {
		switch k {
		case "description":
			if c.descriptions {
				out[k] = v
			}
			continue
		case "x-kubernetes-group-version-kind", "x-kubernetes-list-map-keys", "x-kubernetes-list-type",
			"x-kubernetes-patch-merge-key", "x-kubernetes-patch-strategy", "x-kubernetes-map-type", "x-kubernetes-unions":
			continue
		case "properties":
			props := map[string]any{}
			required := map[string]bool{}
			if r, ok := s["required"].([]any); ok {
				for _, n := range r {
					required[n.(string)] = true
				}
			}
			for name, p := range v.(map[string]any) {
				ps := c.convert(p.(map[string]any), seen, false)
				if !required[name] {
					ps = nullable(ps)
				}
				props[name] = ps
			}
			out[k] = props
		case "items":
			out[k] = c.convert(v.(map[string]any), seen, false)
		case "additionalProperties":
			if m, ok := v.(map[string]any); ok {
				out[k] = c.convert(m, seen, false)
			} else {
				out[k] = v
			}
		case "format":
			if v == "int-or-string" {
				out["oneOf"] = []any{map[string]any{"type": "string"}, map[string]any{"type": "integer"}}
				delete(out, "type")
				continue
			}
			out[k] = v
		default:
			out[k] = v
		}
	}
	if _, hasOneOf := out["oneOf"]; hasOneOf {
		delete(out, "type")
	}
	// Strict: unknown fields are errors, except where Kubernetes keeps them.
	if _, ok := out["properties"]; ok {
		if _, set := out["additionalProperties"]; !set && out["x-kubernetes-preserve-unknown-fields"] != true {
			out["additionalProperties"] = false
		}
	}
	return out
}

// nullable lets an optional field be null (what `key:` with no value
// renders to in YAML), as openapi2jsonschema does.
func nullable(s map[string]any) map[string]any {
	switch t := s["type"].(type) {
	case string:
		s["type"] = []any{t, "null"}
	case nil:
		if alts, ok := s["oneOf"].([]any); ok {
			s["oneOf"] = append(append([]any(nil), alts...), map[string]any{"type": "null"})
		}
	}
	return s
}

func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
