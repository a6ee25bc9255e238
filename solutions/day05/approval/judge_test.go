package approval

import "testing"

// TestCompoundCommands checks the rule at the heart of the gate: a
// command is as strict as its strictest part, wherever that part stands.
//
//lab:exercise 5 Table-test CheckCommand with DefaultRules: parts joined by ; && || | or a new line are allowed only if all are; one part that asks ($(…), >, a for loop) asks, one refused part refuses, first or last.
func TestCompoundCommands(t *testing.T) {
	tests := []struct {
		cmd  string
		want Verdict
	}{
		{"ls; pwd", Allow},
		{"ls && cat calc.go || pwd", Allow},
		{"cat calc.go | grep Div | wc -l", Allow},
		{"ls\npwd", Allow},
		{"(ls; pwd)", Allow},
		{"ls 2>&1 | tail -5", Allow},

		{"rm x; ls", Ask},
		{"ls; rm x", Ask},
		{"ls && rm x", Ask},
		{"ls | rm x", Ask},
		{"ls\nrm x", Ask},
		{"(ls; rm x)", Ask},
		{"ls $(rm x)", Ask},
		{"ls $(ls)", Ask},
		{"ls > out.txt", Ask},
		{"for PATH in .; do ls; done", Ask},
		{"X=1 ls", Ask},

		{"sudo ls; rm x", Deny},
		{"rm x; sudo ls", Deny},
		{"ls && sudo ls", Deny},
		{"ls | sudo tee x", Deny},
		{"ls $(sudo ls)", Deny},
		{"X=1 sudo ls", Deny},
		{"ls\nsudo ls", Deny},
	}
	for _, tt := range tests {
		if got := CheckCommand(tt.cmd, DefaultRules(), "/ws"); got.Verdict != tt.want {
			t.Errorf("CheckCommand(%q) = %v: %s; want %v", tt.cmd, got.Verdict, got.Reason, tt.want)
		}
	}
}
