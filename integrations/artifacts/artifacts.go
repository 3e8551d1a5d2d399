// Package artifacts stores a run's evidence file and summary on disk,
// atomically (temp file, fsync, rename or link), never overwriting earlier
// evidence. The formats are bot/evidence's; this package only writes them.
package artifacts

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/engineo/autoverify/bot/evidence"
)

// Disk writes artifacts under the directories it is given; it implements
// bot.Artifacts.
type Disk struct{}

// Write stores run's artifacts in dir; see the package function Write.
func (Disk) Write(dir string, run evidence.Run) (evidence.Files, error) { return Write(dir, run) }

// Write stores the run's evidence file and summary in dir. If another run of
// the story already wrote evidence in the same second, the timestamp moves
// on by a second until the name is free, so no evidence is overwritten.
func Write(dir string, run evidence.Run) (evidence.Files, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return evidence.Files{}, fmt.Errorf("creating artifacts directory %s: %w", dir, err)
	}
	t := run.Time.UTC().Truncate(time.Second)
	var files evidence.Files
	for i := 0; ; i++ {
		files.Timestamp = t.Add(time.Duration(i) * time.Second).Format(evidence.TimeFormat)
		files.Evidence = filepath.Join(dir, evidence.EvidenceName(run.StoryKey, files.Timestamp))
		err := createNew(files.Evidence, evidence.EvidenceText(run, files.Timestamp), 0o644)
		if err == nil {
			break
		}
		if !errors.Is(err, fs.ErrExist) || i > 3600 {
			return evidence.Files{}, err
		}
	}
	summary, err := evidence.SummaryJSON(run, files.Timestamp)
	if err != nil {
		return evidence.Files{}, err
	}
	files.Summary = filepath.Join(dir, evidence.SummaryName(run.StoryKey))
	if err := WriteFile(files.Summary, summary, 0o644); err != nil {
		return evidence.Files{}, err
	}
	return files, nil
}
