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
