package llmtest_test

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"sync"
	"testing"

	"ply/day06/llm"
	"ply/day06/llm/llmtest"
)

// streamed is what one call of Stream gave: the deltas, and the error of
// the call or of its stream.
type streamed struct {
	deltas []llm.StreamDelta
	err    error
}

// ask sends the Script one request and reads its reply to the end.
func ask(ctx context.Context, s *llmtest.Script, text string) streamed {
	st, err := s.Stream(ctx, llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: text}}})
	if err != nil {
		return streamed{err: err}
	}
	defer st.Close()
	var got streamed
	for st.Next() {
		got.deltas = append(got.deltas, st.Delta())
	}
	got.err = st.Err()
	return got
}

// askAll sends the Script n requests, one after the other, and reads each
// reply to its end.
func askAll(s *llmtest.Script, n int) []streamed {
	var got []streamed
	for range n {
		got = append(got, ask(context.Background(), s, "hello"))
	}
	return got
}

var (
	hi      = []llm.StreamDelta{{Text: "Hi"}, {Finish: "stop"}}
	again   = []llm.StreamDelta{{Text: "again"}}
	errBoom = errors.New("connection reset")
)

func TestScript(t *testing.T) {
	tests := []struct {
		name    string
		replies []llmtest.Reply
		want    []streamed // one per request, in order
	}{
		{"no replies: streams that end at once", nil, []streamed{{}, {}}},
		{"the replies in order, then the last one for ever", llmtest.Replies(hi, again),
			[]streamed{{deltas: hi}, {deltas: again}, {deltas: again}}},
		{"a refusal comes before any stream", []llmtest.Reply{{Refuse: errBoom}, {Deltas: hi}},
			[]streamed{{err: errBoom}, {deltas: hi}}},
		{"a stream that breaks after its deltas", []llmtest.Reply{{Deltas: again, Err: errBoom}},
			[]streamed{{deltas: again, err: errBoom}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := &llmtest.Script{Replies: tt.replies}
			if got := askAll(s, len(tt.want)); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("streamed %+v\nwant     %+v", got, tt.want)
			}
		})
	}
}

// TestScriptCancelledAtEnd presses Ctrl-C after the deltas, with and
// without a cut connection: the stream ends with the cut when there is
// one, as a real one does, and with the context's error otherwise.
func TestScriptCancelledAtEnd(t *testing.T) {
	for _, cut := range []error{nil, errBoom} {
		ctx, cancel := context.WithCancel(context.Background())
		s := &llmtest.Script{Replies: []llmtest.Reply{{Deltas: again, AtEnd: cancel, Err: cut}}}
		want := cut
		if want == nil {
			want = context.Canceled
		}
		if got := ask(ctx, s, "hello"); !reflect.DeepEqual(got.deltas, again) || got.err != want {
			t.Errorf("with Err %v: streamed %+v, want %v, then %v", cut, got, again, want)
		}
		cancel()
	}
}

// TestScriptHolds: a held stream hands out its deltas, then waits until
// the context is done.
func TestScriptHolds(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	s := &llmtest.Script{Replies: []llmtest.Reply{{Deltas: again, Hold: true}}}
	st, err := s.Stream(ctx, llm.Request{})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if !st.Next() || st.Delta().Text != "again" {
		t.Fatalf("the first delta is %+v, want the text \"again\"", st.Delta())
	}
	cancel()
	if st.Next() || !errors.Is(st.Err(), context.Canceled) {
		t.Errorf("after the cancel, Next went on or the error is %v, want context.Canceled", st.Err())
	}
}

// TestScriptCancelledBefore: a call on a context that is done fails at
// once, and opens no stream.
func TestScriptCancelledBefore(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := &llmtest.Script{Replies: llmtest.Replies(hi)}
	if got := ask(ctx, s, "hello"); got.err != context.Canceled {
		t.Errorf("error %v, want context.Canceled", got.err)
	}
	if opened, _ := s.Streams(); opened != 0 || len(s.Requests()) != 1 {
		t.Errorf("%d streams opened for %d requests, want none for 1", opened, len(s.Requests()))
	}
}

// TestScriptPasses: a Reply with Pass hands the request on, here to the
// Mock.
func TestScriptPasses(t *testing.T) {
	s := &llmtest.Script{Replies: []llmtest.Reply{{Pass: llm.Mock{}}}}
	got := ask(context.Background(), s, "hello")
	var text strings.Builder
	for _, d := range got.deltas {
		text.WriteString(d.Text)
	}
	if !strings.HasPrefix(text.String(), "Hello!") || got.err != nil {
		t.Errorf("reply %q, error %v, want the Mock's greeting", text.String(), got.err)
	}
}

// TestScriptKeepsCopies: what the Script keeps does not change when the
// caller reuses its slice, and every stream opened is counted.
func TestScriptKeepsCopies(t *testing.T) {
	s := &llmtest.Script{Replies: []llmtest.Reply{{Deltas: hi}}}
	msgs := []llm.Message{{Role: llm.RoleUser, Content: "first"}}
	st, _ := s.Stream(context.Background(), llm.Request{Model: "m", Messages: msgs})
	msgs[0].Content = "changed"
	if opened, closed := s.Streams(); opened != 1 || closed != 0 {
		t.Errorf("before Close: %d opened, %d closed, want 1 and 0", opened, closed)
	}
	st.Close()
	if opened, closed := s.Streams(); opened != 1 || closed != 1 {
		t.Errorf("after Close: %d opened, %d closed, want 1 and 1", opened, closed)
	}
	want := []llm.Request{{Model: "m", Messages: []llm.Message{{Role: llm.RoleUser, Content: "first"}}}}
	if got := s.Requests(); !reflect.DeepEqual(got, want) {
		t.Errorf("requests %+v, want %+v", got, want)
	}
}

// TestScriptConcurrent sends from several goroutines at once; run with
// -race, it shows the Script safe for concurrent use.
func TestScriptConcurrent(t *testing.T) {
	s := &llmtest.Script{Replies: []llmtest.Reply{{Deltas: hi}}}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() { ask(context.Background(), s, "hello") })
	}
	wg.Wait()
	opened, closed := s.Streams()
	if n := len(s.Requests()); n != 8 || opened != 8 || closed != 8 {
		t.Errorf("%d requests kept, %d streams opened, %d closed, want 8 of each", n, opened, closed)
	}
}

// TestScriptBefore: Before runs at the start of every Next, the last one,
// which finds the end, included.
func TestScriptBefore(t *testing.T) {
	points := 0
	s := &llmtest.Script{Replies: llmtest.Replies(hi), Before: func() { points++ }}
	ask(context.Background(), s, "hello")
	if want := len(hi) + 1; points != want {
		t.Errorf("Before ran %d times for a reply of %d deltas, want %d", points, len(hi), want)
	}
}
