//go:build unix

package tools

import (
	"context"
	"os"
	"testing"
	"time"

	"ply/day04/sandbox"
)

// BenchmarkSandbox runs run_command's true, end to end, with and without
// the sandbox: what confining a command costs. The lesson reports it.
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
}
