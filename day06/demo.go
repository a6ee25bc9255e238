package main

import (
	"context"
	_ "embed"
	"fmt"
	"os"
	"path/filepath"

	"github.com/rogpeppe/go-internal/txtar"

	"ply/day06/approval"
	"ply/day06/llm"
	"ply/day06/tools"
	"ply/day06/ui"
)

// demoScript is what ply demo types: the day's scenario on the playground.
var demoScript = []string{
	"run the tests and see which case fails",
	"fix it",
}

// playgroundArchive is testdata/playground as one txtar archive. The
// playground is a Go module of its own, and go:embed takes no file from
// the folder of another module, so the binary carries this copy.
// TestPlaygroundArchive fails when the two differ, and
// go test -run TestPlaygroundArchive -update . rewrites the archive.
//
//go:embed playground.txtar
var playgroundArchive []byte

// demo runs "ply demo": it copies the playground into a new temporary
// directory, says where, and plays demoScript there on the configured
// model as if the user typed it. Then it leaves the user at the prompt in
// that directory, unless stdin is not a terminal. The copy stays, for the
// user to look at, and the demo ends by saying where it is, and that
// nothing removes it but the user. It returns the exit status.
//
// The gate asks as it always does. With the scripted model, the demo
// answers too, as its user would (demoAnswer), and each answer shows as
// if typed: the questions are part of what it shows, and it shows them
// the same with or without a terminal. Its "always" answers are forgotten
// before the user takes over. A real model's calls are not the demo's to
// approve: the user answers them, or, with no terminal, nobody does and
// they are refused.
func demo(args []string) int {
	if len(args) > 0 {
		return fail(2, "ply demo", fmt.Errorf("unexpected argument %q (usage: ply demo)", args[0]))
	}
	budget, err := contextBudget(os.Getenv)
	if err != nil {
		return fail(2, "ply demo", err)
	}
	idle, err := idleTimeout(os.Getenv)
	if err != nil {
		return fail(2, "ply demo", err)
	}
	dir, err := os.MkdirTemp("", "ply-demo-")
	if err == nil {
		err = writePlayground(dir)
	}
	if err != nil {
		return fail(1, "ply demo", err)
	}
	ws, err := tools.NewWorkspace(dir)
	if err != nil {
		return fail(1, "ply demo", err)
	}
	defer ws.Close()
	places := sandboxFlags{}.places(ws.Dir())
	repl, a := newREPL(ws, budget, idle, places)
	var user gateFlags // no --allow, no --yes: the gate as it is by default
	gate := user.newGate(ws.Dir(), places != nil)
	a.Guard(gate, user.asker(repl))
	fmt.Printf("demo: the playground is copied to %s, and ply works on the copy\n", ws.Dir())
	if llm.ConfigFromEnv(os.Getenv).Mock {
		a.Guard(gate, repl.PlayAnswers(demoAnswer))
		fmt.Println("demo: the gate asks before each change; the demo answers for you, as if typed")
	}
	ctx := context.Background()
	repl.Play(ctx, demoScript)
	gate.Grants().RevokeAll()
	a.Guard(gate, user.asker(repl))
	if ui.IsTerminal(os.Stdin) {
		if err := repl.Run(ctx); err != nil {
			return fail(1, "ply: read input", err)
		}
	}
	fmt.Printf("demo: the copy stays in %s\n", ws.Dir())
	fmt.Println("demo: remove that folder when you are done with it")
	return 0
}

// demoAnswer is how the demo's user answers the gate about the scripted
// model's calls: always for running the tests, yes for an edit (the diff
// shows it first), and no to anything else, with a reason for the model.
func demoAnswer(q approval.Question) string {
	switch {
	case q.Tool == "run_command" && q.Command == "go test ./...":
		return "a"
	case q.Tool == "edit_file":
		return "y"
	}
	return "n the demo says yes only to go test ./... and to edits"
}

// writePlayground writes the files of playgroundArchive into dir.
func writePlayground(dir string) error {
	for _, f := range txtar.Parse(playgroundArchive).Files {
		if !filepath.IsLocal(f.Name) {
			return fmt.Errorf("the playground holds %q, a path outside it", f.Name) // a broken build, not a user's mistake
		}
		path := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, f.Data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
