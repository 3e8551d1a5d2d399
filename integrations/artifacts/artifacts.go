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

// RewriteSummary writes the summary of a run Write stored again, from run
// (the pipeline's bot.SummaryRewriter: the ledger recorded the run
// differently from the entry the summary was written with). The evidence
// file is never rewritten.
func (Disk) RewriteSummary(files evidence.Files, run evidence.Run) error {
	summary, err := evidence.SummaryJSON(run, files.Timestamp)
	if err != nil {
		return err
	}
	return WriteFile(files.Summary, summary, summaryMode(files.Summary))
}

// Write stores the run's evidence file and summary in dir. If another run of
// the story already wrote evidence in the same second, the timestamp moves
// on by a second until the name is free, so no evidence is overwritten.
//
// Both files are durable when Write returns, at the cost of two file
// syncs and one directory sync: both are written and synced under
// temporary names first, then the evidence is linked into place (which
// fails rather than overwrite) and the summary renamed over the old one.
func Write(dir string, run evidence.Run) (evidence.Files, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return evidence.Files{}, fmt.Errorf("creating artifacts directory %s: %w", dir, err)
	}
	t := run.Time.UTC().Truncate(time.Second)
	summaryPath := filepath.Join(dir, evidence.SummaryName(run.StoryKey))
	for i := 0; i <= 3600; i++ {
		files := evidence.Files{Timestamp: t.Add(time.Duration(i) * time.Second).Format(evidence.TimeFormat), Summary: summaryPath}
		files.Evidence = filepath.Join(dir, evidence.EvidenceName(run.StoryKey, files.Timestamp))
		if _, err := os.Lstat(files.Evidence); err == nil {
			continue // taken: try the next second without writing anything
		}
		summary, err := evidence.SummaryJSON(run, files.Timestamp)
		if err != nil {
			return evidence.Files{}, err
		}
		// The two files are written and synced at once: their syncs
		// overlap (one journal commit, on ext4) instead of adding up.
		type written struct {
			name string
			err  error
		}
		ev := make(chan written, 1)
		go func() {
			name, err := writeTemp(files.Evidence, evidence.EvidenceText(run, files.Timestamp), 0o644)
			ev <- written{name, err}
		}()
		sumTmp, sumErr := writeTemp(summaryPath, summary, summaryMode(summaryPath))
		e := <-ev
		evTmp := e.name
		if e.err != nil || sumErr != nil {
			if e.err == nil {
				os.Remove(evTmp)
			}
			if sumErr == nil {
				os.Remove(sumTmp)
			}
			return evidence.Files{}, errors.Join(e.err, sumErr)
		}
		err = os.Link(evTmp, files.Evidence)
		os.Remove(evTmp)
		if errors.Is(err, fs.ErrExist) {
			os.Remove(sumTmp)
			continue // another run took the name since Lstat
		}
		if err != nil {
			os.Remove(sumTmp)
			return evidence.Files{}, fmt.Errorf("creating %s: %w", files.Evidence, err)
		}
		if err := os.Rename(sumTmp, summaryPath); err != nil {
			os.Remove(sumTmp)
			return evidence.Files{}, fmt.Errorf("replacing %s: %w", summaryPath, err)
		}
		return files, syncDir(dir)
	}
	return evidence.Files{}, fmt.Errorf("no free evidence name for %s in %s within an hour of %s", run.StoryKey, dir, t.Format(time.RFC3339))
}

// summaryMode keeps the mode of an existing summary.
func summaryMode(path string) fs.FileMode {
	if st, err := os.Stat(path); err == nil {
		return st.Mode().Perm()
	}
	return 0o644
}
