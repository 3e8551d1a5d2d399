package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/engineo/autoverify/bot/settings"
	"github.com/engineo/autoverify/checklist"
)

// FlagSet is a command's flag set, its errors and help written to stderr:
// it returns its errors rather than exiting, so the command answers them
// with its own exit code (2, or 0 for a help the user asked for).
func FlagSet(name string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	return fs
}

// ParseArgs parses flags that may come before or after positional
// arguments ("run STORY.md --workdir x" and "run --workdir x STORY.md"):
// the flag package stops at the first positional argument, and people
// put the story first. "--" ends the flags. A flag the set does not know
// is an InputError; a request for help is flag.ErrHelp, as the flag
// package gives it.
func ParseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return nil, err
			}
			return nil, InputErrorf("%v", err)
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// ParseN is ParseArgs for a command that takes n positional arguments:
// any other number is an InputError saying usage, so that a stray
// argument is refused rather than ignored.
func ParseN(fs *flag.FlagSet, args []string, n int, usage string) ([]string, error) {
	pos, err := ParseArgs(fs, args)
	if err == nil && len(pos) != n {
		err = InputErrorf("%s", usage)
	}
	return pos, err
}

// List is a repeatable string flag (--subject A --subject B).
type List []string

func (l *List) String() string     { return fmt.Sprint(*l) }
func (l *List) Set(v string) error { *l = append(*l, v); return nil }

// SettingFlags registers a flag for each setting of lists on fs and
// returns the lookup a resolution uses: the flag when given, else the
// ENGINEO_ variable, so that every setting can be given either way.
func SettingFlags(fs *flag.FlagSet, getenv func(string) string, lists ...[]settings.Setting) settings.Lookup {
	return settings.Layers(settings.Flags(fs, lists...), settings.Env(getenv, lists...))
}

// LoadConfig resolves the configuration for a work directory ("" reads no
// repository file); an unreadable or invalid .autoverify.yml is an
// InputError.
func LoadConfig(lookup settings.Lookup, workdir string) (settings.Config, error) {
	rf, path, err := ReadRepoFile(workdir)
	if err != nil {
		return settings.Config{}, InputErrorf("%v", err)
	}
	return settings.Resolve(lookup, rf, path)
}

// WorkDir is the --workdir flag's directory, made absolute (and clean)
// here where it enters the program, or an InputError saying what to
// pass (what). Nothing downstream sees a relative work directory: a
// reviewer's masking of "." replaced every dot of its output.
func WorkDir(dir, what string) (string, error) {
	abs, err := filepath.Abs(dir)
	if st, serr := os.Stat(abs); err != nil || serr != nil || !st.IsDir() {
		return "", InputErrorf("--workdir %s: not a directory; pass %s", dir, what)
	}
	return abs, nil
}

// StoryKey is checklist.FileKey, a key that cannot be had being the
// user's to fix (an InputError).
func StoryKey(explicit, path string) (string, error) {
	key, err := checklist.FileKey(explicit, path)
	if err != nil {
		return "", InputErrorf("%v", err)
	}
	return key, nil
}
