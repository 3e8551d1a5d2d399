package gaterun_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The replay's own parts, without the bundles: the corpus format, the
// split and the bad-head recipes.

func TestRealHistoryCorpusParses(t *testing.T) {
	cases, err := readCases("testdata/realhistory/cases.tsv")
	require.NoError(t, err, "cases.tsv holds to its format and every split to the name's hash")
	assert.GreaterOrEqual(t, len(cases), 40)
	for name := range quickCases {
		found := false
		for _, c := range cases {
			if c.Name == name {
				found = true
				assert.Equal(t, splitTuned, c.Split, "the quick subset asserts only tuned cases")
			}
		}
		assert.True(t, found, "quick case %s is in cases.tsv", name)
	}
}

func TestRecipeSteps(t *testing.T) {
	goSrc := "package p\n\nimport \"testing\"\n\nfunc TestA(tt *testing.T) {\n\tif f() != 2 {\n\t\ttt.Fatal(\"f\")\n\t}\n}\n"
	pySrc := "import m\n\n\nclass TestK:\n    def test_a(\n        self,\n    ):\n        assert m.f() == 2\n\n\ndef test_a():\n    assert m.f() == 2\n"
	tests := map[string]struct {
		recipe, file, src, want string
	}{
		"skip a Go test": {recipe: "skip p_test.go TestA", file: goSrc,
			want: "package p\n\nimport \"testing\"\n\nfunc TestA(tt *testing.T) {\n\ttt.Skip(\"realhistory: skipped by the bad-head recipe\")\n\tif f() != 2 {\n\t\ttt.Fatal(\"f\")\n\t}\n}\n"},
		"skip a pytest method": {recipe: "skip tests/test_m.py TestK::test_a", file: pySrc,
			want: "import m\n\n\nclass TestK:\n    def test_a(\n        self,\n    ):\n        import pytest\n        pytest.skip(\"realhistory: skipped by the bad-head recipe\")\n        assert m.f() == 2\n\n\ndef test_a():\n    assert m.f() == 2\n"},
		"skip a pytest function": {recipe: "skip tests/test_m.py test_a", file: pySrc,
			want: "import m\n\n\nclass TestK:\n    def test_a(\n        self,\n    ):\n        assert m.f() == 2\n\n\ndef test_a():\n    import pytest\n    pytest.skip(\"realhistory: skipped by the bad-head recipe\")\n    assert m.f() == 2\n"},
		"delete lines":  {recipe: "delete p_test.go 6-8", file: goSrc, want: "package p\n\nimport \"testing\"\n\nfunc TestA(tt *testing.T) {\n}\n"},
		"replace text":  {recipe: `replace p_test.go 6 "!= 2" "!= 3"`, file: goSrc, want: "package p\n\nimport \"testing\"\n\nfunc TestA(tt *testing.T) {\n\tif f() != 3 {\n\t\ttt.Fatal(\"f\")\n\t}\n}\n"},
		"two steps":     {recipe: `delete p_test.go 7-7 ; replace p_test.go 6 "f()" "g()"`, file: goSrc, want: "package p\n\nimport \"testing\"\n\nfunc TestA(tt *testing.T) {\n\tif g() != 2 {\n\t}\n}\n"},
		"revert a file": {recipe: "revert p.go", file: "new\n", src: "old\n", want: "old\n"},
	}
	for name, tc := range tests {
		t.Run(name, func(t *testing.T) {
			steps, err := parseRecipe(tc.recipe)
			require.NoError(t, err)
			got := []byte(tc.file)
			for _, st := range steps {
				got, err = st.apply(got, []byte(tc.src))
				require.NoError(t, err)
			}
			assert.Equal(t, tc.want, string(got))
		})
	}

	for _, bad := range []string{"skip f.go", "delete f.go 3-2", "delete f.go x", `replace f.go 3 "" "x"`, "chmod f.go", `replace f.go 1 "unterminated`} {
		_, err := parseRecipe(bad)
		assert.Error(t, err, bad)
	}
	steps, err := parseRecipe(`replace p_test.go 6 "absent" "x"`)
	require.NoError(t, err)
	_, err = steps[0].apply([]byte(goSrc), nil)
	assert.ErrorContains(t, err, "does not contain", "a stale recipe fails loudly")
	steps, _ = parseRecipe("skip p_test.go TestMissing")
	_, err = steps[0].apply([]byte(goSrc), nil)
	assert.Error(t, err)
}

func TestHeldOutIsAThirdByHash(t *testing.T) {
	held := 0
	for i := 0; i < 3000; i++ {
		if heldOut("p/fix/" + string(rune('a'+i%26)) + string(rune('a'+i/26%26)) + string(rune('a'+i/676))) {
			held++
		}
	}
	assert.InDelta(t, 1000, held, 150, "about a third of the names fall in the held-out split")
}
