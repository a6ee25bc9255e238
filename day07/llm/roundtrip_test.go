package llm_test

import (
	"context"
	"encoding/json"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"ply/day07/agent"
	"ply/day07/llm"
	"ply/day07/tools"
)

// sentMessage is a message of a request as the wire spells it.
type sentMessage struct {
	Role       string `json:"role"`
	Content    string `json:"content"`
	ToolCallID string `json:"tool_call_id"`
	ToolCalls  []struct {
		ID       string `json:"id"`
		Type     string `json:"type"`
		Function struct {
			Name      string `json:"name"`
			Arguments string `json:"arguments"`
		} `json:"function"`
	} `json:"tool_calls"`
}

// replay serves stream as the answer to the first request, and a short
// text to every later one. It keeps the messages of the second request.
type replay struct {
	stream string

	mu     sync.Mutex // guards n and second
	n      int
	second []sentMessage
}

func (r *replay) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	var body struct {
		Messages []sentMessage `json:"messages"`
	}
	data, _ := io.ReadAll(req.Body) // a body cut short is judged as it arrived
	_ = json.Unmarshal(data, &body) // a body that does not decode leaves no messages, which the test reports
	r.mu.Lock()
	r.n++
	n := r.n
	if n == 2 {
		r.second = body.Messages
	}
	r.mu.Unlock()
	w.Header().Set("Content-Type", "text/event-stream")
	if n == 1 {
		_, _ = io.WriteString(w, r.stream) // a failed write shows as a broken stream in the test
		return
	}
	_, _ = io.WriteString(w, "data: {\"choices\":[{\"delta\":{\"content\":\"ok\"},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n")
}

// nextRequest runs one turn against a server whose first answer is stream
// and returns the messages of the request ply sends next.
func nextRequest(t *testing.T, stream string) []sentMessage {
	t.Helper()
	srv := &replay{stream: stream}
	url := httptest.NewServer(srv)
	defer url.Close()
	ws, err := tools.NewWorkspace(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	a := agent.New(llm.NewOpenAI(url.URL, ""), "m", tools.NewRegistry(tools.ReadOnly(ws)...))
	var last agent.Event
	a.Send(context.Background(), "go", func(e agent.Event) { last = e })
	if _, ok := last.(agent.TurnDone); !ok {
		t.Fatalf("the turn ended with %#v, want TurnDone", last)
	}
	return srv.second
}

// checkCallsAnswered checks that messages end with an assistant message
// carrying exactly want, then one tool message per call with its ID.
func checkCallsAnswered(t *testing.T, messages []sentMessage, want []llm.ToolCall) {
	t.Helper()
	if len(messages) < len(want)+1 {
		t.Fatalf("the next request has %d messages, want the calls and their %d results", len(messages), len(want))
	}
	tail := messages[len(messages)-len(want)-1:]
	var got []llm.ToolCall
	for _, c := range tail[0].ToolCalls {
		if c.Type != "function" {
			t.Errorf("call %s has type %q, want \"function\"", c.ID, c.Type)
		}
		got = append(got, llm.ToolCall{ID: c.ID, Name: c.Function.Name, Arguments: c.Function.Arguments})
	}
	if tail[0].Role != "assistant" || !reflect.DeepEqual(got, want) {
		t.Errorf("the assistant message carries %+v\nwant %+v", got, want)
	}
	for i, result := range tail[1:] {
		if result.Role != "tool" || result.ToolCallID != want[i].ID || result.Content == "" {
			t.Errorf("message %d after the calls is %+v, want the result of %s", i+1, result, want[i].ID)
		}
	}
}

// ownStream has two parallel calls in the shape OpenAI streams them:
// first a role-only chunk, then each call's head and its arguments cut
// through keys and strings, then the finish, the usage and [DONE].
const ownStream = `data: {"id":"chatcmpl-1","choices":[{"index":0,"delta":{"role":"assistant","content":null},"finish_reason":null}]}

data: {"id":"chatcmpl-1","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_A1","type":"function","function":{"name":"read_file","arguments":""}}]},"finish_reason":null}]}

data: {"id":"chatcmpl-1","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"pa"}}]},"finish_reason":null}]}

data: {"id":"chatcmpl-1","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"th\": \"ca"}}]},"finish_reason":null}]}

data: {"id":"chatcmpl-1","choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"lc.go\"}"}}]},"finish_reason":null}]}

data: {"id":"chatcmpl-1","choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"call_B2","type":"function","function":{"name":"find","arguments":""}}]},"finish_reason":null}]}

data: {"id":"chatcmpl-1","choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"function":{"arguments":"{\"pattern\": \"**/*.go\"}"}}]},"finish_reason":null}]}

data: {"id":"chatcmpl-1","choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}

data: {"id":"chatcmpl-1","choices":[],"usage":{"prompt_tokens":90,"completion_tokens":40,"total_tokens":130}}

data: [DONE]

`

// TestCallsRoundTrip streams two fragmented calls through the real client
// and the agent, and checks what ply sends back.
func TestCallsRoundTrip(t *testing.T) {
	checkCallsAnswered(t, nextRequest(t, ownStream), []llm.ToolCall{
		{ID: "call_A1", Name: "read_file", Arguments: `{"path": "calc.go"}`},
		{ID: "call_B2", Name: "find", Arguments: `{"pattern": "**/*.go"}`},
	})
}

// TestCapturedCallsRoundTrip does the same with every captured stream that
// has tool calls, from OpenAI and Ollama, against what SOURCES.md says
// they assemble to.
func TestCapturedCallsRoundTrip(t *testing.T) {
	dir, expected := llm.ExpectedCalls(t)
	for _, name := range slices.Sorted(maps.Keys(expected)) {
		want := expected[name]
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Fatal(err)
			}
			checkCallsAnswered(t, nextRequest(t, string(data)), want)
		})
	}
	names := strings.Join(slices.Sorted(maps.Keys(expected)), " ")
	if !strings.Contains(names, "ollama") || !strings.Contains(names, "openai") {
		t.Errorf("SOURCES.md gave calls for %q, want the OpenAI and Ollama captures", names)
	}
}
