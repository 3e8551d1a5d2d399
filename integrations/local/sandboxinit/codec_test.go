package sandboxinit

import (
	"bufio"
	"bytes"
	"io"
	"strings"
	"testing"
)

func TestCodecRoundTrips(t *testing.T) {
	spec := Spec{Env: []string{"PATH=/usr/bin", "WEIRD=a\nb \"c\" \x00\xff é"}, Root: "/tmp/autoverify-sandbox-0", Path: "/usr/bin:/bin",
		ReadOnly: []string{"/usr", "/etc"}, Caches: []string{"/root/.cache/go-build"}, Hide: []string{"/tmp/x y"}, Network: true,
		Processes: 1024, Memory: 4 << 30, FileSize: 1 << 30, TmpSize: 512 << 20, CPUTime: 600}
	cmd := Command{Argv: []string{"sh", "-c", "echo 'a\nb'; exit 3", ""}, Dir: "/work/dir with space", Probe: true,
		Source: "/tmp/copy", Layer: "/tmp/layer", LayerOver: "/root/.cache/go-build", LayerWrite: true, Throwaway: true}
	// Both messages on one stream, as the init reads them.
	r := bufio.NewReader(bytes.NewReader(append(spec.Encode(), cmd.Encode()...)))
	gotSpec, err := ReadSpec(r)
	if err != nil {
		t.Fatal(err)
	}
	gotCmd, err := ReadCommand(r)
	if err != nil {
		t.Fatal(err)
	}
	if !equalSpec(spec, gotSpec) {
		t.Errorf("spec: got %+v, want %+v", gotSpec, spec)
	}
	if strings.Join(gotCmd.Argv, "\x00") != strings.Join(cmd.Argv, "\x00") || len(gotCmd.Argv) != len(cmd.Argv) || gotCmd.Dir != cmd.Dir || !gotCmd.Probe ||
		gotCmd.Source != cmd.Source || gotCmd.Layer != cmd.Layer || gotCmd.LayerOver != cmd.LayerOver || !gotCmd.LayerWrite || !gotCmd.Throwaway {
		t.Errorf("command: got %+v, want %+v", gotCmd, cmd)
	}
	if _, err := ReadCommand(r); err != io.EOF {
		t.Errorf("after the last message: %v, want io.EOF (the runner closed)", err)
	}
	rep := Report{Setup: "mount: \"x\"\nfailed", Code: 127, Msg: "nope: not found", Processes: "pid_max"}
	got, err := DecodeReport(rep.Encode())
	if err != nil || got != rep {
		t.Errorf("report: got %+v, %v; want %+v", got, err, rep)
	}
}

func equalSpec(a, b Spec) bool {
	j := func(s []string) string { return strings.Join(s, "\x00") + "|" + string(rune(len(s))) }
	return j(a.Env) == j(b.Env) && a.Root == b.Root && a.Path == b.Path && j(a.ReadOnly) == j(b.ReadOnly) && j(a.Caches) == j(b.Caches) &&
		j(a.Hide) == j(b.Hide) && a.Network == b.Network && a.Processes == b.Processes && a.Memory == b.Memory &&
		a.FileSize == b.FileSize && a.TmpSize == b.TmpSize && a.CPUTime == b.CPUTime
}

// TestCodecRefusesWhatItDoesNotKnow: a message cut short, an unknown name
// or a value of the wrong kind is an error, never a half-read spec.
func TestCodecRefusesWhatItDoesNotKnow(t *testing.T) {
	for name, raw := range map[string]string{
		"cut short":     "Root \"/x\"\n",
		"unknown field": "Rootx \"/x\"\n.\n",
		"bad string":    "Root /x\n.\n",
		"bad number":    "Memory lots\n.\n",
		"bad flag":      "Network maybe\n.\n",
		"no value":      "Root\n.\n",
	} {
		if _, err := ReadSpec(bufio.NewReader(strings.NewReader(raw))); err == nil {
			t.Errorf("%s: accepted %q", name, raw)
		}
	}
	if _, err := DecodeReport([]byte("Code 1\n")); err == nil {
		t.Error("a report cut short was accepted")
	}
}

func FuzzCommandRoundTrip(f *testing.F) {
	f.Add("sh", "-c", "echo hi\n", "/work")
	f.Add("", "\x00", "\"", "\\")
	f.Fuzz(func(t *testing.T, a, b, c, dir string) {
		cmd := Command{Argv: []string{a, b, c}, Dir: dir}
		got, err := ReadCommand(bufio.NewReader(bytes.NewReader(cmd.Encode())))
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Argv) != 3 || got.Argv[0] != a || got.Argv[1] != b || got.Argv[2] != c || got.Dir != dir {
			t.Fatalf("got %q in %q, want %q in %q", got.Argv, got.Dir, cmd.Argv, dir)
		}
	})
}
