package capture

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// TestCapture checks head, tail and marker against a reference computed
// from the whole stream, for several limits and write chunkings, since the
// ring buffer's wrap-around is where an off-by-one would hide.
func TestCapture(t *testing.T) {
	t.Parallel()
	data := make([]byte, 10_000)
	for i := range data {
		data[i] = byte('a' + i%26)
	}
	tests := []struct {
		name  string
		limit int
		size  int
		chunk int // 0 means random chunk sizes
	}{
		{"empty", 100, 0, 1},
		{"under limit", 100, 99, 7},
		{"exactly limit", 100, 100, 100},
		{"one over", 100, 101, 1},
		{"far over bytewise", 100, 10_000, 1},
		{"far over one write", 100, 10_000, 10_000},
		{"far over random", 100, 10_000, 0},
		{"odd limit", 7, 1000, 3},
		{"limit one", 1, 50, 4},
		{"chunk equals tail", 100, 1000, 50},
		{"big limit random", 4096, 10_000, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(1, uint64(tc.size)))
			c := New(tc.limit)
			in := data[:tc.size]
			for rest := in; len(rest) > 0; {
				n := tc.chunk
				if n == 0 {
					n = 1 + rng.IntN(300)
				}
				n = min(n, len(rest))
				if k, err := c.Write(rest[:n]); k != n || err != nil {
					t.Fatalf("Write = %d, %v", k, err)
				}
				rest = rest[n:]
			}
			want := in
			var omitted int64
			if tc.size > tc.limit {
				h := tc.limit / 2
				tl := tc.limit - h
				omitted = int64(tc.size - tc.limit)
				want = append(append(append([]byte{}, in[:h]...), Marker(omitted)...), in[tc.size-tl:]...)
			}
			if got := c.Bytes(); !bytes.Equal(got, want) {
				t.Errorf("bytes() = %q, want %q", got, want)
			}
			if got := c.Omitted(); got != omitted {
				t.Errorf("omitted() = %d, want %d", got, omitted)
			}
		})
	}
}

func TestOmittedMarker(t *testing.T) {
	t.Parallel()
	if got, want := Marker(123456), "\n... [autoverify: 123456 bytes omitted] ...\n"; got != want {
		t.Errorf("omittedMarker = %q, want %q", got, want)
	}
}
