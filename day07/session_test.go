package main

import (
	"os"
	"strconv"

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
