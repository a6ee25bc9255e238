package llm

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
)

// endless is a server whose answer is head, then body repeated until size
// bytes have gone or the client leaves, then tail. It counts the bytes it
// managed to write.
type endless struct {
	status           int
	contentType      string
	head, body, tail string
	size             int64
	gzip             bool // sent compressed, as a gzip bomb is: the transport unpacks it
	written          atomic.Int64
}

func (e *endless) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	_, _ = io.Copy(io.Discard, r.Body)
	w.Header().Set("Content-Type", e.contentType)
	var out io.Writer = w
	if e.gzip {
		w.Header().Set("Content-Encoding", "gzip")
		z, _ := gzip.NewWriterLevel(w, gzip.BestSpeed) // a valid level: no error
		defer z.Close()
		out = z
	}
	w.WriteHeader(e.status)
	chunk := []byte(strings.Repeat(e.body, max(1, 64<<10/len(e.body))))
	n, err := io.WriteString(out, e.head)
	e.written.Add(int64(n))
	for e.written.Load() < e.size && err == nil {
		n, err = out.Write(chunk)
		e.written.Add(int64(n))
	}
	if err == nil {
		n, _ = io.WriteString(out, e.tail)
		e.written.Add(int64(n))
	}
}

var long = flag.Bool("long", false, "run the tests that read hundreds of MiB")

// slack is how much more than a cap a server may get written before the
// client stops reading: the buffers of the socket and of the reader.
const slack = 16 << 20

// TestAnswerCaps: each way a 200 can go on for ever ends at its cap, with
// the error that names it, having read little more than the cap.
func TestAnswerCaps(t *testing.T) {
	t.Parallel()
	huge := int64(1 << 30)
	text := `{"choices":[{"index":0,"delta":{"content":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}}]}`
	call := `{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}}]}}]}`
	tests := []struct {
		name  string
		srv   *endless
		want  error
		limit int64 // the cap the bytes read stay near
		long  bool  // reads hundreds of MiB: only with -long
	}{
		{"a 400 MB answer in one piece", &endless{status: 200, contentType: "application/json",
			head: `{"choices":[{"message":{"content":"`, body: "x", tail: `"}}]}`, size: 400 << 20}, ErrReplyTooLong, maxReply, false},
		{"a 1 GB stream of text", &endless{status: 200, contentType: "text/event-stream",
			body: "data: " + text + "\n\n", size: huge}, ErrReplyTooLong, 4 * maxReply, false},
		{"a 1 GB stream of one call's arguments", &endless{status: 200, contentType: "text/event-stream",
			body: "data: " + call + "\n\n", size: huge}, ErrReplyTooLong, 8 * maxReply, false},
		{"a 1 GB event", &endless{status: 200, contentType: "text/event-stream",
			head: "data: ", body: "x", size: huge}, ErrEventTooLong, maxEvent, false},
		{"a 1 GB stream of comments", &endless{status: 200, contentType: "text/event-stream",
			body: ": keep-alive\n\n", size: huge}, ErrAnswerTooLong, maxAnswer, true},
		{"1 GB of white space", &endless{status: 200, contentType: "text/event-stream",
			body: " ", size: huge}, ErrAnswerTooLong, maxAnswer, true},
		{"a gzip bomb of comments", &endless{status: 200, contentType: "text/event-stream",
			body: ": keep-alive\n\n", size: huge, gzip: true}, ErrAnswerTooLong, maxAnswer, true},
		{"a gzip bomb in one piece", &endless{status: 200, contentType: "application/json",
			head: `{"choices":[{"message":{"content":"`, body: "x", size: huge, gzip: true}, ErrReplyTooLong, maxReply, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.long && !*long {
				t.Skip("reads hundreds of MiB; -long runs it")
			}
			t.Parallel()
			s, err := NewOpenAI(serve(t, tt.srv), "").Stream(context.Background(), Request{})
			if err == nil {
				handed, streamErr := handedOut(s)
				if err = streamErr; handed > maxReply {
					t.Errorf("%d bytes handed out, more than maxReply", handed)
				}
			}
			// A stream's read error comes inside ErrStreamCut, as text.
			if err == nil || !strings.Contains(err.Error(), tt.want.Error()) || strings.Contains(err.Error(), "no answer") {
				t.Errorf("error = %v, want %v, and not asked again (see caps.go)", err, tt.want)
			}
			// A bomb's buffers hold hundreds of MiB once unpacked, so what it
			// wrote says nothing of what ply read.
			if n := tt.srv.written.Load(); n > tt.limit+slack && !tt.srv.gzip {
				t.Errorf("the server got %d MiB written before ply stopped, want about %d MiB at most", n>>20, tt.limit>>20)
			}
		})
	}
}

