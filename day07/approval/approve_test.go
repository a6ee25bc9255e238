package approval

import (
	"context"
	"testing"
)

func TestApprove(t *testing.T) {
	goTest := call("run_command", `{"command":"go test ./..."}`)
	tests := []struct {
		name   string
		answer Answer
		want   Verdict
		reason string
	}{
		{"yes", Answer{Reply: Yes}, Allow, "the user said yes"},
		{"always", Answer{Reply: Always}, Allow, "the user said yes, always"},
		{"no", Answer{Reply: No}, Deny, "denied by the user"},
		{"no, with a reason", Answer{Reply: No, Reason: "use the other file"}, Deny, "denied by the user: use the other file"},
		{"no answer", Answer{Reply: NoAnswer, Reason: "the input ended"}, Deny, "denied: not approved (the input ended)"},
		{"an answer the gate does not know", Answer{Reply: Reply(42)}, Deny, "denied: not approved"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := New(workspace, DefaultRules())
			asker := &replier{answer: tt.answer}
			got := g.Approve(context.Background(), changer{}, goTest, asker)
			if got.Verdict != tt.want || got.Reason != tt.reason {
				t.Errorf("answered %+v, Approve = %v: %s; want %v: %s", tt.answer, got.Verdict, got.Reason, tt.want, tt.reason)
			}
			if len(asker.asked) != 1 {
				t.Fatalf("the asker was asked %d times, want once", len(asker.asked))
			}
			if q := asker.asked[0]; q.Command != "go test ./..." || q.Grant != "run_command: go test ./..." || q.Reason == "" {
				t.Errorf("the question was %+v, want the command, its grant and a reason", q)
			}
			granted := g.Grants().Has("run_command: go test ./...")
			if granted != (tt.answer.Reply == Always) {
				t.Errorf("after %+v, the grant is there: %v, want %v", tt.answer, granted, tt.answer.Reply == Always)
			}
		})
	}
}

func TestApproveAlwaysIsNotAskedAgain(t *testing.T) {
	g := New(workspace, DefaultRules())
	goTest := call("run_command", `{"command":"go test ./..."}`)
	g.Approve(context.Background(), changer{}, goTest, &replier{answer: Answer{Reply: Always}})
	if got := g.Approve(context.Background(), changer{}, goTest, nobody{t}); got.Verdict != Allow {
		t.Errorf("after always, the same call = %v: %s, want allow without a question", got.Verdict, got.Reason)
	}
}

func TestApproveNeverAsksAboutReadsOrRefusals(t *testing.T) {
	g := New(workspace, DefaultRules())
	ctx := context.Background()
	if got := g.Approve(ctx, looker{}, call("read_file", `{"path":"calc.go"}`), nobody{t}); got.Verdict != Allow {
		t.Errorf("read_file = %v: %s, want allow", got.Verdict, got.Reason)
	}
	if got := g.Approve(ctx, changer{}, call("run_command", `{"command":"ls | wc -l"}`), nobody{t}); got.Verdict != Allow {
		t.Errorf("ls | wc -l = %v: %s, want allow", got.Verdict, got.Reason)
	}
	if got := g.Approve(ctx, changer{}, call("run_command", `{"command":"sudo ls"}`), nobody{t}); got.Verdict != Deny {
		t.Errorf("sudo ls = %v: %s, want deny", got.Verdict, got.Reason)
	}
}

func TestApproveShowsTheChange(t *testing.T) {
	g := New(workspace, DefaultRules())
	asker := &replier{answer: Answer{Reply: No}}
	g.Approve(context.Background(), editor{}, call("edit_file", `{"path":"calc.go"}`), asker)
	g.Approve(context.Background(), editor{}, call("edit_file", `{"path":"gone.go"}`), asker)
	if len(asker.asked) != 2 {
		t.Fatalf("asked %d questions, want 2", len(asker.asked))
	}
	if c := asker.asked[0].Change; c == nil || c.Before != "old text\n" || c.After != "new text\n" || asker.asked[0].Path != "calc.go" {
		t.Errorf("the question about calc.go carried %+v, want the editor's preview", c)
	}
	if c := asker.asked[1].Change; c == nil || c.Err == nil {
		t.Errorf("the question about gone.go carried %+v, want the preview's error", c)
	}
}

func TestUnattendedDenies(t *testing.T) {
	g := New(workspace, DefaultRules())
	got := g.Approve(context.Background(), changer{}, call("run_command", `{"command":"go test ./..."}`), Unattended{})
	want := "denied: not approved (stdin is not a terminal, and ply was started without --yes)"
	if got.Verdict != Deny || got.Reason != want {
		t.Errorf("with no terminal, Approve = %v: %s; want deny: %s", got.Verdict, got.Reason, want)
	}
}

func TestAllowAllAllowsWhatAsksOnly(t *testing.T) {
	g := New(workspace, DefaultRules())
	ctx := context.Background()
	for _, cmd := range []string{"go test ./...", "rm x", "ls (", "echo hi > x"} {
		if got := g.Approve(ctx, changer{}, call("run_command", `{"command":"`+cmd+`"}`), AllowAll{}); got.Verdict != Allow {
			t.Errorf("with --yes, %q = %v: %s, want allow", cmd, got.Verdict, got.Reason)
		}
	}
	for _, cmd := range []string{"sudo ls", "rm -rf ~", "go test ./... && rm -rf /"} {
		if got := g.Approve(ctx, changer{}, call("run_command", `{"command":"`+cmd+`"}`), AllowAll{}); got.Verdict != Deny {
			t.Errorf("with --yes, %q = %v: %s, want deny: --yes answers questions, and a refusal is none", cmd, got.Verdict, got.Reason)
		}
	}
	if got := g.Approve(ctx, changer{}, call("run_command", `{"command":"go test ./..."}`), AllowAll{}); len(g.Grants().List()) != 0 {
		t.Errorf("--yes left grants %q after %v; it says yes once, each time", g.Grants().List(), got.Verdict)
	}
}
