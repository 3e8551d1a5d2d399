package local

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"time"
)

// goWarmRecord is the file, in the Go build cache a warm-up filled, that
// says which packages were warmed when and by which toolchain. A CLI run
// is a process of its own, and checking a warm cache costs about 0.8 s
// (go test and go vet of the warm-up's module, everything found); with
// the record a run within goWarmEvery of the last warm-up skips it. The
// sandbox shows the cache copy-on-write, so no command can change the
// record; a record that outlives what it describes (an operator's
// `go clean -cache`) costs commands the compiles, for an hour at most,
// never a result.
const goWarmRecord = "autoverify-warm.json"

// goWarmRecordMax bounds what is read of the record.
const goWarmRecordMax = 1 << 20

type warmRecord struct {
	Toolchain string               `json:"toolchain"`
	Warmed    map[string]time.Time `json:"warmed"`
}

// readWarmRecord is what the record in cache says toolchain warmed, and
// when; nil when there is no record, it cannot be read, or another
// toolchain (or other settings) wrote it.
func readWarmRecord(cache, toolchain string) map[string]time.Time {
	if toolchain == "" {
		return nil
	}
	f, err := os.Open(filepath.Join(cache, goWarmRecord))
	if err != nil {
		return nil
	}
	defer f.Close()
	var rec warmRecord
	if json.NewDecoder(io.LimitReader(f, goWarmRecordMax)).Decode(&rec) != nil || rec.Toolchain != toolchain {
		return nil
	}
	return rec.Warmed
}

// writeWarmRecord replaces the record in cache with done's entries of the
// last goWarmEvery, written to a temporary file and renamed over it so
// that a reader never sees half a record. Two processes writing at once
// keep one's entries; the other's packages are checked again by the next
// run. A failure leaves the record as it was.
func writeWarmRecord(cache, toolchain string, done map[string]time.Time) {
	if toolchain == "" {
		return
	}
	rec := warmRecord{Toolchain: toolchain, Warmed: map[string]time.Time{}}
	for key, at := range done {
		if time.Since(at) < goWarmEvery {
			rec.Warmed[key] = at
		}
	}
	body, err := json.Marshal(rec)
	if err != nil {
		return
	}
	tmp, err := os.CreateTemp(cache, goWarmRecord+".*")
	if err != nil {
		return
	}
	_, werr := tmp.Write(body)
	if cerr := tmp.Close(); werr != nil || cerr != nil || os.Rename(tmp.Name(), filepath.Join(cache, goWarmRecord)) != nil {
		os.Remove(tmp.Name())
	}
}
