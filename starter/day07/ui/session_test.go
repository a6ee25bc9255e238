package ui

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"ply/day07/agent"
	"ply/day07/llm"
	"ply/day07/session"
	"ply/day07/tools"
)

// kept runs a REPL with the Mock on input, keeping its conversation in
// store, after open gives it its session; it returns what the REPL
// printed and the agent.
func kept(t *testing.T, store session.Store, open func(r *REPL) error, input string) (string, *agent.Agent) {
	t.Helper()
	var out bytes.Buffer
	a := agent.New(llm.Mock{}, "scripted", tools.NewRegistry())
	r := NewREPL(a, strings.NewReader(input), &out, false)
	r.KeepSessions(session.NewRecorder(store, a, "/home/ann/calc"), session.NewRedactor(nil))
	defer r.CloseSession()
	if err := open(r); err != nil {
		t.Fatalf("open the session: %v", err)
	}
	if err := r.Run(context.Background()); err != nil {
		t.Fatalf("Run: %v", err)
	}
	return out.String(), a
}

// started makes a session in store: the turns of input, then the question
// left with no answer when unanswered is set, as a crash leaves it. It
// returns the session's id.
func started(t *testing.T, store session.Store, input, unanswered string) string {
	t.Helper()
	var id string
	kept(t, store, func(r *REPL) error {
		err := r.StartSession()
		id = r.SessionID()
		return err
	}, input)
	if unanswered != "" {
		a := agent.New(llm.Mock{}, "scripted", tools.NewRegistry())
		rec := session.NewRecorder(store, a, "/home/ann/calc")
		if _, err := rec.Resume(id); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		a.Send(ctx, unanswered, func(agent.Event) {})
		rec.Close()
	}
	return id
}

// TestResumeCountsTheWindow checks that a resume says how many messages
// of the conversation the model now sees, which after a compaction is
// fewer than the log holds.
func TestResumeCountsTheWindow(t *testing.T) {
	store := session.Store{Dir: t.TempDir()}
	id := started(t, store, "remember that tabs are 8 wide\nwhat can you do?\nhello\n/compact\nhello again\n", "")
	out, a := kept(t, store, func(r *REPL) error { return r.ResumeSession(id) }, "")
	// The system prompt and the note the resume adds are not the
	// conversation the user had.
	want := fmt.Sprintf("resumed session %s: %d messages\n", id, len(a.Messages())-2)
	if !strings.Contains(out, want) {
		t.Errorf("the resume printed\n%s\nwant a line %q", out, want)
	}
}

// TestFailedSwitchChangesNothing checks that a /fork and a /resume that
// cannot be done leave the REPL where it was: in the same session, and
// with its unfinished turn still there for /continue.
func TestFailedSwitchChangesNothing(t *testing.T) {
	store := session.Store{Dir: t.TempDir()}
	id := started(t, store, "hello\n", "what can you do?")
	out, a := kept(t, store, func(r *REPL) error { return r.ResumeSession(id) }, "/fork 999\n/resume s-20260907-100000-zzzz\n/continue\n")
	for _, want := range []string{
		"its last turn has no answer yet: /continue finishes it\n",
		"error: fork " + id + "@999: no event 999",
		"error: no such session s-20260907-100000-zzzz\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the REPL printed\n%s\nwant a line with %q", out, want)
		}
	}
	if msgs := a.Messages(); msgs[len(msgs)-1].Role != llm.RoleAssistant || strings.Contains(out, "nothing to continue") {
		t.Errorf("after the failed /fork and /resume, /continue did not answer the unfinished turn:\n%s", out)
	}
	var log bytes.Buffer
	if err := WriteLog(&log, store, id, 0, nil); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "assistant: I know a few phrases") {
		t.Errorf("the answer /continue gave is not in session %s:\n%s", id, log.String())
	}
}

