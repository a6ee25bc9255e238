package ui

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"ply/day02/agent"
	"ply/day02/llm"
	"ply/day02/llm/llmtest"
)

// storyteller is a model that, asked for a story, says "Once upon" and
// then waits for the cancel, as a slow model would; what it is asked next
// goes to the Mock.
func storyteller() *llmtest.Script {
	return &llmtest.Script{Replies: []llmtest.Reply{
		{Deltas: []llm.StreamDelta{{Text: "Once upon"}}, Hold: true},
		{Pass: llm.Mock{}},
	}}
}

// watcher is an output that calls act once, the first time what has been
// written contains want. (It holds its buffer in a field, not embedded, so
// that io.WriteString cannot reach past Write to the buffer's own
// WriteString.)
type watcher struct {
	buf  bytes.Buffer
	want string
	act  func()
	once sync.Once
}

func (w *watcher) Write(p []byte) (int, error) {
	n, err := w.buf.Write(p)
	if strings.Contains(w.buf.String(), w.want) {
		w.once.Do(w.act)
	}
	return n, err
}

func (w *watcher) String() string { return w.buf.String() }

// TestCtrlCCancelsTheReply presses Ctrl-C as soon as the first words of a
// reply are on the screen: the reply stops, the REPL says so, and the next
// question gets an answer.
func TestCtrlCCancelsTheReply(t *testing.T) {
	interrupts := make(chan os.Signal, 1)
	out := &watcher{want: "Once upon", act: func() { interrupts <- os.Interrupt }}
	r := NewREPL(agent.New(storyteller(), "m"), strings.NewReader("tell me a story\nhello\n"), out, false)
	r.CancelOn(interrupts)
	if err := r.Run(context.Background()); err != nil {
		t.Fatalf("Run: %v", err)
	}
	want := "Once upon\ncancelled; the reply so far stays in the conversation\nHello! I'm ply's scripted model."
	if !strings.HasPrefix(out.String(), want) || !strings.HasSuffix(out.String(), "\nbye\n") {
		t.Errorf("output %q, want it to start %q and end with bye", out.String(), want)
	}
}

// TestCtrlCAtThePromptLeaves presses Ctrl-C while the REPL waits for a line.
func TestCtrlCAtThePromptLeaves(t *testing.T) {
	interrupts := make(chan os.Signal, 1)
	interrupts <- os.Interrupt
	stdin, _ := io.Pipe() // a person who types nothing
	var out bytes.Buffer
	r := NewREPL(agent.New(llm.Mock{}, "m"), stdin, &out, true)
	r.CancelOn(interrupts)
	if err := r.Run(context.Background()); err != nil {
		t.Fatalf("Run: %v", err)
	}
	if got, want := out.String(), "> \nbye\n"; got != want {
		t.Errorf("output %q, want %q", got, want)
	}
}

// TestRepliesAppearAsTheyArrive runs the whole path, a loopback server,
// the HTTP client, the agent and the REPL, against a server that sends the
// first fragment and then holds back the rest until that fragment is on
// the screen. If anything on the way buffered, the screen would stay
// empty and the server would give up waiting.
func TestRepliesAppearAsTheyArrive(t *testing.T) {
	onScreen := make(chan struct{})
	gaveUp := make(chan struct{}, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprint(w, "data: {\"choices\":[{\"delta\":{\"content\":\"First words\"}}]}\n\n")
		_ = http.NewResponseController(w).Flush() // unflushed, the words never reach the screen, and the test says so
		select {
		case <-onScreen:
		case <-time.After(10 * time.Second):
			gaveUp <- struct{}{}
		}
		fmt.Fprint(w, "data: {\"choices\":[{\"delta\":{\"content\":\", then the rest.\"},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n")
	}))
	defer srv.Close()

	out := &watcher{want: "First words", act: func() { close(onScreen) }}
	r := NewREPL(agent.New(llm.NewOpenAI(srv.URL, ""), "m"), strings.NewReader("hello\n"), out, false)
	if err := r.Run(context.Background()); err != nil {
		t.Fatalf("Run: %v", err)
	}
	select {
	case <-gaveUp:
		t.Fatal("the first fragment was not on the screen while the server held back the rest: something buffers")
	default:
	}
	if want := "First words, then the rest.\nbye\n"; out.String() != want {
		t.Errorf("output %q, want %q", out.String(), want)
	}
}
