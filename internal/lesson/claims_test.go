package lesson

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestClaimProblems(t *testing.T) {
	tests := []struct {
		name, md string
		want     int // claims refused
	}{
		{"a claim with no test", "The gate never runs a command twice.\n", 1},
		{"a claim with its test", "The gate never runs a command twice (`TestGateOnce`).\n", 0},
		{"a test elsewhere in the paragraph", "The gate never runs a command twice.\n`TestGateOnce` shows it.\n", 0},
		{"a test in another paragraph", "The gate never runs a command twice.\n\n`TestGateOnce` shows it.\n", 1},
		{"the self-check", "A refused call is always a result: the self-check's last line shows it.\n", 0},
		{"a trial", "A server cannot stall it for ever: we tried one that sends a byte a minute.\n", 0},
		{"a quoted word", "The answer \"always\" grants a command for the session.\n", 0},
		{"inline code", "Run it with `--never` to see.\n", 0},
		{"two claims", "It never stops. It always asks.\n", 2},
		{"in a code block", "```\nnever\n```\n", 0},
		{"in a marker", "<!-- never -->\n", 0},
		{"in a heading", "## Why it never stops\n", 1},
		{"is refused", "A path outside is refused.\n", 1},
		{"a plain word", "It reads the file and prints it.\n", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "README.md")
			if err := os.WriteFile(path, []byte(tt.md), 0o644); err != nil {
				t.Fatal(err)
			}
			errs := ClaimProblems(path)
			for _, err := range errs {
				if !errors.Is(err, ErrUnshownClaim) {
					t.Fatalf("ClaimProblems(%q): %v, want only unshown claims", tt.md, err)
				}
			}
			if len(errs) != tt.want {
				t.Errorf("ClaimProblems(%q) found %d claims with nothing to show them, want %d: %v", tt.md, len(errs), tt.want, errs)
			}
		})
	}
	if errs := ClaimProblems(filepath.Join(t.TempDir(), "none.md")); len(errs) != 1 || strings.Contains(errs[0].Error(), "claim") {
		t.Errorf("ClaimProblems of a missing file = %v, want the error of opening it", errs)
	}
}
