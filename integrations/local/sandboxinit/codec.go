package sandboxinit

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// The runner and the init exchange their messages (Spec, Command, Report)
// in a small text form of their own. Each message is a series of lines
// "Name value" — a
// string quoted with strconv.Quote (so any byte can be in it), a number,
// or true/false; a list is one line per element — ended by a line ".".
// Both ends are the same binary, so a name or a value either end does not
// know is an error.

const endLine = "."

type encoder struct{ b []byte }

func (e *encoder) str(name, v string) {
	e.b = append(e.b, name...)
	e.b = append(e.b, ' ')
	e.b = strconv.AppendQuote(e.b, v)
	e.b = append(e.b, '\n')
}

func (e *encoder) strs(name string, vs []string) {
	for _, v := range vs {
		e.str(name, v)
	}
}

func (e *encoder) num(name string, v int64) {
	e.b = append(e.b, name...)
	e.b = append(e.b, ' ')
	e.b = strconv.AppendInt(e.b, v, 10)
	e.b = append(e.b, '\n')
}

func (e *encoder) flag(name string, v bool) {
	e.b = append(e.b, name...)
	e.b = append(e.b, ' ')
	e.b = strconv.AppendBool(e.b, v)
	e.b = append(e.b, '\n')
}

func (e *encoder) end() []byte { return append(e.b, endLine+"\n"...) }

// field is one decoded line.
type field struct{ name, value string }

// readMessage reads one message's lines from r, up to its end line.
func readMessage(r *bufio.Reader) ([]field, error) {
	var fs []field
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			if line == "" && len(fs) == 0 {
				return nil, err // nothing read: the writer closed (io.EOF)
			}
			return nil, fmt.Errorf("%s: %w", "message cut short", err)
		}
		line = strings.TrimSuffix(line, "\n")
		if line == endLine {
			return fs, nil
		}
		name, value, ok := strings.Cut(line, " ")
		if !ok {
			return nil, errors.New("malformed line " + strconv.Quote(line))
		}
		fs = append(fs, field{name, value})
	}
}

func unquote(f field) (string, error) {
	v, err := strconv.Unquote(f.value)
	if err != nil {
		return "", errors.New(f.name + ": bad string " + strconv.Quote(f.value))
	}
	return v, nil
}

func number(f field) (int64, error) {
	v, err := strconv.ParseInt(f.value, 10, 64)
	if err != nil {
		return 0, errors.New(f.name + ": bad number " + strconv.Quote(f.value))
	}
	return v, nil
}

func boolean(f field) (bool, error) {
	v, err := strconv.ParseBool(f.value)
	if err != nil {
		return false, errors.New(f.name + ": bad flag " + strconv.Quote(f.value))
	}
	return v, nil
}

// Encode writes the spec as one message.
func (s Spec) Encode() []byte {
	var e encoder
	e.strs("Env", s.Env)
	e.str("Root", s.Root)
	e.str("Path", s.Path)
	e.strs("ReadOnly", s.ReadOnly)
	e.strs("Caches", s.Caches)
	e.strs("Hide", s.Hide)
	e.flag("Network", s.Network)
	e.num("Processes", int64(s.Processes))
	e.num("Memory", s.Memory)
	e.num("FileSize", s.FileSize)
	e.num("TmpSize", s.TmpSize)
	e.num("CPUTime", s.CPUTime)
	return e.end()
}

// ReadSpec reads a message written by Spec.Encode.
func ReadSpec(r *bufio.Reader) (Spec, error) {
	fs, err := readMessage(r)
	if err != nil {
		return Spec{}, err
	}
	var s Spec
	for _, f := range fs {
		var err error
		var v string
		var n int64
		switch f.name {
		case "Env", "Root", "Path", "ReadOnly", "Caches", "Hide":
			v, err = unquote(f)
		case "Processes", "Memory", "FileSize", "TmpSize", "CPUTime":
			n, err = number(f)
		case "Network":
			s.Network, err = boolean(f)
		default:
			err = errors.New("unknown field " + strconv.Quote(f.name))
		}
		if err != nil {
			return Spec{}, fmt.Errorf("%s: %w", "sandbox spec", err)
		}
		switch f.name {
		case "Env":
			s.Env = append(s.Env, v)
		case "Root":
			s.Root = v
		case "Path":
			s.Path = v
		case "ReadOnly":
			s.ReadOnly = append(s.ReadOnly, v)
		case "Caches":
			s.Caches = append(s.Caches, v)
		case "Hide":
			s.Hide = append(s.Hide, v)
		case "Processes":
			s.Processes = int(n)
		case "Memory":
			s.Memory = n
		case "FileSize":
			s.FileSize = n
		case "TmpSize":
			s.TmpSize = n
		case "CPUTime":
			s.CPUTime = n
		}
	}
	return s, nil
}

