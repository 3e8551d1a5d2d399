//go:build linux

package local

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"testing"

	"github.com/engineo/autoverify/bot/verify"
)

// helperEnv switches the test binary into a helper that runs one big-output
// command through the runner and exits, so that its peak RSS can be read
// from outside without the test framework's own allocations mixed in.
const (
	helperEnv      = "AUTOVERIFY_LOCAL_TEST_HELPER"
	helperModeEnv  = "AUTOVERIFY_LOCAL_TEST_MODE"
	helperBytesEnv = "AUTOVERIFY_LOCAL_TEST_BYTES"
)

// helperReport is what the helper prints on stdout.
type helperReport struct {
	ExitCode     int
	OutputLen    int
	OmittedBytes int64
	Error        string
}

func TestMain(m *testing.M) {
	switch os.Getenv(helperEnv) {
	case "bigoutput":
		os.Exit(bigOutputHelper())
	case "nonroot":
		os.Exit(nonRootHelper())
	case "tty":
		os.Exit(ttyHelper())
	}
	os.Exit(m.Run())
}

func bigOutputHelper() int {
	var rep helperReport
	n, err := strconv.ParseInt(os.Getenv(helperBytesEnv), 10, 64)
	if err == nil {
		var r *Runner
		r, err = New(WithIsolation(Isolation(os.Getenv(helperModeEnv))))
		if err == nil {
			var res verify.Result
			res, err = r.Run(context.Background(), verify.Command{
				Argv: []string{"head", "-c", strconv.FormatInt(n, 10), "/dev/zero"},
				Dir:  os.TempDir(),
			})
			rep = helperReport{ExitCode: res.ExitCode, OutputLen: len(res.Output), OmittedBytes: res.OmittedBytes}
		}
	}
	if err != nil {
		rep.Error = err.Error()
	}
	if err := json.NewEncoder(os.Stdout).Encode(rep); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}
