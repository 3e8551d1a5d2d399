package gates

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestGoNamesThatRepeat: golang-lru has a TestLRU in several packages; a
// change that touches none of them changes none, and results stay per
// package.
func TestGoNamesThatRepeat(t *testing.T) {
	t.Parallel()
	base := []TestFunc{{Name: "TestLRU", File: "lru_test.go", BodyHash: "a", Assertions: 14}, {Name: "TestLRU", File: "simplelru/lru_test.go", BodyHash: "b", Assertions: 12},
		{Name: "TestOnly", File: "arc/arc_test.go", BodyHash: "c"}}
	head := append([]TestFunc(nil), base...)
	head = append(head, TestFunc{Name: "TestEvict", File: "simplelru/lru_test.go", BodyHash: "d"}, TestFunc{Name: "TestEvict", File: "expirable/lru_test.go", BodyHash: "e"})
	b, h, repeated := QualifyRepeated(Go, base, head)
	assert.Equal(t, map[string]bool{"TestLRU": true, "TestEvict": true}, repeated)
	c := Compare(b, h)
	assert.Empty(t, c.Tampered, "no test was weakened")
	assert.Empty(t, c.Changed)
	assert.Equal(t, []string{"expirable::TestEvict", "simplelru::TestEvict"}, c.Added)
	assert.Equal(t, []string{".::TestLRU", "TestOnly", "simplelru::TestLRU"}, c.Untouched, "a name in one package stays bare")

	out := `{"Action":"pass","Package":"github.com/h/lru/v2","Test":"TestLRU"}
{"Action":"fail","Package":"github.com/h/lru/v2/simplelru","Test":"TestLRU"}
{"Action":"pass","Package":"github.com/h/lru/v2/arc","Test":"TestOnly"}
`
	r := ParseGoTestJSON([]byte(out))
	assert.Equal(t, Fail, r.Tests["TestLRU"], "by name alone, one fails both")
	r.KeyByPackage(ModulePath([]byte("module github.com/h/lru/v2\n\ngo 1.19\n")), repeated)
	assert.Equal(t, map[string]string{".::TestLRU": Pass, "simplelru::TestLRU": Fail, "TestOnly": Pass}, r.Tests)

	argv := Restrict(Go, []string{"go", "test", "-json", "./..."}, []string{".::TestLRU", "simplelru::TestLRU"}, []string{"lru_test.go", "simplelru/lru_test.go"})
	assert.Equal(t, []string{"go", "test", "-run", "^(TestLRU)$", "-json", ".", "./simplelru"}, argv)
	assert.Equal(t, "TestLRU", BareName("simplelru::TestLRU"))
	assert.Equal(t, "example.com/m", ModulePath([]byte("// c\nmodule \"example.com/m\"\n")))
}
