package gates

import (
	"testing"
)

// The readers take a test run's output, which the code under test
// controls: they must never panic, and what they return must add up.
func FuzzParseResults(f *testing.F) {
	f.Add([]byte(`{"Action":"pass","Test":"TestA"}` + "\n" + `{"Action":"fail","Test":"TestA/sub"}` + "\nplain\n"))
	f.Add([]byte(`x<?xml version="1.0"?><testsuites><testsuite><testcase classname="t.test_x" name="test_y[1]" file="t/test_x.py"><failure/></testcase></testsuite></testsuites>y`))
	f.Add([]byte(`<?xml?><testsuites><testcase classname="" name="m" file="a.py"><error>ImportError</error></testcase></testsuites>`))
	f.Fuzz(func(t *testing.T, out []byte) {
		for _, r := range []Results{ParseGoTestJSON(out), func() Results { r, _ := ParseJUnitXML(out); return r }()} {
			p, fl, s := r.Count()
			if p+fl+s != len(r.Tests) {
				t.Fatalf("counts %d+%d+%d != %d tests", p, fl, s, len(r.Tests))
			}
			for name, st := range r.Tests {
				if name == "" && st != "" {
					continue
				}
				if st != Pass && st != Fail && st != Skip {
					t.Fatalf("test %q has outcome %q", name, st)
				}
			}
		}
	})
}

// Pruning rewrites test files the change's author wrote: it must never
// panic, a pruned Go file must parse, and pruning is idempotent.
func FuzzPrune(f *testing.F) {
	f.Add([]byte("package x\n\nimport \"testing\"\n\nfunc TestA(t *testing.T) { B() }\n"), 5, "from m import a, b\n", "cannot import name 'b' from 'm'")
	f.Fuzz(func(t *testing.T, goSrc []byte, line int, pySrc, errText string) {
		if out, _, ok := PruneGo(goSrc, []int{line}); ok {
			if _, ok := Funcs(Go, "x_test.go", out); !ok {
				t.Fatalf("pruned Go does not parse:\n%s", out)
			}
		}
		once, _, ok := PrunePython([]byte(pySrc), errText)
		if !ok {
			return
		}
		twice, _, _ := PrunePython(once, errText)
		if string(twice) != string(once) {
			t.Fatalf("not idempotent:\n%q\n%q", once, twice)
		}
	})
}
