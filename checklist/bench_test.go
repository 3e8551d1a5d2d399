package checklist

import (
	"fmt"
	"strings"
	"testing"
)

// bigStory builds a story of n items mixing tags, code spans, manual items,
// nesting and prose, about 60 bytes an item.
func bigStory(n int) []byte {
	var b strings.Builder
	b.WriteString("# KAN-1 Big story\n\nSome prose with `code` and a [link](x).\n\n")
	for i := 0; i < n; i++ {
		switch i % 4 {
		case 0:
			fmt.Fprintf(&b, "<!-- AUTO:CMD=pnpm test --filter pkg%d -->\n- [ ] Tests for package %d pass\n", i, i)
		case 1:
			fmt.Fprintf(&b, "- [x] Run `pnpm lint` on module %d\n", i)
		case 2:
			fmt.Fprintf(&b, "  - [ ] Reviewer %d checks the copy on the page\n", i)
		default:
			fmt.Fprintf(&b, "- [ ] Item %d with *emphasis* and a continuation\n  line that wraps\n", i)
		}
	}
	return []byte(b.String())
}

func BenchmarkParse(b *testing.B) {
	p, _ := NewPolicy(DefaultAllowlist)
	for _, n := range []int{1000, 10000, 100000} {
		src := bigStory(n)
		b.Run(fmt.Sprintf("items=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				s, err := Parse(src, p)
				if err != nil || len(s.Items) != n {
					b.Fatalf("parsed %d items, err %v", len(s.Items), err)
				}
			}
		})
	}
}

func BenchmarkRewrite(b *testing.B) {
	for _, n := range []int{1000, 10000, 100000} {
		src := bigStory(n)
		s, _ := Parse(src, Policy{})
		marks := map[string]Mark{}
		for i, it := range s.Items {
			marks[it.ID] = Mark{Passed: i%5 != 0, Text: "Auto-verified: PASS (see `KAN-1-evidence-20260128T120000Z.txt`)"}
		}
		b.Run(fmt.Sprintf("items=%d", n), func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			for b.Loop() {
				if _, err := Rewrite(src, marks); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
