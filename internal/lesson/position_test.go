package lesson

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// captureTest is a test file the lessons of the tests cite by line.
const captureTest = `package tools

import "testing"

func TestCapture(t *testing.T) {
	where := "17 bytes"
	t.Errorf("%s (see exercise 2): the head is %q, want %q", where, "a", "b")
	t.Logf("%d commands; %d allowed",
		3, 2)
	t.Error("plain", 3)
	check(t, "x")
}

func check(t *testing.T, s string) {
	t.Helper()
	t.Errorf("helped %s", s)
}
`

func TestCitedLines(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "tools", "capture_test.go"), captureTest)
	lesson := filepath.Join(dir, "README.md")
	md := strings.Join([]string{
		"# A lesson",
		"",
		"```",
		"--- FAIL: TestCapture (0.00s)",
		"    capture_test.go:52: 17 bytes (see exercise 2): the head is \"000\", want \"00\"",
		"    capture_test.go:9: 3 commands; 2 allowed",
		"    capture_test.go:10: plain 3",
		"```",
		"",
		"TestCapture (capture_test.go:1) runs it.",
		"",
		"<!-- quote tools/capture_test.go check -->",
		"```go",
		"func check(t *testing.T, s string) {",
		"\tt.Helper()",
		"\tt.Errorf(\"helped %s\", s)",
		"}",
		"```",
		"",
	}, "\n")
	writeFile(t, lesson, md)
	rewrites, err := Update(lesson, dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []Rewrite{
		{Line: 5, What: "capture_test.go:52", Old: "52", New: "7"},
		{Line: 6, What: "capture_test.go:9", Old: "9", New: "8"},
		{Line: 10, What: "capture_test.go:1", Old: "1", New: "5"},
	}
	if !reflect.DeepEqual(rewrites, want) {
		t.Errorf("Update = %+v\nwant %+v", rewrites, want)
	}
	got := readFile(t, lesson)
	for _, line := range []string{"    capture_test.go:7: 17 bytes", "    capture_test.go:8: 3 commands", "    capture_test.go:10: plain 3", "TestCapture (capture_test.go:5) runs it."} {
		if !strings.Contains(got, line) {
			t.Errorf("after Update the lesson misses %q:\n%s", line, got)
		}
	}
	if err := Check(lesson, dir); err != nil {
		t.Errorf("Check after Update = %v", err)
	}

	// What cannot be worked out is refused, and nothing is written.
	tests := []struct{ line, err string }{
		{"Name a line (`calc.go:20`).", "calc.go:20: there is no such file"},
		{"See capture_test.go:20 for nothing.", "capture_test.go:20: write it as a line of go test's output or as NAME (capture_test.go:N)"},
		{"    capture_test.go:16: helped x", `no call of t.Errorf, t.Fatalf, t.Logf … in ` + filepath.ToSlash(filepath.Join(dir, "tools", "capture_test.go")) + ` prints "helped x"`},
		{"It stops at `:391`.", "a bare line number"},
		{"Undeclared (capture_test.go:3).", "declares no Undeclared"},
	}
	for _, tt := range tests {
		md := "# A lesson\n\n" + tt.line + "\n"
		writeFile(t, lesson, md)
		if _, err := Update(lesson, dir); err == nil || !strings.Contains(err.Error(), tt.err) || !strings.Contains(err.Error(), "README.md:3: ") {
			t.Errorf("Update of %q = %v, want an error at line 3 saying %q", tt.line, err, tt.err)
		}
		if got := readFile(t, lesson); got != md {
			t.Errorf("Update of %q wrote the lesson: %q", tt.line, got)
		}
		if err := Check(lesson, dir); err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("Check of %q = %v, want an error saying %q", tt.line, err, tt.err)
		}
	}
}