// Encode writes the command as one message.
func (c Command) Encode() []byte {
	var e encoder
	e.strs("Argv", c.Argv)
	e.str("Dir", c.Dir)
	if c.Source != "" {
		e.str("Source", c.Source)
	}
	e.flag("Probe", c.Probe)
	if c.Layer != "" {
		e.str("Layer", c.Layer)
		e.str("LayerOver", c.LayerOver)
		e.flag("LayerWrite", c.LayerWrite)
	}
	if c.Throwaway {
		e.flag("Throwaway", c.Throwaway)
	}
	if c.MemoryCgroup {
		e.flag("MemoryCgroup", c.MemoryCgroup)
	}
	return e.end()
}

// ReadCommand reads a message written by Command.Encode.
func ReadCommand(r *bufio.Reader) (Command, error) {
	fs, err := readMessage(r)
	if err != nil {
		return Command{}, err
	}
	var c Command
	for _, f := range fs {
		var err error
		switch f.name {
		case "Argv":
			var v string
			if v, err = unquote(f); err == nil {
				c.Argv = append(c.Argv, v)
			}
		case "Dir":
			c.Dir, err = unquote(f)
		case "Source":
			c.Source, err = unquote(f)
		case "Probe":
			c.Probe, err = boolean(f)
		case "Layer":
			c.Layer, err = unquote(f)
		case "LayerOver":
			c.LayerOver, err = unquote(f)
		case "LayerWrite":
			c.LayerWrite, err = boolean(f)
		case "Throwaway":
			c.Throwaway, err = boolean(f)
		case "MemoryCgroup":
			c.MemoryCgroup, err = boolean(f)
		default:
			err = errors.New("unknown field " + strconv.Quote(f.name))
		}
		if err != nil {
			return Command{}, fmt.Errorf("%s: %w", "sandbox command", err)
		}
	}
	return c, nil
}

// Encode writes the report as one message.
func (r Report) Encode() []byte {
	var e encoder
	e.str("Setup", r.Setup)
	e.num("Code", int64(r.Code))
	e.str("Msg", r.Msg)
	e.str("Processes", r.Processes)
	return e.end()
}

// DecodeReport reads a report written by Report.Encode.
func DecodeReport(raw []byte) (Report, error) {
	fs, err := readMessage(bufio.NewReader(bytes.NewReader(raw)))
	if err != nil {
		return Report{}, err
	}
	var r Report
	for _, f := range fs {
		var err error
		switch f.name {
		case "Setup":
			r.Setup, err = unquote(f)
		case "Code":
			var n int64
			n, err = number(f)
			r.Code = int(n)
		case "Msg":
			r.Msg, err = unquote(f)
		case "Processes":
			r.Processes, err = unquote(f)
		default:
			err = errors.New("unknown field " + strconv.Quote(f.name))
		}
		if err != nil {
			return Report{}, fmt.Errorf("%s: %w", "sandbox report", err)
		}
	}
	return r, nil
}

// exitPrefix starts the line that reports the command's end.
const exitPrefix = "X "

// EncodeExit writes the command's wait status (as wait4 gives it) as the
// init's last line.
func EncodeExit(status uint32) []byte {
	return append(strconv.AppendUint([]byte(exitPrefix), uint64(status), 10), '\n')
}

// DecodeExit reads the line EncodeExit wrote.
func DecodeExit(line string) (uint32, error) {
	v, ok := strings.CutPrefix(line, exitPrefix)
	v, nl := strings.CutSuffix(v, "\n")
	if !ok || !nl {
		return 0, errors.New("sandbox exit: malformed line " + strconv.Quote(line))
	}
	n, err := strconv.ParseUint(v, 10, 32)
	if err != nil {
		return 0, errors.New("sandbox exit: bad status " + strconv.Quote(line))
	}
	return uint32(n), nil
}
