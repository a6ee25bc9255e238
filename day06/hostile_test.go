package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"ply/day06/agent"
	"ply/day06/approval"
	"ply/day06/llm"
	"ply/day06/tools"
)

// hostileCall is one tool call a model that wants to stop ply could make,
// and what its result must start with.
type hostileCall struct {
	name, args string
	want       string // the start of the result the model gets back
}

// hostileModel is an OpenAI-compatible server on loopback whose first
// reply calls every one of calls at once, and whose later replies give up
// in words. It counts the requests.
type hostileModel struct {
	calls []hostileCall

	mu       sync.Mutex // guards requests
	requests int
}

func (m *hostileModel) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	_, _ = io.Copy(io.Discard, r.Body) // what ply sends is checked in its conversation instead
	m.mu.Lock()
	m.requests++
	first := m.requests == 1
	m.mu.Unlock()
	w.Header().Set("Content-Type", "text/event-stream")
	if !first {
		writeChunk(w, map[string]any{"content": "I give up."}, "stop")
		_, _ = io.WriteString(w, "data: [DONE]\n\n") // a failed write is the client gone: the test then fails on its own
		return
	}
	for i, c := range m.calls {
		writeChunk(w, map[string]any{"tool_calls": []any{map[string]any{
			"index": i, "id": fmt.Sprintf("call_%d", i), "type": "function",
			"function": map[string]any{"name": c.name, "arguments": c.args},
		}}}, "")
	}
	writeChunk(w, map[string]any{}, "tool_calls")
	_, _ = io.WriteString(w, "data: [DONE]\n\n")
}

// writeChunk writes one chat chunk holding delta as an SSE event.
func writeChunk(w io.Writer, delta map[string]any, finish string) {
	choice := map[string]any{"index": 0, "delta": delta}
	if finish != "" {
		choice["finish_reason"] = finish
	}
	data, err := json.Marshal(map[string]any{"choices": []any{choice}})
	if err != nil {
		panic(err) // maps of strings and numbers: a mistake in this test
	}
	_, _ = fmt.Fprintf(w, "data: %s\n\n", data)
}

// roundDeadline is how long a round of hostile calls may take before the
// test gives up on it: thousands of times what it needs, and still short
// of go test's own timeout, so that a call that hangs fails here, by name.
const roundDeadline = 2 * time.Minute

