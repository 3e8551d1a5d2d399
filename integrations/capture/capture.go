// Package capture keeps a command's output under a cap in constant memory:
// the first half as written, the last half in a ring buffer, and a marker
// line saying how much was dropped in between. Every runner (local, Docker,
// Kubernetes) uses it, so evidence reads the same whichever ran the command.
package capture

import "strconv"

// headChunk bounds the head's first allocation so that a command printing
// a few bytes does not cost a half-limit buffer.
const headChunk = 64 << 10

// Buffer keeps at most limit bytes of a stream: the first half as written
// and the last half in a ring buffer, counting what falls in between. Its
// memory is bounded by limit however much is written, which is what lets a
// command print gigabytes without the service growing.
type Buffer struct {
	headCap int
	tailCap int

	head     []byte
	tail     []byte // ring of tailCap bytes, allocated on first overflow
	tailPos  int    // next write position in tail
	tailFull bool   // tail has wrapped at least once
	total    int64  // bytes written
}

// New returns a Buffer keeping at most limit bytes.
func New(limit int) *Buffer {
	head := limit / 2
	return &Buffer{headCap: head, tailCap: limit - head}
}

// Write never fails; it has the io.Writer shape so that tests can use it as
// one.
func (c *Buffer) Write(p []byte) (int, error) {
	n := len(p)
	c.total += int64(n)
	if room := c.headCap - len(c.head); room > 0 {
		k := min(room, len(p))
		if c.head == nil {
			c.head = make([]byte, 0, min(c.headCap, headChunk))
		}
		c.head = append(c.head, p[:k]...)
		p = p[k:]
	}
	if len(p) == 0 || c.tailCap == 0 {
		return n, nil
	}
	if c.tail == nil {
		c.tail = make([]byte, c.tailCap)
	}
	if len(p) >= c.tailCap {
		copy(c.tail, p[len(p)-c.tailCap:])
		c.tailPos, c.tailFull = 0, true
		return n, nil
	}
	k := copy(c.tail[c.tailPos:], p)
	c.tailPos += k
	if c.tailPos == c.tailCap {
		c.tailPos, c.tailFull = 0, true
	}
	if k < len(p) {
		c.tailPos = copy(c.tail, p[k:])
	}
	return n, nil
}

func (c *Buffer) tailLen() int {
	if c.tailFull {
		return c.tailCap
	}
	return c.tailPos
}

// Omitted reports how many bytes were written but not kept.
func (c *Buffer) Omitted() int64 {
	return c.total - int64(len(c.head)) - int64(c.tailLen())
}

// Marker is the line put where the dropped middle was, so that a
// reader of the evidence sees that output is missing and how much.
func Marker(n int64) string {
	return "\n... [autoverify: " + strconv.FormatInt(n, 10) + " bytes omitted] ...\n"
}

// Bytes returns the kept output: head, the omission marker if anything was
// dropped, then the tail in write order.
func (c *Buffer) Bytes() []byte {
	omitted := c.Omitted()
	var marker string
	if omitted > 0 {
		marker = Marker(omitted)
	}
	out := make([]byte, 0, len(c.head)+len(marker)+c.tailLen())
	out = append(out, c.head...)
	out = append(out, marker...)
	if c.tailFull {
		out = append(out, c.tail[c.tailPos:]...)
	}
	return append(out, c.tail[:c.tailPos]...)
}
