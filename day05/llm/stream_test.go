package llm

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

// result is everything a stream handed over.
type result struct {
	text    string
	pieces  int // deltas with text
	largest int // the most characters in one piece
	calls   []ToolCallDelta
	usage   *Usage
	finish  string
	err     error
}

// drain reads s to its end and closes it.
func drain(s Stream) result {
	defer s.Close()
	var r result
	for s.Next() {
		d := s.Delta()
		if d.Text != "" {
			r.text += d.Text
			r.pieces++
			r.largest = max(r.largest, len([]rune(d.Text)))
		}
		r.calls = append(r.calls, d.ToolCalls...)
		if d.Usage != nil {
			r.usage = d.Usage
		}
		if d.Finish != "" {
			r.finish = d.Finish
		}
	}
	r.err = s.Err()
	return r
}

// streamOf makes a chunk stream over body, as if a server had sent it.
func streamOf(body io.Reader) Stream {
	return newChunkStream(context.Background(), io.NopCloser(body), "sk-secret-1")
}

const (
	roleChunk  = `{"choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}]}`
	textChunk  = `{"choices":[{"index":0,"delta":{"content":"Hi"},"finish_reason":null}]}`
	stopChunk  = `{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}`
	cutChunk   = `{"choices":[{"index":0,"delta":{"content":" upon a"},"finish_reason":"length"}]}`
	usageChunk = `{"choices":[],"usage":{"prompt_tokens":5,"completion_tokens":1,"total_tokens":6}}`
)

// sse writes data as events.
func sse(data ...string) string {
	var b strings.Builder
	for _, d := range data {
		b.WriteString("data: " + d + "\n\n")
	}
	return b.String()
}

func TestChunkStream(t *testing.T) {
	tests := []struct {
		name      string
		body      string
		text      string
		finish    string
		usage     *Usage
		wantErr   error
		errSubstr string
	}{
		{"a whole reply", sse(roleChunk, textChunk, stopChunk, usageChunk, "[DONE]"), "Hi", "stop", &Usage{5, 1}, nil, ""},
		{"no usage chunk, as Ollama", sse(textChunk, stopChunk, "[DONE]"), "Hi", "stop", nil, nil, ""},
		{"finished, no [DONE]", sse(textChunk, stopChunk), "Hi", "stop", nil, nil, ""},
		{"nothing after [DONE] is read", sse(textChunk, stopChunk, "[DONE]", "not json"), "Hi", "stop", nil, nil, ""},
		{"cut before the finish", sse(roleChunk, textChunk), "Hi", "", nil, ErrStreamCut, ""},
		{"cut in the middle of an event", sse(textChunk) + "data: {\"choi", "Hi", "", nil, ErrStreamCut, ""},
		{"empty", "", "", "", nil, ErrStreamCut, ""},
		{"error mid-stream", sse(textChunk, `{"error":{"message":"overloaded","type":"server_error"}}`), "Hi", "", nil, ErrServerFailed, "overloaded"},
		{"error mid-stream, Ollama's shape", sse(textChunk, `{"error":"model crashed"}`), "Hi", "", nil, ErrServerFailed, "model crashed"},
		{"a chunk that is not JSON", sse(textChunk, `{"choices":`), "Hi", "", nil, nil, "not JSON"},
		{"error mid-stream, the key and a password hidden", sse(textChunk, `{"error":{"message":"key sk-secret-1 refused by http://bob:hunter2@proxy/"}}`),
			"Hi", "", nil, ErrServerFailed, "the server failed mid-reply: key [API key] refused by http://***@proxy/"},
		{"error mid-stream, cut to size", sse(`{"error":"` + strings.Repeat("x", 10000) + `"}`),
			"", "", nil, ErrServerFailed, strings.Repeat("x", maxServerText-1) + "…"},
		{"stopped at the output limit", sse(textChunk, cutChunk, usageChunk, "[DONE]"), "Hi upon a", "length", &Usage{5, 1}, ErrOutputLimit, ""},
		{"stopped at the output limit, no [DONE]", sse(textChunk, cutChunk), "Hi upon a", "length", nil, ErrOutputLimit, ""},
		{"an empty reply", sse(roleChunk, stopChunk, usageChunk, "[DONE]"), "", "stop", &Usage{5, 1}, ErrEmptyReply, ""},
		{"an empty reply, no [DONE]", sse(roleChunk, stopChunk), "", "stop", nil, ErrEmptyReply, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := drain(streamOf(iotest.OneByteReader(strings.NewReader(tt.body))))
			if got.text != tt.text || got.finish != tt.finish {
				t.Errorf("text %q, finish %q; want %q, %q", got.text, got.finish, tt.text, tt.finish)
			}
			if (got.usage == nil) != (tt.usage == nil) || (got.usage != nil && *got.usage != *tt.usage) {
				t.Errorf("usage %v, want %v", got.usage, tt.usage)
			}
			switch {
			case tt.wantErr == nil && tt.errSubstr == "" && got.err != nil:
				t.Errorf("error %v, want none", got.err)
			case tt.wantErr != nil && !errors.Is(got.err, tt.wantErr):
				t.Errorf("error %v, want %v", got.err, tt.wantErr)
			case tt.errSubstr != "" && (got.err == nil || !strings.Contains(got.err.Error(), tt.errSubstr)):
				t.Errorf("error %v, want one that says %q", got.err, tt.errSubstr)
			}
			if got.err != nil && (strings.Contains(got.err.Error(), "sk-secret-1") || strings.Contains(got.err.Error(), "hunter2")) {
				t.Errorf("error %q shows a secret: what a server says goes through serverText", got.err)
			}
		})
	}
}

