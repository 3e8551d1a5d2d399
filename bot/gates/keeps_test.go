package gates

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestKeepsUnchangedTests(t *testing.T) {
	t.Parallel()
	const goBase = "package p\n\nimport \"testing\"\n\nfunc helper() int { return 1 }\n\nfunc TestOld(t *testing.T) {\n\tif helper() != 1 {\n\t\tt.Fatal(len(\"x\"))\n\t}\n}\n"
	const pyBase = "import pytest\nfrom mod import parse\n\n@pytest.fixture\ndef data():\n    return 1\n\ndef test_old(data):\n    assert parse(data) == 1\n"
	for name, tc := range map[string]struct {
		eco        Ecosystem
		base, head string
		gone, new  bool
		want       bool
	}{
		"go: a test added":                                       {eco: Go, base: goBase, head: goBase + "\nfunc TestNew(t *testing.T) {}\n", want: true},
		"go: a test edited (F runs it by name)":                  {eco: Go, base: goBase, head: goBase[:len(goBase)-2] + "\tt.Log(1)\n}\n", want: true},
		"go: a benchmark added":                                  {eco: Go, base: goBase, head: goBase + "\nfunc BenchmarkX(b *testing.B) {}\n", want: true},
		"go: a standard-library import added":                    {eco: Go, base: goBase, head: "package p\n\nimport (\n\t\"strings\"\n\t\"testing\"\n)\n" + goBase[len("package p\n\nimport \"testing\"\n"):] + "\nfunc TestNew(t *testing.T) { _ = strings.ToUpper }\n", want: true},
		"go: the helper changed":                                 {eco: Go, base: goBase, head: "package p\n\nimport \"testing\"\n\nfunc helper() int { return 2 }\n" + goBase[len("package p\n\nimport \"testing\"\n\nfunc helper() int { return 1 }\n"):]},
		"go: an init added":                                      {eco: Go, base: goBase, head: goBase + "\nfunc init() {}\n"},
		"go: a variable added":                                   {eco: Go, base: goBase, head: goBase + "\nvar x = f()\n"},
		"go: TestMain added":                                     {eco: Go, base: goBase, head: goBase + "\nfunc TestMain(m *testing.M) {}\n"},
		"go: a predeclared name shadowed":                        {eco: Go, base: goBase, head: goBase + "\nfunc len(string) int { return 0 }\n"},
		"go: a blank import added":                               {eco: Go, base: goBase, head: "package p\n\nimport (\n\t_ \"net/http/pprof\"\n\t\"testing\"\n)\n" + goBase[len("package p\n\nimport \"testing\"\n"):]},
		"go: a dot import added":                                 {eco: Go, base: goBase, head: "package p\n\nimport (\n\t. \"strings\"\n\t\"testing\"\n)\n" + goBase[len("package p\n\nimport \"testing\"\n"):]},
		"go: a module package imported":                          {eco: Go, base: goBase, head: "package p\n\nimport (\n\t\"example.com/m/evil\"\n\t\"testing\"\n)\n" + goBase[len("package p\n\nimport \"testing\"\n"):]},
		"go: an import removed":                                  {eco: Go, base: "package p\n\nimport (\n\t_ \"example.com/m/setup\"\n\t\"testing\"\n)\n\nfunc TestOld(t *testing.T) {}\n", head: "package p\n\nimport \"testing\"\n\nfunc TestOld(t *testing.T) {}\n"},
		"go: a new file of tests":                                {eco: Go, new: true, head: "package p\n\nimport \"testing\"\n\nfunc TestNew(t *testing.T) {}\n", want: true},
		"go: a helper function added":                            {eco: Go, base: goBase, head: goBase + "\nfunc newHelper() int { return 2 }\n\nfunc TestNew(t *testing.T) { _ = newHelper() }\n", want: true},
		"go: a helper type and its methods added":                {eco: Go, base: goBase, head: goBase + "\ntype fake struct{ n int }\n\nfunc (f *fake) Get() int { return f.n }\n\nconst answer = 42\n", want: true},
		"go: a method added to an old type":                      {eco: Go, base: goBase + "\ntype old int\n", head: goBase + "\ntype old int\n\nfunc (old) String() string { return \"x\" }\n"},
		"go: a variable's initialiser added":                     {eco: Go, base: goBase, head: goBase + "\ntype fake struct{}\n\nvar f = fake{}\n"},
		"go: a function moved from the code":                     {eco: Go, base: goBase, head: goBase + "\nfunc Abs(x int) int { return x }\n"},
		"go: a method on an alias of an old type":                {eco: Go, base: goBase, head: goBase + "\ntype temp = Temp\n\nfunc (temp) String() string { return \"x\" }\n"},
		"go: an alias alone":                                     {eco: Go, base: goBase, head: goBase + "\ntype temp = int\n", want: true},
		"go: a new file with a helper type":                      {eco: Go, new: true, head: "package p\n\nimport \"testing\"\n\ntype fake struct{}\n\nfunc (fake) Get() int { return 1 }\n\nfunc TestNew(t *testing.T) {}\n", want: true},
		"go: a new file with a helper":                           {eco: Go, new: true, head: "package p\n\nimport \"testing\"\n\nfunc print(...any) {}\n\nfunc TestNew(t *testing.T) {}\n"},
		"go: the file removed":                                   {eco: Go, base: goBase, gone: true},
		"go: the head does not parse":                            {eco: Go, base: goBase, head: goBase + "\nfunc TestNew(t *testing.T) {\n"},
		"go: a build constraint added":                           {eco: Go, base: goBase, head: "//go:build never\n\n" + goBase},
		"go: a package of a module without a dot":                {eco: Go, base: goBase, head: "package p\n\nimport (\n\t\"calc/hook\"\n\t\"testing\"\n)\n" + goBase[len("package p\n\nimport \"testing\"\n"):] + "\nfunc TestNew(t *testing.T) { hook.X() }\n"},
		"go: a helper named like a benchmark changed":            {eco: Go, base: goBase + "\nfunc Benchmarkwant(x int) int { return x }\n", head: goBase + "\nfunc Benchmarkwant(x int) int { return x + 1 }\n"},
		"go: a helper named like a test changed":                 {eco: Go, base: goBase + "\nfunc TestHelper(x int) int { return x }\n", head: goBase + "\nfunc TestHelper(x int) int { return x + 1 }\n"},
		"python: a new test's default argument":                  {eco: Python, base: pyBase, head: pyBase + "\ndef test_new(v=__import__('os').environ.setdefault('X', '1')):\n    pass\n"},
		"python: a new test's parametrize runs at import":        {eco: Python, base: pyBase, head: pyBase + "\n@pytest.mark.parametrize('v', [setup()])\ndef test_new(v):\n    pass\n"},
		"python: a new test with a bare mark":                    {eco: Python, base: pyBase, head: pyBase + "\n@pytest.mark.slow\ndef test_new():\n    pass\n", want: true},
		"python: a test added":                                   {eco: Python, base: pyBase, head: pyBase + "\ndef test_new():\n    assert parse(2) == 2\n", want: true},
		"python: a fixture added":                                {eco: Python, base: pyBase, head: pyBase + "\n@pytest.fixture(autouse=True)\ndef patch():\n    pass\n"},
		"python: a module-level statement":                       {eco: Python, base: pyBase, head: pyBase + "\nimport mod\nmod.parse = lambda s: 1\n"},
		"python: an import added":                                {eco: Python, base: pyBase, head: "import evil\n" + pyBase + "\ndef test_new():\n    pass\n"},
		"python: a new test rebinds an old name":                 {eco: Python, base: "from helpers import test_helper\n\ndef test_old():\n    assert test_helper()\n", head: "from helpers import test_helper\n\ndef test_old():\n    assert test_helper()\n\ndef test_helper():\n    return True\n"},
		"python: a method added to a test class":                 {eco: Python, base: "class TestK:\n    def test_a(self):\n        assert 1\n", head: "class TestK:\n    def test_a(self):\n        assert 1\n\n    def test_b(self):\n        assert 2\n", want: true},
		"python: setup_method added to the class":                {eco: Python, base: "class TestK:\n    def test_a(self):\n        assert 1\n", head: "class TestK:\n    def setup_method(self):\n        pass\n\n    def test_a(self):\n        assert 1\n"},
		"python: a new module (no tests of its own on the base)": {eco: Python, new: true, head: "def test_new():\n    pass\n", want: true},
	} {
		var base, head []byte
		if !tc.new {
			base = []byte(tc.base)
		}
		if !tc.gone {
			head = []byte(tc.head)
		}
		std := func(p string) bool { return p == "strings" || p == "testing" || p == "net/http/pprof" }
		taken := func(n string) bool { return n == "Abs" || n == "Temp" }
		assert.Equal(t, tc.want, KeepsUnchangedTests(tc.eco, base, head, BasePackage{Std: std, Taken: taken}), name)
	}
}

// TestPyRunsAtImport: what a def line evaluates when its module is
// imported — defaults, decorators and annotations other than a plain
// name (Python before 3.14 evaluates annotations with the def).
func TestPyRunsAtImport(t *testing.T) {
	t.Parallel()
	for line, runs := range map[string]bool{
		"def test_a(self):":                            false,
		"def test_a(tmp_path: Path, x: pathlib.Path):": false,
		"def test_a() -> None:  # a comment":           false,
		"async def test_a(client):":                    false,
		"def test_a(x=enable()):":                      true,
		"def test_a() -> enable():":                    true,
		"def test_a(request: enable()):":               true,
		"def test_a(x: Foo[int]):":                     true,
		"def test_a(x: dict[str, int]) -> None:":       true,
		"def test_a(":                                  true,
	} {
		assert.Equal(t, runs, pyRunsAtImport(pySpan{lines: []string{line, "    pass"}}), line)
	}
	assert.True(t, pyRunsAtImport(pySpan{lines: []string{"@pytest.mark.parametrize('x', [1])", "def test_a(x):"}}))
	assert.False(t, pyRunsAtImport(pySpan{lines: []string{"@pytest.mark.slow", "def test_a():"}}))
}