// runHostileRound runs one turn in which the model, served on loopback,
// makes every call at once, through the real client, agent and tools
// working in dir. It checks that the turn ends, that every call gets its
// result, and that the turn goes on to the model's answer, and it returns
// the results in the order of calls. In the lab, it needs every exercise
// done.
func runHostileRound(t *testing.T, dir string, calls []hostileCall) []string {
	t.Helper()
	ws, err := tools.NewWorkspace(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	model := &hostileModel{calls: calls}
	srv := httptest.NewServer(model)
	defer srv.Close()
	registry := tools.NewRegistry(slices.Concat(tools.ReadOnly(ws), tools.Editing(ws, os.Environ(), sandboxFlags{}.places(ws.Dir())))...)
	a := agent.New(llm.NewOpenAI(srv.URL+"/v1", ""), "m", registry)
	a.Guard(approval.New(ws.Dir(), approval.DefaultRules()), approval.AllowAll{}) // as --yes: what the gate lets through, the tools must hold
	// The calls carry hundreds of kilobytes of arguments; what is tested
	// here is the tools, not the budget. (A call of megabytes is no longer
	// the tools' to refuse: the client reads no reply over 4 MiB, and the
	// window runs no call it cannot keep; see the tools' own tests.)
	a.SetBudget(1 << 30)
	var ends []agent.ToolEnd
	var last agent.Event
	done := make(chan struct{})
	go func() {
		defer close(done)
		a.Send(context.Background(), "try to break ply", func(e agent.Event) {
			if end, ok := e.(agent.ToolEnd); ok {
				ends = append(ends, end)
			}
			last = e
		})
	}()
	select {
	case <-done:
	case <-time.After(roundDeadline):
		t.Fatalf("the round of %d hostile calls has not ended after %v; %d of them had ended", len(calls), roundDeadline, len(ends))
	}

	if _, ok := last.(agent.TurnDone); !ok || model.requests != 2 {
		t.Errorf("the turn ended with %#v after %d requests; want TurnDone after 2: the calls, then the answer (needs day03's exercise 1)", last, model.requests)
	}
	msgs := a.Messages()
	if len(msgs) != 3+len(calls)+1 || msgs[len(msgs)-1].Content != "I give up." {
		t.Fatalf("the conversation has %d messages, want the system prompt, the question, the calls, %d results and the answer",
			len(msgs), len(calls))
	}
	byID := map[string]string{}
	for _, m := range msgs[3 : len(msgs)-1] {
		byID[m.ToolCallID] = m.Content
	}
	results := make([]string, len(calls))
	for i, c := range calls {
		result, ok := byID[fmt.Sprintf("call_%d", i)]
		results[i] = result
		if !ok || !strings.HasPrefix(result, c.want) {
			t.Errorf("%.30s %.60s…: the model was told %.200q, want a result that starts %.100q (needs day03's exercises 2 to 5)", c.name, c.args, result, c.want)
		}
		if n := len([]rune(result)); n > 16_100 {
			t.Errorf("%.30s %.60s…: the result is %d characters, want it cut to the budget (needs day03's exercise 3)", c.name, c.args, n)
		}
	}
	for _, end := range ends {
		if n := len([]rune(end.Arguments)); n > 5000 && end.Err == nil {
			t.Errorf("%.30s: a ToolEnd with %d characters of arguments and no error", end.Name, n)
		}
	}
	return results
}

// quote writes v as JSON, for a call's arguments.
func quote(t *testing.T, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestHostileRound makes, in one reply, the calls a model that wants to
// stop ply, or fill its memory, or read what it should not, could make.
// Each is answered with an error (or, for a question that is merely
// costly, its answer) within the round's deadline, and the turn goes on.
func TestHostileRound(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	deep := filepath.Join(dir, filepath.FromSlash(strings.Repeat("a/", 40)))
	if err := os.MkdirAll(deep, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(deep, "c.txt"), []byte("deep\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "calc.go"), []byte("package calc\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	broken := `{"path":"` + strings.Repeat("x", 100_000)
	elsewhere := filepath.Join(t.TempDir(), "x.txt")
	calls := []hostileCall{
		{"read_file", quote(t, map[string]any{"path": strings.Repeat("../", 30_000) + "etc/passwd"}), "error: the path is 90010 bytes long"},
		{"list_dir", quote(t, map[string]any{"path": strings.Repeat("a/", 50_000)}), "error: the path is 100000 bytes long"},
		{"find", quote(t, map[string]any{"pattern": "**/" + strings.Repeat("a/**/", 20) + "b.txt"}), "(nothing matches)"},
		{"find", quote(t, map[string]any{"pattern": strings.Repeat("**/a/", 5000)}), "error: the pattern is 25000 bytes long"},
		{"read_file", broken, "error: not run: the arguments were 100009 bytes of arguments, cut short before the JSON ended"},
		{strings.Repeat("read_file", 10_000), "{}", "error: there is no tool"},
		{"read_file", `{"path":"calc.go","path":"../../../etc/passwd"}`, "error: ../../../etc/passwd: it is outside the workspace"},
		{"read_file", quote(t, map[string]any{"path": "calc.go\x00/../../etc/passwd"}), `error: "calc.go\x00/../../etc/passwd" holds a NUL byte`},
		{"read_file", quote(t, map[string]any{"path": "calc.go", "offset": 1<<63 - 1}), "error: calc.go has 1 line; offset 9223372036854775807 is past its end"},
		{"read_file", `{"path":"calc.go","offset":1e400}`, "error: the arguments do not fit the schema"},
		{"read_file", quote(t, map[string]any{"path": "/proc/self/environ"}), "error: /proc/self/environ: it is outside the workspace"},
		{"search", quote(t, map[string]any{"pattern": `\w{1000}`}), "error: the pattern is too big"},
		{"search", quote(t, map[string]any{"pattern": strings.Repeat("(", 100_000)}), "error: the pattern is 100000 bytes long"},
		{"write_file", quote(t, map[string]any{"path": "../escaped.txt", "content": "x"}), "error: ../escaped.txt: it is outside the workspace"},
		{"write_file", quote(t, map[string]any{"path": elsewhere, "content": "x"}), "error: " + elsewhere + ": it is outside the workspace"},
		{"write_file", quote(t, map[string]any{"path": ".", "content": "x"}), "error: . is the workspace itself, not a file"},
		{"write_file", quote(t, map[string]any{"path": strings.Repeat("w/", 3000), "content": "x"}), "error: the path is 6000 bytes long"},
		{"edit_file", quote(t, map[string]any{"path": "calc.go", "old_string": "", "new_string": "x"}), "error: old_string is empty"},
		{"edit_file", quote(t, map[string]any{"path": "calc.go", "old_string": "package", "new_string": "package"}), "error: old_string and new_string are the same"},
		{"run_command", quote(t, map[string]any{"command": strings.Repeat("x", 100_000)}), "error: the command is 100000 bytes"},
		{"run_command", quote(t, map[string]any{"command": "ls", "timeout_s": -1}), "error: timeout_s is -1"},
		{"run_command", `{"command":"ls","timeout_s":1e400}`, "error: the arguments do not fit the schema"},
	}
	calls = append(calls, unixHostileCalls(t, dir)...)
	runHostileRound(t, dir, calls)
	if data, err := os.ReadFile(filepath.Join(dir, "calc.go")); string(data) != "package calc\n" {
		t.Errorf("after the round calc.go holds %q (%v), want it as it was", data, err)
	}
	for _, path := range []string{filepath.Join(dir, "..", "escaped.txt"), elsewhere} {
		if _, err := os.Lstat(path); err == nil {
			t.Errorf("after the round %s exists: a refused write wrote it", path)
		}
	}
}

// TestCtrlCDuringToolCalls presses Ctrl-C as the second of four calls of
// one reply starts, through the real client, agent and tools. The running
// call stops, the two after it never start, every call has its result,
// and the model is not asked again.
func TestCtrlCDuringToolCalls(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "calc.go"), []byte("package calc\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ws, err := tools.NewWorkspace(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	model := &hostileModel{calls: []hostileCall{
		{name: "read_file", args: `{"path":"calc.go"}`},
		{name: "search", args: `{"pattern":"package"}`},
		{name: "find", args: `{"pattern":"**"}`},
		{name: "list_dir", args: `{}`},
	}}
	srv := httptest.NewServer(model)
	defer srv.Close()
	a := agent.New(llm.NewOpenAI(srv.URL+"/v1", ""), "m", tools.NewRegistry(tools.ReadOnly(ws)...))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var started []string
	var last agent.Event
	a.Send(ctx, "look around", func(e agent.Event) {
		if s, ok := e.(agent.ToolStart); ok {
			started = append(started, s.Name)
			if s.Name == "search" {
				cancel() // the user presses Ctrl-C
			}
		}
		last = e
	})
	if want := "read_file search"; strings.Join(started, " ") != want || last != (agent.Cancelled{Kept: true}) || model.requests != 1 {
		t.Errorf("calls started %q, the turn ended %#v, %d requests; want %q, Cancelled{Kept: true} and 1",
			started, last, model.requests, want)
	}
	msgs := a.Messages()
	if len(msgs) < 3 {
		t.Fatalf("after Ctrl-C the conversation has %d messages, want the system prompt, the question, the calls and their results", len(msgs))
	}
	var results []string
	for _, m := range msgs[3:] {
		results = append(results, m.ToolCallID+": "+m.Content)
	}
	want := []string{
		"call_0: " + "     1\tpackage calc\n",
		"call_1: error: search .: context canceled",
		"call_2: not run: the user stopped the turn before this call ran",
		"call_3: not run: the user stopped the turn before this call ran",
	}
	if strings.Join(results, "\n") != strings.Join(want, "\n") {
		t.Errorf("after Ctrl-C the conversation ends\n%q\nwant every call answered\n%q", results, want)
	}
}
