package agent

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"ply/day07/llm"
	"ply/day07/tools"
)

func TestEstimate(t *testing.T) {
	tests := []struct {
		name string
		m    llm.Message
		want int
	}{
		{"empty", llm.Message{Role: llm.RoleUser}, 3},
		{"four characters a token", llm.Message{Role: llm.RoleUser, Content: "abcdefgh"}, 3 + 2},
		{"rounded up", llm.Message{Role: llm.RoleUser, Content: "abcdefghi"}, 3 + 3},
		{"characters, not bytes", llm.Message{Role: llm.RoleUser, Content: "éééé"}, 3 + 1},
		{"a call at two characters a token", llm.Message{Role: llm.RoleAssistant, ToolCalls: []llm.ToolCall{{Name: "ls", Arguments: `{"p":"."}`}}}, 3 + 6},
		{"text and two calls", llm.Message{Role: llm.RoleAssistant, Content: "Look:",
			ToolCalls: []llm.ToolCall{{Name: "a", Arguments: "{}"}, {Name: "b", Arguments: "{}"}}}, 3 + 2 + 2 + 2},
	}
	for _, tt := range tests {
		if got := estimate(tt.m); got != tt.want {
			t.Errorf("%s: estimate = %d, want %d (see tokens.go)", tt.name, got, tt.want)
		}
	}
}

func TestEstimateTools(t *testing.T) {
	specs := []llm.ToolSpec{{Name: "ls", Description: "list it", Parameters: json.RawMessage(`{}`)}}
	if got, want := estimateTools(specs), 3+2+2; got != want {
		t.Errorf("estimateTools = %d, want %d", got, want)
	}
}

// TestEstimateAgainstCaptures streams the replies captured from real
// servers through the real client, and compares the estimate of each
// reply with the tokens the server counted for it. The estimate may be
// high (ply then compacts early) but must not be far low (ply would then
// overrun the window). It skips when the captures are not beside the
// checkout.
func TestEstimateAgainstCaptures(t *testing.T) {
	dir := wireCaptures(t)
	for _, name := range []string{"openai_stream_text.sse", "openai_stream_toolcalls_1.sse", "openai_stream_toolcalls_2.sse", "openai_stream_parallel_tools.sse"} {
		t.Run(name, func(t *testing.T) {
			body, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Skipf("no capture %s: %v", name, err)
			}
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/event-stream")
				w.Write(body)
			}))
			t.Cleanup(srv.Close)
			a := New(llm.NewOpenAI(srv.URL, ""), "m", tools.NewRegistry())
			reply, usage, err := a.stream(context.Background(), func(Event) {})
			if err != nil || usage.Output == 0 {
				t.Fatalf("stream: %v, usage %+v", err, usage)
			}
			got := estimate(reply) - tokensPerMessage // the server counts only what the model wrote
			ratio := float64(got) / float64(usage.Output)
			t.Logf("estimated %d tokens, the server counted %d: %.2f", got, usage.Output, ratio)
			if ratio < 0.95 || ratio > 1.5 {
				t.Errorf("estimated %d tokens, the server counted %d: a ratio of %.2f, want 0.95 to 1.5", got, usage.Output, ratio)
			}
		})
	}
}

// wireCaptures returns the folder of real captured server answers that
// sits beside a checkout of the course, or skips the test when there is
// none. PLY_WIRE_FIXTURES names another folder.
func wireCaptures(t *testing.T) string {
	t.Helper()
	if dir := os.Getenv("PLY_WIRE_FIXTURES"); dir != "" {
		return dir
	}
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for {
		candidate := filepath.Join(dir, "shared", "fixtures", "wire")
		if _, err := os.Stat(candidate); err == nil {
			return candidate
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Skip("no shared/fixtures/wire folder beside the checkout")
		}
		dir = parent
	}
}
