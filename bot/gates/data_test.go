package gates

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

const goTable = `package toml

import "testing"

var metaTests = []struct{ in, want string }{
	{"a = 1", "a"},
}

func TestMetaKeys(t *testing.T) {
	for _, tt := range metaTests {
		_ = tt
	}
}
`

func TestDataChanged(t *testing.T) {
	t.Parallel()
	entry := `	{"a = 1", "a"},
	{"b = {c = 1}", "b, b.c"},
`
	withEntry := replaceOnce(goTable, "\t{\"a = 1\", \"a\"},\n", entry)
	assert.True(t, DataChanged(Go, []byte(goTable), []byte(withEntry), BasePackage{}), "a new table entry")
	reformatted := replaceOnce(goTable, "func TestMetaKeys", "// TestMetaKeys reads the table.\nfunc TestMetaKeys")
	assert.False(t, DataChanged(Go, []byte(goTable), []byte(reformatted), BasePackage{}), "a comment")
	imported := replaceOnce(goTable, "import \"testing\"", "import (\n\t\"fmt\"\n\t\"testing\"\n)")
	assert.False(t, DataChanged(Go, []byte(goTable), []byte(imported), BasePackage{}), "an import")
	body := replaceOnce(goTable, "_ = tt", "t.Log(tt)")
	assert.False(t, DataChanged(Go, []byte(goTable), []byte(body), BasePackage{}), "a test function's change is Compare's")
	helper := goTable + "\ntype fake struct{}\n\nfunc (fake) Keys() []string { return nil }\n\nfunc newFake() fake { return fake{} }\n"
	assert.False(t, DataChanged(Go, []byte(goTable), []byte(helper), BasePackage{}), "a new helper no old test can read")
	assert.True(t, DataChanged(Go, []byte(goTable), []byte(goTable+"\nfunc init() {}\n"), BasePackage{}), "an init runs before every test")
	moved := BasePackage{Taken: func(n string) bool { return n == "newFake" }}
	assert.True(t, DataChanged(Go, []byte(goTable), []byte(helper), moved), "a function the package had, moved into the test file")
	alias := goTable + "\ntype old = time.Duration\n\nfunc (old) Keys() []string { return nil }\n"
	assert.True(t, DataChanged(Go, []byte(goTable), []byte(alias), BasePackage{}), "a method on an alias is its target's")

	py := "import pytest\n\nXFAIL = {\"a\", \"b\"}\n\n\ndef test_valid():\n    assert True\n"
	assert.True(t, DataChanged(Python, []byte(py), []byte(replaceOnce(py, `"a", "b"`, `"a"`)), BasePackage{}))
	assert.False(t, DataChanged(Python, []byte(py), []byte(replaceOnce(py, "assert True", "assert 1")), BasePackage{}))
	assert.False(t, DataChanged(Python, []byte(py), []byte("import json\n"+py), BasePackage{}))
}

func TestClaimData(t *testing.T) {
	t.Parallel()
	funcs := []TestFunc{{Name: "TestDiff", File: "cmp/compare_test.go"}, {Name: "TestOptions", File: "cmp/options_test.go"},
		{Name: "TestSort", File: "cmp/internal/value/sort_test.go"}, {Name: "TestMeta", File: "decode_test.go"}, {Name: "TestOther", File: "encode_test.go"}}
	assert.Equal(t, []string{"TestDiff", "TestOptions"}, ClaimData(Go, nil, []string{"cmp/testdata/diffs"}, funcs), "a golden file: its package's tests")
	assert.Equal(t, []string{"TestMeta"}, ClaimData(Go, []string{"decode_test.go"}, nil, funcs), "a table entry: its file's tests")
	assert.Empty(t, ClaimData(Go, nil, []string{"internal/toml-test/tests/valid/x.toml"}, funcs), "not under testdata: code")

	py := []TestFunc{{Name: "tests/test_data.py::test_valid", File: "tests/test_data.py"}, {Name: "tests/sub/test_x.py::test_x", File: "tests/sub/test_x.py"}, {Name: "test_top.py::test_t", File: "test_top.py"}}
	assert.Equal(t, []string{"tests/sub/test_x.py::test_x", "tests/test_data.py::test_valid"}, ClaimData(Python, nil, []string{"tests/data/valid/new.toml"}, py),
		"the nearest directory above that holds tests, with its subdirectories")
	assert.True(t, IsTestData(Python, "tests/data/valid/new.toml"))
	assert.True(t, IsTestData(Go, "cmp/testdata/diffs"))
	assert.False(t, IsTestData(Go, "internal/toml-test/tests/valid/x.toml"))
	assert.True(t, IsTestData(Python, "conftest.py"), "a conftest.py outside tests/ is loaded beside the tests too")
	assert.False(t, IsTestData(Go, "conftest.py"))
}

func replaceOnce(s, old, new string) string {
	for i := 0; i+len(old) <= len(s); i++ {
		if s[i:i+len(old)] == old {
			return s[:i] + new + s[i+len(old):]
		}
	}
	panic("no " + old)
}

func TestPackageNames(t *testing.T) {
	t.Parallel()
	names, ok := PackageNames([]byte("package calc\n\nfunc Abs(x int) int { return x }\n\ntype T int\n\nvar a, b = 1, 2\n\nconst c = 3\n\nfunc (T) M() {}\n"))
	assert.True(t, ok)
	assert.Equal(t, map[string]bool{"Abs": true, "T": true, "a": true, "b": true, "c": true}, names, "a method is not a package-level name")
	_, ok = PackageNames([]byte("package calc\n\nfunc {"))
	assert.False(t, ok)
}

// TestPytestSettings: a root configuration file is pytest's data only for
// its pytest settings.
func TestPytestSettings(t *testing.T) {
	t.Parallel()
	pyproject := "[project]\nversion = \"1.0\"\n\n[tool.pytest.ini_options]\naddopts = \"-p x\"\n\n[tool.ruff]\nline-length = 88\n"
	assert.Equal(t, "[tool.pytest.ini_options]\naddopts = \"-p x\"\n\n", string(PytestSettings("pyproject.toml", []byte(pyproject))))
	assert.Equal(t, "[tool:pytest]\ntestpaths = tests\n", string(PytestSettings("setup.cfg", []byte("[metadata]\nname = x\n[tool:pytest]\ntestpaths = tests\n"))))
	assert.Equal(t, "[pytest]\n", string(PytestSettings("tox.ini", []byte("[tox]\nenvlist = py3\n[pytest]\n"))))
	assert.Equal(t, "anything", string(PytestSettings("pytest.ini", []byte("anything"))))
	assert.NotNil(t, PytestSettings("pyproject.toml", []byte("[project]\nversion = \"2.0\"\n")), "none is an empty section, not the whole file")
	assert.Empty(t, PytestSettings("pyproject.toml", []byte("[project]\nversion = \"2.0\"\n")))
	assert.Nil(t, PytestSettings("sub/pytest.ini", []byte("x")), "only the root's")
	assert.True(t, IsTestData(Python, "pyproject.toml"))
	assert.False(t, IsTestData(Go, "pyproject.toml"))
}
