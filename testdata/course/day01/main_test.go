package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestMain lets the test binary stand in for the program, as testscript's
// Main does in the real days: called ply, it runs main.
func TestMain(m *testing.M) {
	if filepath.Base(os.Args[0]) == "ply" {
		main()
	}
	os.Exit(m.Run())
}

func TestRun(t *testing.T) {
	t.Setenv("SELFTEST", "")
	if got := run(); got != 0 {
		t.Errorf("run() = %d, want 0", got)
	}
}
