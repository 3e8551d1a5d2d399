package docker

import "strconv"

// capture keeps at most limit bytes of a stream: the first half as written
// and the last half in a ring buffer, counting what falls in between. Its
// memory is bounded by limit however much is written.
//
// It mirrors integrations/local's capture byte for byte (same split, same
// marker text) so that evidence reads the same whichever runner produced it;
// the two are kept separate because local's is unexported and the runners
// must not depend on each other.
type capture struct {
	headCap int
	tailCap int

	head     []byte
	tail     []byte // ring of tailCap bytes, allocated on first overflow
	tailPos  int    // next write position in tail
	tailFull bool   // tail has wrapped at least once
	total    int64  // bytes written
}

// headChunk bounds the head's first allocation so that a command printing
// a few bytes does not cost a half-limit buffer.
const headChunk = 64 << 10

func newCapture(limit int) *capture {
	head := limit / 2
	return &capture{headCap: head, tailCap: limit - head}
}

// Write never fails; it has the io.Writer shape so that stdcopy can
// demultiplex both streams straight into it.
func (c *capture) Write(p []byte) (int, error) {
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

func (c *capture) tailLen() int {
	if c.tailFull {
		return c.tailCap
	}
	return c.tailPos
}

// omitted reports how many bytes were written but not kept.
func (c *capture) omitted() int64 {
	return c.total - int64(len(c.head)) - int64(c.tailLen())
}

// omittedMarker is the line put where the dropped middle was; the text is
// the local runner's.
func omittedMarker(n int64) string {
	return "\n... [autoverify: " + strconv.FormatInt(n, 10) + " bytes omitted] ...\n"
}

// bytes returns the kept output: head, the omission marker if anything was
// dropped, then the tail in write order.
func (c *capture) bytes() []byte {
	omitted := c.omitted()
	var marker string
	if omitted > 0 {
		marker = omittedMarker(omitted)
	}
	out := make([]byte, 0, len(c.head)+len(marker)+c.tailLen())
	out = append(out, c.head...)
	out = append(out, marker...)
	if c.tailFull {
		out = append(out, c.tail[c.tailPos:]...)
	}
	return append(out, c.tail[:c.tailPos]...)
}
