package lab

import (
	"slices"
	"strings"
	"testing"
)

// verboseRun is what a test binary prints with -test.v: tests in
// parallel, a subtest that fails, and lines each test printed.
const verboseRun = `=== RUN   TestA
=== PAUSE TestA
=== RUN   TestB
=== RUN   TestB/one
    b_test.go:10: one is wrong
        and says so on two lines
=== RUN   TestB/two
--- FAIL: TestB (0.00s)
    --- FAIL: TestB/one (0.00s)
    --- PASS: TestB/two (0.00s)
=== CONT  TestA
    a_test.go:3: a log line
    --- FAIL: TestDiv/by_zero (0.00s)
--- PASS: TestA (1.50s)
FAIL
`

func TestReadTestRun(t *testing.T) {
	r := ReadTestRun(verboseRun)
	if !r.Ended || r.Stop != "" {
		t.Errorf("Ended %v, Stop %q; want a run that ended", r.Ended, r.Stop)
	}
	for name, want := range map[string]bool{"TestA": true, "TestB": false, "TestB/one": false, "TestB/two": true} {
		if got := r.Tests[name]; got == nil || got.Passed != want || got.Failed == want {
			t.Errorf("%s: %+v, want passed %v", name, got, want)
		}
	}
	if r.Tests["TestA"].Seconds != 1.5 {
		t.Errorf("TestA took %v, want 1.5 seconds", r.Tests["TestA"].Seconds)
	}
	if r.Tests["TestDiv/by_zero"] != nil {
		t.Error("a result line that a test printed, of a test the run never started, was read as the run's")
	}
	if r.Leaf("TestB") || !r.Leaf("TestB/one") {
		t.Errorf("Leaf: TestB %v, TestB/one %v; want false, true", r.Leaf("TestB"), r.Leaf("TestB/one"))
	}
	if got, want := r.Failure("TestB"), "b_test.go:10: one is wrong\n    and says so on two lines"; got != want {
		t.Errorf("Failure(TestB) = %q, want %q", got, want)
	}
}

func TestReadTestRunThatPanics(t *testing.T) {
	out := "=== RUN   TestA\n--- PASS: TestA (0.00s)\n=== RUN   TestB\npanic: runtime error: index out of range [recovered]\n\ngoroutine 7 [running]:\nmain.TestB()\nFAIL\tx\t0.01s\n"
	r := ReadTestRun(out)
	if r.Ended || !strings.HasPrefix(r.Stop, "panic: runtime error") {
		t.Errorf("Ended %v, Stop %q; want a run stopped by the panic", r.Ended, r.Stop)
	}
	if b := r.Tests["TestB"]; b == nil || !b.Failed {
		t.Errorf("TestB = %+v, want it failed by its panic", b)
	}
	// A test after the panic never ran: it failed, as far as the lab
	// can tell, and says why.
	if why, failed := testFailure(r, "TestC"); !failed || !strings.Contains(why, "the test binary stopped before it") {
		t.Errorf("testFailure(TestC) = %q, %v; want a failure that names the stop", why, failed)
	}
	// A subtest a student's copy does not have is judged by its parent.
	if _, failed := testFailure(r, "TestB/sub"); !failed {
		t.Error("testFailure(TestB/sub) passes, but its parent failed")
	}
	if _, failed := testFailure(r, "TestA/sub"); failed {
		t.Error("testFailure(TestA/sub) fails, but its parent passed")
	}
}

func TestBounded(t *testing.T) {
	text := strings.Repeat("line\n", 50)
	if got := Bounded(text, 3, 1000); got != "line\nline\nline\n… 47 more lines" {
		t.Errorf("Bounded to 3 lines = %q", got)
	}
	if got := Bounded("ééééé\nb", 10, 5); !strings.HasPrefix(got, "éé") || strings.Contains(got, "\uFFFD") {
		t.Errorf("Bounded to 5 bytes = %q, want it cut between characters", got)
	}
}

func TestLeavesPattern(t *testing.T) {
	tests := []struct {
		names []string
		want  string
	}{
		{[]string{"TestA", "TestB"}, "(^TestA$|^TestB$)"},
		{[]string{"TestScripts/demo", "TestScripts/run timeout"}, `(^TestScripts$)/(^demo$|^run timeout$)`},
		{[]string{"TestA", "TestB/x"}, "(^TestA$|^TestB$)"},
	}
	for _, tt := range tests {
		if got := LeavesPattern(tt.names); got != tt.want {
			t.Errorf("LeavesPattern(%q) = %q, want %q", tt.names, got, tt.want)
		}
	}
}

func TestBatches(t *testing.T) {
	tests := []Owner{
		{Package: "tools", Test: "TestQuick/a", Seconds: 0.01},
		{Package: "tools", Test: "TestQuick/b", Seconds: 0.01},
		{Package: ".", Test: "TestScripts/demo", Seconds: 1},
		{Package: ".", Test: "TestHostile", Seconds: 4},
		{Package: "tools", Test: "TestOther"},
	}
	var got []string
	for _, b := range batches(tests) {
		got = append(got, b.pkg+": "+strings.Join(b.tests, " "))
	}
	want := []string{".: TestHostile", ".: TestScripts/demo", "tools: TestQuick/a TestQuick/b TestOther"}
	if !slices.Equal(got, want) {
		t.Errorf("batches = %q, want %q: each slow test alone, the slowest first, and the quick ones of a package together", got, want)
	}
}
