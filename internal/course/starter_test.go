package course

import (
	"strings"
	"testing"
	"time"
)

// timedOutRun is what go test prints when its -timeout ends a test binary.
const timedOutRun = `=== RUN   TestAsker
panic: test timed out after 1m0s
	running tests:
		TestAskerWaits (1m0s)

goroutine 45 [running]:
testing.(*M).startAlarm.func1()
	/usr/local/go/src/testing/testing.go:2802 +0x354

goroutine 44 [select]:
ply/day05/ui.(*TerminalAsker).Ask(0x1)
	/x/day05/ui/ask.go:60 +0x4b0
ply/day05/ui.TestAskerWaits(0x2)
	/x/day05/ui/ask_test.go:189 +0x19e
FAIL	ply/day05/ui	60.013s
`

func TestReadStarterRun(t *testing.T) {
	r := readStarterRun(false, timedOutRun, time.Minute)
	if r.hung != "TestAskerWaits (1m0s)" {
		t.Errorf("hung = %q, want the test still running, as go test names it", r.hung)
	}
	if got := waiting(r.out, r.hung); !strings.Contains(got, "ask_test.go:189") || strings.Contains(got, "startAlarm") {
		t.Errorf("waiting = %q, want the stack of the test's goroutine alone", got)
	}
	failed := "--- FAIL: TestScripts (0.01s)\n    --- FAIL: TestScripts/session_seq (0.06s)\n    --- FAIL: TestScripts/demo (1.2s)\n--- FAIL: TestOther (0.00s)\nFAIL\n"
	r = readStarterRun(false, failed, time.Second)
	if r.hung != "" || strings.Join(r.scripts, " ") != "session_seq demo" {
		t.Errorf("a run that ended: hung %q, scripts %q; want none, and session_seq demo", r.hung, r.scripts)
	}
}

// panickedRun is what go test prints when a test panics.
const panickedRun = `--- FAIL: TestCompact (0.00s)
    compact_test.go:52: compact = [] (see exercise 5)
--- FAIL: TestCompactIsPure (0.00s)
panic: runtime error: index out of range [2] with length 0 [recovered, repanicked]

goroutine 7 [running]:
testing.tRunner.func1.2({0x63b9e0, 0x231fe68860d8})
	/usr/local/go/src/testing/testing.go:1974 +0x232
panic({0x63b9e0?, 0x231fe68860d8?})
	/usr/local/go/src/runtime/panic.go:860 +0x13a
ply/day06/agent.TestCompactIsPure(0x231fe68846c8?)
	/x/day06/agent/compact_test.go:71 +0x7f
testing.tRunner(0x231fe68846c8, 0x669548)
	/usr/local/go/src/testing/testing.go:2036 +0xea
FAIL	ply/day06/agent	0.012s
`

func TestReadStarterRunPanicked(t *testing.T) {
	r := readStarterRun(false, panickedRun, time.Second)
	want := "panic: runtime error: index out of range [2] with length 0 [recovered, repanicked]\n" +
		"ply/day06/agent.TestCompactIsPure(0x231fe68846c8?)\n\t/x/day06/agent/compact_test.go:71 +0x7f"
	if r.hung != "" || r.panicked != want {
		t.Errorf("a run that panicked: hung %q, panicked %q; want none, and %q", r.hung, r.panicked, want)
	}
	if r = readStarterRun(false, timedOutRun, time.Minute); r.panicked != "" {
		t.Errorf("a run that timed out: panicked %q, want none: it is hung", r.panicked)
	}
	if r = readStarterRun(false, "--- FAIL: TestX (0.00s)\n    x_test.go:3: panic: not really\nFAIL\n", time.Second); r.panicked != "" {
		t.Errorf("a run whose test only prints the word: panicked %q, want none", r.panicked)
	}
}

func TestRetaken(t *testing.T) {
	out := "✓ a\n✗ b: still running after 5s: is there a loop that never ends? — see exercise 1\n✗ c: wrong — see exercise 2\n1/3 passed\n"
	tests := []struct {
		name, second, want string
	}{
		{"it passes the second time", "✓ b\n1/1 passed\n",
			"✓ a\n✓ b\n✗ c: wrong — see exercise 2\n2/3 passed\n"},
		{"it runs out of time again", "✗ b: still running after 5s: is there a loop that never ends? — see exercise 1\n0/1 passed\n", out},
		{"the second run printed nothing of it", "", out},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := retaken(out, tt.second, []string{"b"}); got != tt.want {
				t.Errorf("retaken = %q, want %q", got, tt.want)
			}
		})
	}
}
