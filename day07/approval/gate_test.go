package approval

import (
	"strings"
	"testing"

	"ply/day07/llm"
)

func call(name, args string) llm.ToolCall {
	return llm.ToolCall{ID: "call_1", Name: name, Arguments: args}
}

func TestCheck(t *testing.T) {
	tests := []struct {
		name   string
		tool   Tool
		call   llm.ToolCall
		want   Verdict
		reason string
		grant  string
	}{
		{"a read-only tool", looker{}, call("read_file", `{"path":"calc.go"}`), Allow, "read_file only reads", ""},
		{"a read-only tool, with arguments the gate cannot read", looker{}, call("search", `{"x":`), Allow, "only reads", ""},
		{"a read-only tool whose name looks like a write", looker{}, call("write_file", `{"path":"x"}`), Allow, "only reads", ""},
		{"a tool that writes, whatever its name", changer{}, call("read_file", `{"path":"x"}`), Ask, "not a read-only tool", `read_file: {"path":"x"}`},
		{"no such tool", nil, call("format_disk", `{}`), Deny, `denied: there is no tool "format_disk"`, ""},
		{"an allowed command", changer{}, call("run_command", `{"command":"git status"}`), Allow, "on the allow-list", ""},
		{"a command that asks", changer{}, call("run_command", `{"command":"go test ./..."}`), Ask, "go is not on the allow-list", "run_command: go test ./..."},
		{"a refused command", changer{}, call("run_command", `{"command":"sudo ls"}`), Deny, "denied: sudo runs a command as another user", ""},
		{"a command, named twice", changer{}, call("run_command", `{"command":"ls","Command":"rm -rf x"}`), Deny, `denied: the arguments cannot be read: they name "Command" twice`, ""},
		{"arguments that are not JSON", changer{}, call("run_command", `ls`), Deny, "denied: the arguments cannot be read", ""},
		{"an edit", editor{}, call("edit_file", `{"path":"./calc.go"}`), Ask, "edit_file changes calc.go", "edit_file: calc.go"},
		{"a new file", changer{}, call("write_file", `{"path":"/ws/new.go","content":"x"}`), Ask, "write_file changes new.go", "write_file: new.go"},
		{"a write into .git", changer{}, call("write_file", `{"path":".git/config","content":"x"}`), Ask, "one of git's own files", "write_file: .git/config"},
		{"a write without a path", changer{}, call("write_file", `{"content":"x"}`), Deny, "denied: write_file needs the path of the file it changes", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := New(workspace, DefaultRules()).Check(tt.tool, tt.call)
			if got.Verdict != tt.want || !strings.Contains(got.Reason, tt.reason) || got.Grant != tt.grant {
				t.Errorf("Check(%s %s) = %v: %s (grant %q)\nwant %v, with a reason that says %q (grant %q)",
					tt.call.Name, tt.call.Arguments, got.Verdict, got.Reason, got.Grant, tt.want, tt.reason, tt.grant)
			}
		})
	}
}

// TestGrantsTurnAskIntoAllow checks what an "always" covers: the same
// call again, and nothing more; and that no grant turns a refusal into
// anything else.
func TestGrantsTurnAskIntoAllow(t *testing.T) {
	g := New(workspace, DefaultRules())
	g.Grants().Add("run_command: go test ./...")
	g.Grants().Add("edit_file: calc.go")
	g.Grants().Add("run_command: sudo ls")
	tests := []struct {
		call llm.ToolCall
		want Verdict
	}{
		{call("run_command", `{"command":"go test ./..."}`), Allow},
		{call("run_command", `{"command":"go test -run X ./..."}`), Ask},
		{call("run_command", `{"command":"go run ."}`), Ask},
		{call("run_command", `{"command":"go test ./... && rm x"}`), Ask},
		{call("run_command", `{"command":"go test ./...","timeout_s":600}`), Ask},
		{call("run_command", `{"command":"sudo ls"}`), Deny},
		{call("edit_file", `{"path":"calc.go","old_string":"a","new_string":"b"}`), Allow},
		{call("edit_file", `{"path":"./calc.go","old_string":"c","new_string":"d"}`), Allow},
		{call("edit_file", `{"path":"/ws/calc.go"}`), Allow},
		{call("write_file", `{"path":"calc.go","content":""}`), Ask},
		{call("edit_file", `{"path":"calc_test.go"}`), Ask},
	}
	for _, tt := range tests {
		if got := g.Check(changer{}, tt.call); got.Verdict != tt.want {
			t.Errorf("with grants %q, Check(%s %s) = %v: %s; want %v (see day05's exercise 2)",
				g.Grants().List(), tt.call.Name, tt.call.Arguments, got.Verdict, got.Reason, tt.want)
		}
	}
	g.Grants().RevokeAll()
	if got := g.Check(changer{}, call("run_command", `{"command":"go test ./..."}`)); got.Verdict != Ask {
		t.Errorf("after RevokeAll, go test ./... = %v, want it to ask again", got.Verdict)
	}
}

// TestCheckCarriesTheProgram checks that a command allowed by the rules
// comes with the tree that was judged, for run_command to run, and that
// nothing else does: a command allowed by a grant was seen by the human,
// and runs as they saw it.
func TestCheckCarriesTheProgram(t *testing.T) {
	g := New(workspace, DefaultRules())
	g.Grants().Add("run_command: go test ./...")
	tests := []struct {
		tool    Tool
		call    llm.ToolCall
		program bool
	}{
		{changer{}, call("run_command", `{"command":"git status"}`), true},
		{changer{}, call("run_command", `{"command":"go test ./..."}`), false},
		{changer{}, call("run_command", `{"command":"rm x"}`), false},
		{looker{}, call("read_file", `{"path":"calc.go"}`), false},
	}
	for _, tt := range tests {
		d := g.Check(tt.tool, tt.call)
		if got := d.Program != nil; got != tt.program || got && d.Program.Command != "git status" {
			t.Errorf("Check(%s %s) = %v: %s, with a program: %v; want a program: %v, of the command itself",
				tt.call.Name, tt.call.Arguments, d.Verdict, d.Reason, got, tt.program)
		}
	}
}

func TestCheckOnWindowsAsksForEveryCommand(t *testing.T) {
	g := New(workspace, DefaultRules())
	g.shell = false // as on Windows, where cmd.exe reads the command, not sh
	got := g.Check(changer{}, call("run_command", `{"command":"ls"}`))
	if got.Verdict != Ask || got.Grant != "run_command: ls" {
		t.Errorf("on Windows, Check(ls) = %v: %s (grant %q), want ask, with always possible", got.Verdict, got.Reason, got.Grant)
	}
}
