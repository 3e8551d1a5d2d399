package local

import "sync"

// readBufSize is the size of the fixed buffer the output pipe is read
// through. It matches the default Linux pipe capacity so one read usually
// empties the pipe.
const readBufSize = 64 << 10

// readBufs recycles read buffers across runs so that a runner executing many
// short commands does not allocate 64 KiB for each.
var readBufs = sync.Pool{New: func() any { b := make([]byte, readBufSize); return &b }}
