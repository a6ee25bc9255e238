package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"
)

// bypasses are the arguments of run_command calls that try to get a
// command past the gate: each would create the file MARKER, or worse, if
// it ran. Some are written as a model writes them; the last ones are JSON
// a model should never send.
var bypasses = []string{
	command("go test ./... && rm -rf ~"),
	command("go test ./... && touch MARKER"),
	command("go test $(touch MARKER)"),
	command("go test `touch MARKER`"),
	command("go test > MARKER"),
	command("echo hi > MARKER"),
	command("env -i sh -c 'touch MARKER'"),
	command("bash -c 'touch MARKER'"),
	command("go test ./...\ntouch MARKER"),
	command("ls\ntouch MARKER"),
	command("ｌｓ; touch MARKER"),                         // fullwidth letters
	command("lѕ; touch MARKER"),                         // a Cyrillic ѕ
	command("echo\u00a0hi; touch MARKER"),               // a no-break space: to sh, one word
	command("ls\u200b; touch MARKER"),                   // a zero-width space
	command("touch MARKER\nfi"),                         // sh runs the first line before it finds the error
	command("$'\\x74ouch' MARKER"),                      // bash decodes $'…' as it runs
	command("ls # a comment \\\ntouch MARKER"),          // a parser read ls touch MARKER; sh runs touch on its own
	command("echo a\\\n$'\\x74ouch' MARKER"),            // the same, and bash's $'…' after it
	command("cat <<EOF\nx\nEO\\\nF\ntouch MARKER\nEOF"), // a continuation in a here-document's last line
	command("while ls; do touch MARKER; done"),          // a loop may never end
	command("sudo touch MARKER"),
	command("touch MARKER; " + strings.Repeat("#", 16<<10)), // longer than the gate reads
	`{"command":"ls","Command":"touch MARKER"}`,             // encoding/json keeps the last
	`{"command":"ls","command":"touch MARKER"}`,
}

// command writes run_command's arguments for cmd, as a model would.
func command(cmd string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // a model writes "&&", not "\u0026\u0026"
	if err := enc.Encode(map[string]string{"command": cmd}); err != nil {
		panic(err) // a string always encodes
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// bypassmodel starts a model on loopback that asks for run_command with
// each of bypasses, two calls a reply, and points ply at it. Like the
// Mock, it answers from the request alone: it checks that each call it
// made so far is answered, in order and with a refusal, and when none is
// left it says whether they all were.
// usage: bypassmodel
func bypassmodel(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) > 0 {
		ts.Fatalf("usage: bypassmodel")
	}
	srv := httptest.NewServer(http.HandlerFunc(bypassAnswer))
	ts.Setenv("OPENAI_BASE_URL", srv.URL+"/v1")
	ts.Defer(srv.Close)
}

// bypassAnswer answers one request of bypassmodel, in the wire format,
// whole rather than streamed.
func bypassAnswer(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Messages []struct {
			Role       string `json:"role"`
			Content    string `json:"content"`
			ToolCallID string `json:"tool_call_id"`
		} `json:"messages"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, `{"error":{"message":"bad JSON"}}`, http.StatusBadRequest)
		return
	}
	answered := 0
	for _, m := range req.Messages {
		if m.Role != "tool" {
			continue
		}
		if want := fmt.Sprintf("call_%d", answered); m.ToolCallID != want || !strings.HasPrefix(m.Content, "denied") {
			reply(w, map[string]any{"role": "assistant", "content": fmt.Sprintf("call %s was answered with %q", m.ToolCallID, m.Content)})
			return
		}
		answered++
	}
	if answered == len(bypasses) {
		reply(w, map[string]any{"role": "assistant", "content": fmt.Sprintf("every one of the %d calls was answered with a refusal", answered)})
		return
	}
	var calls []any
	for i := answered; i < min(answered+2, len(bypasses)); i++ {
		calls = append(calls, map[string]any{
			"id": fmt.Sprintf("call_%d", i), "type": "function",
			"function": map[string]any{"name": "run_command", "arguments": bypasses[i]},
		})
	}
	reply(w, map[string]any{"role": "assistant", "content": nil, "tool_calls": calls})
}

// reply writes a whole chat completion holding message.
func reply(w http.ResponseWriter, message map[string]any) {
	finish := "stop"
	if message["tool_calls"] != nil {
		finish = "tool_calls"
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{ // a client that hung up has no one to tell
		"object":  "chat.completion",
		"choices": []any{map[string]any{"index": 0, "finish_reason": finish, "message": message}},
	})
}