// TestLogHidesSecrets checks that /log shows a session's secrets
// redacted, and /log --raw as they are.
func TestLogHidesSecrets(t *testing.T) {
	store := session.Store{Dir: t.TempDir()}
	token := "ghp_" + strings.Repeat("a1B2", 9)
	var id string
	out, _ := kept(t, store, func(r *REPL) error {
		err := r.StartSession()
		id = r.SessionID()
		return err
	}, "my token is "+token+"\n/log 3\n")
	// The model's answer, live, quotes the token; the log's lines follow.
	_, log, _ := strings.Cut(out, "tokens: ")
	if strings.Contains(log, token) || !strings.Contains(log, "user: my token is [redacted]") {
		t.Errorf("/log printed\n%s\nwant the user's message with its token redacted", log)
	}
	out, _ = kept(t, store, func(r *REPL) error { return r.ResumeSession(id) }, "/log --raw 20\n/log --rawest\n")
	if !strings.Contains(out, "user: my token is "+token) {
		t.Errorf("/log --raw printed\n%s\nwant the user's message as it is", out)
	}
	if !strings.Contains(out, "usage: /log [--raw] [N]") {
		t.Errorf("/log --rawest printed\n%s\nwant the usage", out)
	}
}

// TestPreviewsHideASecretAtTheirEdge checks that the listings of /resume
// and /fork redact a secret that begins inside what the preview shows and
// goes on past it: cut first, the secret's start would no longer look
// like one and would be printed.
func TestPreviewsHideASecretAtTheirEdge(t *testing.T) {
	store := session.Store{Dir: t.TempDir()}
	token := "ghp_" + strings.Repeat("a1B2", 9)
	question := strings.Repeat("x", session.PreviewWidth-10) + " " + token
	var id string
	kept(t, store, func(r *REPL) error {
		err := r.StartSession()
		id = r.SessionID()
		return err
	}, question+"\n")
	out, _ := kept(t, store, func(r *REPL) error { return r.ResumeSession(id) }, "/resume\n/fork\n")
	if strings.Contains(out, "ghp_") || strings.Count(out, "[redacte") < 2 {
		t.Errorf("/resume and /fork printed\n%s\nwant the token redacted in both, not its first characters", out)
	}
}

// TestPrintableWriter cuts hostile texts at every byte and writes the
// pieces one by one, as Export's buffer hands them over: what comes out
// is the whole text made printable, a character cut in two included.
func TestPrintableWriter(t *testing.T) {
	for _, tt := range hostile {
		for cut := range len(tt.text) + 1 {
			var out strings.Builder
			pw := &printableWriter{w: &out}
			for _, piece := range []string{tt.text[:cut], tt.text[cut:]} {
				if n, err := pw.Write([]byte(piece)); n != len(piece) || err != nil {
					t.Fatalf("Write(%q) = %d, %v", piece, n, err)
				}
			}
			if err := pw.flush(); err != nil {
				t.Fatal(err)
			}
			if out.String() != tt.want {
				t.Errorf("%q written cut at byte %d = %q, want %q", tt.text, cut, out.String(), tt.want)
			}
		}
	}
}

// TestExportKeepsEveryCharacter exports a message long enough that the
// export's buffer cuts it, of characters of two, three and four bytes
// with escape sequences among them, after a message whose length moves
// the cut to each byte of them: every character comes out whole, and
// every escape shown.
func TestExportKeepsEveryCharacter(t *testing.T) {
	const unit = "é日🙂\x1b]52;c;eA==\x07" // 20 bytes
	for shift := range 20 {
		store := session.Store{Dir: t.TempDir()}
		l, err := store.Create(session.Meta{Model: "scripted", Cwd: "/home/ann/calc", Agent: "ply test"}, "You are ply.", nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, text := range []string{strings.Repeat("x", shift+1), strings.Repeat(unit, 3000)} {
			if _, err := l.Append(session.Message{Message: llm.Message{Role: llm.RoleUser, Content: text}}); err != nil {
				t.Fatal(err)
			}
		}
		l.Close()
		var out strings.Builder
		if err := WriteExport(&out, store, l.ID(), nil); err != nil {
			t.Fatal(err)
		}
		if want := strings.Repeat("é日🙂␛]52;c;eA==␇", 3000); !strings.Contains(out.String(), want) {
			t.Errorf("shifted by %d bytes, the export does not hold the message whole, made printable; it holds %d U+FFFD",
				shift, strings.Count(out.String(), "\uFFFD"))
		}
		assertHarmless(t, out.String())
	}
}
