//go:build unix

package tools

import (
	"context"
	"os"
	"testing"
	"time"

	"ply/day07/approval"
	"ply/day07/sandbox"
)

// BenchmarkSandbox runs run_command's true, end to end, with and without
// the sandbox: what confining a command costs. The lesson reports it.
// From day 5, a command the gate allowed runs in ply's helper, in the
// read-only sandbox: "read-only" is that, for pwd, a builtin the rules
// allow, so that what it measures is the helper and the sandbox.
//
//	go test -run XXX -bench Sandbox ./tools
func BenchmarkSandbox(b *testing.B) {
	ws := tree(b, nil)
	places := sandbox.Default(ws.Dir())
	if places == nil {
		b.Skip("no sandbox on this machine")
	}
	for _, bb := range []struct {
		name   string
		places *sandbox.Places
	}{{"unconfined", nil}, {"workspace-write", places}} {
		b.Run(bb.name, func(b *testing.B) {
			r := NewRunCommand(ws, os.Environ(), bb.places)
			for b.Loop() {
				if _, err := r.run(context.Background(), "true", time.Minute); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
	b.Run("read-only", func(b *testing.B) {
		d := approval.CheckCommand("pwd", approval.DefaultRules(), ws.Dir())
		if d.Program == nil {
			b.Fatalf("pwd is %v (%s), want it allowed by the rules", d.Verdict, d.Reason)
		}
		ctx := WithProgram(context.Background(), d.Program)
		r := NewRunCommand(ws, os.Environ(), places)
		for b.Loop() {
			if _, err := r.run(ctx, "pwd", time.Minute); err != nil {
				b.Fatal(err)
			}
		}
	})
}