func TestChunkStreamToolCalls(t *testing.T) {
	first := `{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","type":"function","function":{"name":"read_file","arguments":""}}]}}]}`
	piece := `{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"pa"}}]}}]}`
	got := drain(streamOf(strings.NewReader(sse(first, piece, `{"choices":[{"delta":{},"finish_reason":"tool_calls"}]}`))))
	want := []ToolCallDelta{{Index: 0, ID: "call_1", Name: "read_file"}, {Index: 0, Arguments: `{"pa`}}
	if len(got.calls) != len(want) || got.calls[0] != want[0] || got.calls[1] != want[1] || got.finish != "tool_calls" {
		t.Errorf("tool-call fragments %+v, finish %q; want %+v, \"tool_calls\"", got.calls, got.finish, want)
	}
	if got.err != nil {
		t.Errorf("a reply of tool calls and no text ended with %v, want no error: it is not empty", got.err)
	}
}

// TestChunkStreamEndlessEvent reads a server that sends one event's data
// lines for ever: the stream stops, says why, and has kept what came
// before.
func TestChunkStreamEndlessEvent(t *testing.T) {
	body := io.MultiReader(strings.NewReader(sse(textChunk)), &endlessLines{line: "data: " + strings.Repeat("x", 100) + "\n"})
	got := drain(streamOf(body))
	if !errors.Is(got.err, ErrStreamCut) || !strings.Contains(got.err.Error(), "longer than 16 MiB") || got.text != "Hi" {
		t.Errorf("text %q, error %v; want \"Hi\" and a cut stream that says an event was too long", got.text, got.err)
	}
}

// A read error from the connection is a cut stream that says what happened.
func TestChunkStreamReadError(t *testing.T) {
	body := io.MultiReader(strings.NewReader(sse(textChunk)), iotest.ErrReader(errors.New("connection reset by peer")))
	got := drain(streamOf(body))
	if !errors.Is(got.err, ErrStreamCut) || !strings.Contains(got.err.Error(), "connection reset") || got.text != "Hi" {
		t.Errorf("text %q, error %v; want \"Hi\" and a cut stream that names the read error", got.text, got.err)
	}
}

// cancelInRead is a body that gives its data, then, at the read after it,
// cancels the request and fails, as a transport does when the context is
// cancelled during a read: the error the read reports is its own.
type cancelInRead struct {
	data   io.Reader
	cancel context.CancelFunc
}

func (r *cancelInRead) Read(p []byte) (int, error) {
	if n, err := r.data.Read(p); err != io.EOF {
		return n, err
	}
	r.cancel()
	return 0, errors.New("read: connection reset by peer")
}

// TestChunkStreamCancelledInARead presses Ctrl-C while Next is blocked in
// a read, which the cancel breaks: the stream ends with the context's
// error, not as a cut stream.
func TestChunkStreamCancelledInARead(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	body := &cancelInRead{data: strings.NewReader(sse(textChunk)), cancel: cancel}
	got := drain(newChunkStream(ctx, io.NopCloser(body), ""))
	if !errors.Is(got.err, context.Canceled) || got.text != "Hi" {
		t.Errorf("text %q, error %v; want \"Hi\" and context.Canceled: the user cancelled (see day02's exercise 2)", got.text, got.err)
	}
}

// TestChunkStreamCancelledMidway cancels with events still buffered: the
// stream stops at once and hands out nothing more.
func TestChunkStreamCancelledMidway(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	s := newChunkStream(ctx, io.NopCloser(strings.NewReader(sse(textChunk, textChunk, textChunk, stopChunk))), "")
	if !s.Next() {
		t.Fatalf("no first delta: %v", s.Err())
	}
	cancel()
	if s.Next() || !errors.Is(s.Err(), context.Canceled) {
		t.Errorf("after cancel, Next went on or Err = %v; want it to stop with context.Canceled", s.Err())
	}
}

func TestChunkStreamCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	s := newChunkStream(ctx, io.NopCloser(strings.NewReader(sse(textChunk))), "")
	cancel()
	if got := drain(s); !errors.Is(got.err, context.Canceled) {
		t.Errorf("a stream whose context is cancelled ends with %v, want context.Canceled", got.err)
	}
}
