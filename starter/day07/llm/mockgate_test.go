package llm

import "testing"

// TestMockAfterRefusal has the gate refuse the last call of each scenario:
// the Mock says what it could not do and why, and calls nothing more.
func TestMockAfterRefusal(t *testing.T) {
	tests := []struct {
		name, request string
		outputs       []string
		want          string // the whole reply
	}{
		{"the user says no to the tests", "run the tests", []string{"denied by the user"},
			"You did not let me run `go test ./...`, so nothing changed. Tell me how you would like me to go on."},
		{"the user says no to the edit, and why", "fix it", []string{testsFail, playgroundRead(t), "denied by the user: keep the panic, I want to see it"},
			"You did not let me edit calc.go (\"keep the panic, I want to see it\"), so nothing changed. Tell me how you would like me to go on."},
		{"nobody to ask", "run the tests", []string{"denied: not approved (stdin is not a terminal, and ply was started without --yes)"},
			"The approval gate did not let me run `go test ./...`: not approved (stdin is not a terminal, and ply was started without --yes). Nothing changed, and I have stopped here."},
		{"a command the gate refuses", "run the command `sudo ls`", []string{"denied: sudo runs a command as another user"},
			"The approval gate did not let me run `sudo ls`: sudo runs a command as another user. Nothing changed, and I have stopped here."},
		{"an edit refused by the user", "replace `a` with `b` in calc.go", []string{"denied by the user: not that file"},
			"You did not let me edit calc.go (\"not that file\"), so nothing changed. Tell me how you would like me to go on."},
		{"output that only mentions denial is no refusal", "run the command `cat log`", []string{"permission denied\n(exit code 1 · 0.01s)"},
			"`cat log` ended (exit code 1). Its last line of output: \"permission denied\"."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			reply := converse(t, tt.request, tt.outputs...)
			if reply.Content != tt.want || len(reply.ToolCalls) > 0 {
				t.Errorf("after %q, the Mock said %q and called %v\nwant %q and no call", tt.outputs[len(tt.outputs)-1], reply.Content, reply.ToolCalls, tt.want)
			}
		})
	}
}
