package approval_test

import (
	"context"
	"fmt"

	"ply/day07/approval"
	"ply/day07/llm"
)

func ExampleCheckCommand() {
	for _, cmd := range []string{
		"cat calc.go | grep -n Div",
		"go test ./... && rm -rf ~",
		"ls $(rm calc.go)",
		"echo done > notes.txt",
	} {
		d := approval.CheckCommand(cmd, approval.DefaultRules(), "/home/me/calc")
		fmt.Printf("%s: %v: %s\n", cmd, d.Verdict, d.Reason)
	}
	// Output:
	// cat calc.go | grep -n Div: allow: cat is on the allow-list; grep is on the allow-list
	// go test ./... && rm -rf ~: deny: rm -r of / or of the home directory deletes everything in it
	// ls $(rm calc.go): ask: $(rm calc.go) is worked out only when it runs; rm is not on the allow-list
	// echo done > notes.txt: ask: > notes.txt writes to a file
}

// runCommand stands for day 5's run_command tool: it does more than read.
type runCommand struct{}

func (runCommand) ReadOnly() bool { return false }

func ExampleGate_Approve() {
	gate := approval.New("/home/me/calc", approval.DefaultRules())
	call := llm.ToolCall{ID: "call_1", Name: "run_command", Arguments: `{"command":"go test ./..."}`}

	// Nobody at a terminal: the gate fails closed, and says why.
	d := gate.Approve(context.Background(), runCommand{}, call, approval.Unattended{})
	fmt.Println(d.Verdict, "·", d.Reason)

	// ply --yes: every question is answered yes, once.
	d = gate.Approve(context.Background(), runCommand{}, call, approval.AllowAll{})
	fmt.Println(d.Verdict, "·", d.Reason)

	// A refusal is never a question, so --yes does not change it.
	sudo := llm.ToolCall{ID: "call_2", Name: "run_command", Arguments: `{"command":"sudo make install"}`}
	d = gate.Approve(context.Background(), runCommand{}, sudo, approval.AllowAll{})
	fmt.Println(d.Verdict, "·", d.Reason)
	// Output:
	// deny · denied: not approved (stdin is not a terminal, and ply was started without --yes)
	// allow · ply was started with --yes
	// deny · denied: sudo runs a command as another user
}
