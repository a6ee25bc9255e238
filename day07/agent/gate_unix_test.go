//go:build unix

package agent

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ply/day07/approval"
	"ply/day07/llm/llmtest"
	"ply/day07/tools"
)

// TestAllowedCommandRunsFromItsTree runs cat s* with the real
// run_command, in a workspace where s is a link to a secret outside it.
// The gate allows cat s* by its words, and the agent hands run_command
// the tree it judged, which is judged again as it runs: cat s is
// refused. The same command, approved by a human because of a part that
// asks, runs as the human read it, in sh.
func TestAllowedCommandRunsFromItsTree(t *testing.T) {
	tests := []struct {
		name, command string
		ask           approval.Asker
		want, not     string // in what the model reads, and not in it
	}{
		{"allowed by the rules", "cat s*", &asker{}, "refused as it ran: cat s", "the launch codes"},
		{"approved by the human", "cat s*; true", &asker{answer: approval.Answer{Reply: approval.Yes}}, "the launch codes", "refused"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			top := t.TempDir()
			dir := filepath.Join(top, "ws")
			if err := os.Mkdir(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(top, "secret.txt"), []byte("the launch codes\n"), 0o600); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(filepath.Join(top, "secret.txt"), filepath.Join(dir, "s")); err != nil {
				t.Fatal(err)
			}
			ws, err := tools.NewWorkspace(dir)
			if err != nil {
				t.Fatal(err)
			}
			defer ws.Close()
			g := &llmtest.Script{Replies: llmtest.Replies(calls("run_command", `{"command":"`+tt.command+`"}`), final)}
			a := New(g, "m", tools.NewRegistry(tools.Editing(ws, os.Environ())...))
			a.Guard(approval.New(ws.Dir(), approval.DefaultRules()), tt.ask)
			send(context.Background(), a, "go")
			results := toolMessages(g.Requests()[len(g.Requests())-1])
			if len(results) != 1 || !strings.Contains(results[0], tt.want) || strings.Contains(results[0], tt.not) {
				t.Errorf("run_command %q: the model read %q, want %q in it and not %q", tt.command, results, tt.want, tt.not)
			}
		})
	}
}
