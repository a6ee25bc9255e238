//go:build unix

package agent

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ply/day05/approval"
	"ply/day05/llm/llmtest"
	"ply/day05/sandbox"
	"ply/day05/tools"
)

// TestAllowedCommandRunsFromItsTree runs cat s* with the real
// run_command, in a workspace where s is a link to a secret outside it,
// and then tries to write a file. The gate allows cat s* by its words,
// and the agent hands run_command the tree it judged, which runs in the
// read-only sandbox: cat s is refused by the kernel, and nothing is
// written. The same command with a part that asks, approved by a human,
// runs as the human read it, in sh, in the sandbox of an approved
// command: it writes the workspace, and still reads nothing outside.
func TestAllowedCommandRunsFromItsTree(t *testing.T) {
	if sandbox.Default(t.TempDir()) == nil {
		t.Skip("no sandbox on this machine: every command asks")
	}
	tests := []struct {
		name, command string
		ask           approval.Asker
		writes        bool // the command's file is written
	}{
		{"allowed by the rules", "cat s*; echo x > /dev/null", &asker{}, false},
		{"approved by the human", "cat s*; echo x > made", &asker{answer: approval.Answer{Reply: approval.Yes}}, true},
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
			a := New(g, "m", tools.NewRegistry(tools.Editing(ws, os.Environ(), sandbox.Default(ws.Dir()))...))
			a.Guard(approval.New(ws.Dir(), approval.DefaultRules()), tt.ask)
			send(context.Background(), a, "go")
			results := toolMessages(g.Requests()[len(g.Requests())-1])
			if len(results) != 1 || !strings.Contains(results[0], "Permission denied") || strings.Contains(results[0], "the launch codes") {
				t.Errorf("run_command %q: the model read %q, want the kernel's refusal, and not the secret", tt.command, results)
			}
			if _, err := os.Stat(filepath.Join(dir, "made")); (err == nil) != tt.writes {
				t.Errorf("run_command %q: made exists: %v, want %v", tt.command, err == nil, tt.writes)
			}
		})
	}
}