// handedOut reads s to its end and closes it, and returns how many bytes
// of text and arguments it handed out, and its error.
func handedOut(s Stream) (int, error) {
	defer s.Close()
	n := 0
	for s.Next() {
		d := s.Delta()
		n += len(d.Text)
		for _, call := range d.ToolCalls {
			n += len(call.Arguments)
		}
	}
	return n, s.Err()
}

// TestEndlessCalls: a stream of fragments that each start a new call, and
// carry nothing else, ends at maxReply too, each fragment counted at
// fragmentCost, so that the calls ply holds while it merges them stay few.
func TestEndlessCalls(t *testing.T) {
	t.Parallel()
	url := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "text/event-stream")
		for i := 0; ; i++ {
			if _, err := fmt.Fprintf(w, "data: {\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":%d}]}}]}\n\n", i); err != nil {
				return // ply has stopped reading
			}
		}
	}))
	s, err := NewOpenAI(url, "").Stream(context.Background(), Request{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	calls := 0
	for s.Next() {
		calls += len(s.Delta().ToolCalls)
	}
	if !errors.Is(s.Err(), ErrReplyTooLong) || calls > maxReply/fragmentCost {
		t.Errorf("%d fragments handed out, then %v; want at most %d, then ErrReplyTooLong", calls, s.Err(), maxReply/fragmentCost)
	}
}

// TestEndlessErrorBody: a refusal whose body never ends is read to
// maxErrorBody and reported at once.
func TestEndlessErrorBody(t *testing.T) {
	t.Parallel()
	srv := &endless{status: 503, contentType: "text/plain", body: "busy ", size: 1 << 30}
	_, err := NewOpenAI(serve(t, srv), "").Stream(context.Background(), Request{})
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.Status != 503 || !strings.HasPrefix(apiErr.Message, "busy busy") {
		t.Errorf("error = %v, want the 503 with the start of its body", err)
	}
	if n := srv.written.Load(); n > maxErrorBody+slack {
		t.Errorf("the server got %d MiB written, want about %d KiB", n>>20, maxErrorBody>>10)
	}
}

// TestCaps: the caps are the sizes the day 6 lesson gives.
func TestCaps(t *testing.T) {
	caps := []struct {
		what      string
		got, want int
	}{
		{"an error body", maxErrorBody, 64 << 10},
		{"one event", maxEvent, 4 << 20},
		{"a reply", maxReply, 4 << 20},
		{"a streamed answer", maxAnswer, 256 << 20},
	}
	for _, c := range caps {
		if c.got != c.want {
			t.Errorf("the cap on %s is %d bytes, but the lesson says %d", c.what, c.got, c.want)
		}
	}
}

// TestCapReader: a reader held to n bytes fails with its error after them.
func TestCapReader(t *testing.T) {
	tooLong := errors.New("too long")
	r := &capReader{r: strings.NewReader("abcdef"), n: 4, tooLong: tooLong}
	got, err := io.ReadAll(r)
	if !bytes.Equal(got, []byte("abcd")) || err != tooLong {
		t.Errorf("ReadAll = %q, %v; want \"abcd\", then the cap's error", got, err)
	}
	for _, in := range []string{"abc", "abcd"} {
		r = &capReader{r: strings.NewReader(in), n: 4, tooLong: tooLong}
		if got, err := io.ReadAll(r); string(got) != in || err != nil {
			t.Errorf("ReadAll of %q, capped at 4 = %q, %v; want it whole and no error", in, got, err)
		}
	}
}
