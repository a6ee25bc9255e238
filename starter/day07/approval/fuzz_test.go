package approval

import (
	"strings"
	"testing"
)

// maxReason is more than any reason the gate writes can be long: a few
// reasons, each quoting at most maxQuoted characters, nested a few
// scripts deep.
const maxReason = 4096

// checkDecision fails t unless d is a decision the gate may give: one of
// the three verdicts, with a reason of bounded length.
func checkDecision(t *testing.T, what string, d Decision) {
	t.Helper()
	switch {
	case d.Verdict != Allow && d.Verdict != Ask && d.Verdict != Deny:
		t.Fatalf("%s: verdict %v, want allow, ask or deny", what, d.Verdict)
	case d.Reason == "":
		t.Fatalf("%s: %v with no reason", what, d.Verdict)
	case len(d.Reason) > maxReason:
		t.Fatalf("%s: a reason of %d bytes, want at most %d", what, len(d.Reason), maxReason)
	}
}

// FuzzCheckCommand feeds the gate any command line. It must decide, with
// a reason, and never panic; and a command behind one that asks must
// never make the whole allowed.
func FuzzCheckCommand(f *testing.F) {
	for _, group := range [][]commandCase{allowedCommands, askedCommands, deniedCommands} {
		for _, tt := range group {
			f.Add(tt.cmd)
		}
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		checkDecision(t, "CheckCommand("+short(cmd)+")", CheckCommand(cmd, DefaultRules(), workspace))
		if d := CheckCommand("rm x; "+cmd, DefaultRules(), workspace); d.Verdict == Allow {
			t.Fatalf("CheckCommand(%q) = allow: %s; the rm in front must keep it from allow", "rm x; "+cmd, d.Reason)
		}
	})
}

// FuzzGateCheck feeds the gate any tool call. A refusal's reason is what
// the model reads, so it says "denied"; and a command the gate allows is
// one it can read and would allow on its own.
func FuzzGateCheck(f *testing.F) {
	f.Add("run_command", `{"command":"ls"}`)
	f.Add("run_command", `{"command":"ls","COMMAND":"rm x"}`)
	f.Add("run_command", `{"command":"sudo ls"}`)
	f.Add("edit_file", `{"path":"calc.go","old_string":"a","new_string":"b"}`)
	f.Add("write_file", `{"path":".git/config"}`)
	f.Add("run_command", `{"command":"ls\u0000"}`)
	f.Add("x", `[`)
	f.Fuzz(func(t *testing.T, name, args string) {
		g := New(workspace, DefaultRules())
		d := g.Check(changer{}, call(name, args))
		checkDecision(t, "Check("+short(name)+" "+short(args)+")", d)
		if d.Verdict == Deny && !strings.HasPrefix(d.Reason, "denied") {
			t.Fatalf("Check(%s %s): a refusal that does not say so: %s", name, args, d.Reason)
		}
		if name == "run_command" && d.Verdict == Allow {
			a, err := readArguments(args)
			if err != nil || CheckCommand(a.Command, DefaultRules(), workspace).Verdict != Allow {
				t.Fatalf("Check(%s) allowed a command it cannot read or would not allow alone", args)
			}
		}
	})
}
