package docker

import "testing"

// TestRuntimeStopped: both wordings of "the runtime has stopped" are a
// container to replace; a command's ordinary 126, or the words with
// another exit, are not.
func TestRuntimeStopped(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		code int
		out  string
		want bool
	}{
		{126, "OCI runtime exec failed: exec failed: cannot exec in a container in state stopped: unknown\r\n", true},
		{126, "cannot exec in a stopped state: unknown\r\n", true},
		{126, "OCI runtime exec failed: exec failed: unable to start container process: exec: \"nope\": executable file not found in $PATH: unknown\r\n", false},
		{126, "sh: ./x: Permission denied\n", false},
		{1, "cannot exec in a stopped state: unknown\r\n", false},
	} {
		if got := runtimeStopped(tc.code, []byte(tc.out)); got != tc.want {
			t.Errorf("runtimeStopped(%d, %q) = %v, want %v", tc.code, tc.out, got, tc.want)
		}
	}
}
