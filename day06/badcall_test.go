package main

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"ply/day06/agent"
	"ply/day06/llm"
	"ply/day06/sandbox"
	"ply/day06/tools"
)

// TestBrokenCallOverHTTP is the case through the real client, on
// the default budget: the model's first reply calls write_file with 100 KB
// of JSON that breaks off. The call does not run, the model is told how
// to write a big file, the turn goes on to the model's next reply, and
// that request carries a stub in place of the 100 KB.
func TestBrokenCallOverHTTP(t *testing.T) {
	t.Parallel()
	broken := `{"path":"big.txt","content":"` + strings.Repeat("x", 100_000)
	var mu sync.Mutex // guards sizes
	var sizes []int   // of each request's body
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body) // a body cut short shows as a wrong size below
		mu.Lock()
		sizes = append(sizes, len(body))
		first := len(sizes) == 1
		mu.Unlock()
		w.Header().Set("Content-Type", "text/event-stream")
		if first {
			writeChunk(w, map[string]any{"tool_calls": []any{map[string]any{
				"index": 0, "id": "call_0", "type": "function",
				"function": map[string]any{"name": "write_file", "arguments": broken},
			}}}, "tool_calls")
		} else {
			writeChunk(w, map[string]any{"content": "I will write it in parts."}, "stop")
		}
		_, _ = io.WriteString(w, "data: [DONE]\n\n") // a failed write is the client gone: the test then fails on its own
	}))
	defer srv.Close()
	dir := t.TempDir()
	ws, err := tools.NewWorkspace(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	a := agent.New(llm.NewOpenAI(srv.URL+"/v1", ""), "m", tools.NewRegistry(tools.Editing(ws, nil, sandbox.Default(ws.Dir()))...))
	var last agent.Event
	a.Send(context.Background(), "write big.txt", func(e agent.Event) { last = e })
	mu.Lock()
	defer mu.Unlock()
	if _, ok := last.(agent.TurnDone); !ok || len(sizes) != 2 {
		t.Fatalf("the turn ended with %#v after %d requests; want TurnDone after 2", last, len(sizes))
	}
	if sizes[1] > 20_000 {
		t.Errorf("the second request is %d bytes: the broken call went back whole", sizes[1])
	}
	msgs := a.Messages()
	if got := msgs[3].Content; !strings.HasPrefix(got, "error: not run: the arguments were 100029 bytes of arguments, cut short") ||
		!strings.Contains(got, "write it in parts") {
		t.Errorf("the model was told %q, want what the arguments were and how to write a big file", got)
	}
	if err := agent.WellFormed(msgs); err != nil {
		t.Error(err)
	}
}
