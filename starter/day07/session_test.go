package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"
)

// chop cuts the last N bytes off FILE, as a crash in the middle of a
// write leaves a log: a last line without its end.
// usage: chop FILE N
func chop(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: chop FILE N")
	}
	n, err := strconv.Atoi(args[1])
	ts.Check(err)
	path := ts.MkAbs(args[0])
	info, err := os.Stat(path)
	ts.Check(err)
	if int64(n) > info.Size() {
		ts.Fatalf("%s has only %d bytes", args[0], info.Size())
	}
	ts.Check(os.Truncate(path, info.Size()-int64(n)))
}

// damage replaces line N of FILE, counted from 1, with a line that is not
// JSON, as a hand or a program that is not ply might leave it.
// usage: damage FILE N
func damage(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: damage FILE N")
	}
	n, err := strconv.Atoi(args[1])
	ts.Check(err)
	path := ts.MkAbs(args[0])
	data, err := os.ReadFile(path)
	ts.Check(err)
	lines := strings.SplitAfter(string(data), "\n")
	if n < 1 || n > len(lines) || lines[n-1] == "" {
		ts.Fatalf("%s has no line %d", args[0], n)
	}
	lines[n-1] = "garbage\n"
	ts.Check(os.WriteFile(path, []byte(strings.Join(lines, "")), 0o600))
}

// logfile sets the variable NAME to the path of session ID's log in the
// sessions folder, whose name also holds the key of its directory.
// usage: logfile NAME ID
func logfile(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: logfile NAME ID")
	}
	logs, err := filepath.Glob(filepath.Join(ts.Getenv("HOME"), ".local", "state", "ply", "sessions", args[1]+".*.jsonl"))
	ts.Check(err)
	if len(logs) != 1 {
		ts.Fatalf("session %s has %d logs, want one: %q", args[1], len(logs), logs)
	}
	ts.Setenv(args[0], logs[0])
}
