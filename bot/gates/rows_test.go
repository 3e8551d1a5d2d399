package gates

import (
	"strings"
	"testing"
)

// rowsBase is a table test of the usual shape: a table, a value the loop
// reads, then the loop over the table's rows.
const rowsBase = `package calc

import "testing"

func TestAbs(t *testing.T) {
	tests := []struct {
		in, want int
	}{
		{1, 1},
		{-2, 2}, // a negative one
	}
	limit := 10
	for _, tt := range tests {
		t.Run("", func(t *testing.T) {
			if got := Abs(tt.in); got != tt.want || got > limit {
				t.Errorf("Abs(%d) = %d", tt.in, got)
			}
		})
	}
}
`

func TestAppendsRows(t *testing.T) {
	t.Parallel()
	edit := func(pairs ...string) string {
		s := rowsBase
		for i := 0; i < len(pairs); i += 2 {
			if !strings.Contains(s, pairs[i]) {
				t.Fatalf("%q not in the base", pairs[i])
			}
			s = strings.Replace(s, pairs[i], pairs[i+1], 1)
		}
		return s
	}
	const lastRow = "{-2, 2}, // a negative one\n"
	cases := map[string]struct {
		head string
		want bool
	}{
		"a row added":                        {edit(lastRow, lastRow+"\t\t{-3, 3},\n"), true},
		"rows added, one with comments":      {edit(lastRow, lastRow+"\t\t// zero\n\t\t{0, 0},\n\t\t{-4, 4},\n"), true},
		"a row added, layout changed":        {edit(lastRow, lastRow+"\t\t{ -3,3 },\n", "limit := 10", "limit :=   10"), true},
		"a conversion in the row":            {edit(lastRow, lastRow+"\t\t{int(int8(-3)), 3},\n"), true},
		"nothing added":                      {rowsBase, false},
		"a row inserted first":               {edit("{1, 1},", "{-3, 3},\n\t\t{1, 1},"), false},
		"a row edited and one added":         {edit("{1, 1},", "{1, 2},", lastRow, lastRow+"\t\t{-3, 3},\n"), false},
		"a call in the row":                  {edit(lastRow, lastRow+"\t\t{setup(), 3},\n"), false},
		"a map read in the row":              {edit(lastRow, lastRow+"\t\t{m[1], 3},\n"), false},
		"another statement changed":          {edit(lastRow, lastRow+"\t\t{-3, 3},\n", "limit := 10", "limit := 11"), false},
		"the loop uses an index":             {edit(lastRow, lastRow+"\t\t{-3, 3},\n", "for _, tt := range", "for i, tt := range"), false},
		"the table read twice":               {edit(lastRow, lastRow+"\t\t{-3, 3},\n", "limit := 10", "limit := len(tests)"), false},
		"the rows share a variable":          {edit(lastRow, lastRow+"\t\t{-3, 3},\n", "t.Run(", "limit--\n\t\tt.Run("), false},
		"an address taken":                   {edit(lastRow, lastRow+"\t\t{-3, 3},\n", "t.Run(", "use(&limit)\n\t\tt.Run("), false},
		"parallel rows":                      {edit(lastRow, lastRow+"\t\t{-3, 3},\n", "if got", "t.Parallel()\n\t\t\tif got"), false},
		"a cleanup":                          {edit(lastRow, lastRow+"\t\t{-3, 3},\n", "if got", "t.Cleanup(check)\n\t\t\tif got"), false},
		"a defer":                            {edit(lastRow, lastRow+"\t\t{-3, 3},\n", "limit := 10", "limit := 10\n\tdefer check()"), false},
		"does not parse":                     {edit(lastRow, lastRow+"\t\t{-3, 3,\n"), false},
		"a pure standard call":               {edit(lastRow, lastRow+"\t\t{int(math.Copysign(3, -1)), 3},\n", `import "testing"`, "import (\n\t\"math\"\n\t\"testing\"\n)"), true},
		"a built-in that changes nothing":    {edit(lastRow, lastRow+"\t\t{-len(\"abc\"), 3},\n"), true},
		"a call of a package not known pure": {edit(lastRow, lastRow+"\t\t{-3, len(os.Args)},\n\t\t{int(os.Getpid()), 0},\n", `import "testing"`, "import (\n\t\"os\"\n\t\"testing\"\n)"), false},
		"a call that calls a method":         {edit(lastRow, lastRow+"\t\t{-3, len(fmt.Sprint(v))},\n", `import "testing"`, "import (\n\t\"fmt\"\n\t\"testing\"\n)"), false},
		"a pure call given code to run":      {edit(lastRow, lastRow+"\t\t{-3, len(strings.Map(f, \"abc\"))},\n", `import "testing"`, "import (\n\t\"strings\"\n\t\"testing\"\n)"), false},
		"a function literal called now":      {edit(lastRow, lastRow+"\t\t{-3, min(3, func() int { return 3 }())},\n"), false},
		"an address of a variable":           {edit(lastRow, lastRow+"\t\t{-3, *(&limit)},\n"), false},
		"a function in the row":              {edit("in, want int", "in, want int\n\t\tf func() int", lastRow, lastRow+"\t\t{-3, 3, func() int { return 3 }},\n"), false},
	}
	for name, c := range cases {
		if got := AppendsRows([]byte(rowsBase), []byte(c.head), "TestAbs", nil); got != c.want {
			t.Errorf("%s: AppendsRows = %v, want %v", name, got, c.want)
		}
	}

	// The loop hands t on: to the repository's code (which could register
	// a cleanup a later row disarms), or keeps it; testify's assertions
	// are not the change's code.
	testify := strings.Replace(rowsBase, `import "testing"`, "import (\n\t\"testing\"\n\n\t\"github.com/stretchr/testify/assert\"\n)", 1)
	for name, c := range map[string]struct {
		base string
		want bool
	}{
		"t handed to a helper": {strings.Replace(rowsBase, "if got :=", "check(t, tt)\n\t\t\tif got :=", 1), false},
		"t kept in a variable": {strings.Replace(rowsBase, "if got :=", "keep := t\n\t\t\t_ = keep\n\t\t\tif got :=", 1), false},
		"t handed to testify":  {strings.Replace(testify, "if got :=", "assert.NotNil(t, tt)\n\t\t\tif got :=", 1), true},
	} {
		head := strings.Replace(c.base, lastRow, lastRow+"\t\t{-3, 3},\n", 1)
		if got := AppendsRows([]byte(c.base), []byte(head), "TestAbs", nil); got != c.want {
			t.Errorf("%s: AppendsRows = %v, want %v", name, got, c.want)
		}
	}

	// The package's own int (declared in its code) is a function, not
	// the conversion.
	conv := strings.Replace(rowsBase, lastRow, lastRow+"\t\t{int(-3), 3},\n", 1)
	if !AppendsRows([]byte(rowsBase), []byte(conv), "TestAbs", nil) || AppendsRows([]byte(rowsBase), []byte(conv), "TestAbs", map[string]bool{"int": true}) {
		t.Error("a conversion is not told from a call of the package's function of that name")
	}
	names, ok := PackageNames([]byte("package calc\n\nfunc int(x int) int { return x }\n\ntype T int\n\nvar a, b = 1, 2\n\nfunc (T) M() {}\n"))
	if !ok || !names["int"] || !names["T"] || !names["a"] || !names["b"] || names["M"] {
		t.Errorf("PackageNames = %v, %v", names, ok)
	}

	// A slice of expected values that grows is a new expectation, not a
	// row: it is not the table a last loop reads.
	want := "package calc\n\nimport \"testing\"\n\nfunc TestKeys(t *testing.T) {\n\twant := []string{\"a\", \"b\"}\n\tif got := Keys(); !equal(got, want) {\n\t\tt.Fatal(got)\n\t}\n}\n"
	if AppendsRows([]byte(want), []byte(strings.Replace(want, `"b"}`, `"b", "c"}`, 1)), "TestKeys", nil) {
		t.Error("an expectation that grows is taken for rows")
	}
	// A check after the loop could read what the added rows did.
	after := strings.Replace(rowsBase, "\t\t})\n\t}\n}", "\t\t})\n\t}\n\tcheck(t)\n}", 1)
	if AppendsRows([]byte(after), []byte(strings.Replace(after, lastRow, lastRow+"\t\t{-3, 3},\n", 1)), "TestAbs", nil) {
		t.Error("a statement after the loop is allowed")
	}
	// The loop's range expression may be the table itself.
	inline := "package calc\n\nimport \"testing\"\n\nfunc TestAbs(t *testing.T) {\n\tfor _, in := range []int{1, 2} {\n\t\tif Abs(in) != in {\n\t\t\tt.Error(in)\n\t\t}\n\t}\n}\n"
	if !AppendsRows([]byte(inline), []byte(strings.Replace(inline, "{1, 2}", "{1, 2, 3}", 1)), "TestAbs", nil) {
		t.Error("a row added to a table the loop ranges over directly is not seen")
	}
	// A map's rows run in any order: an added one may run first.
	m := strings.Replace(inline, "[]int{1, 2}", "map[int]int{1: 1, 2: 2}", 1)
	if AppendsRows([]byte(m), []byte(strings.Replace(m, "2: 2}", "2: 2, 3: 3}", 1)), "TestAbs", nil) {
		t.Error("a map's entries are taken for rows")
	}
}
