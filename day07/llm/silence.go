package llm

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sync/atomic"
	"time"
)

// DefaultIdleTimeout is how long ply lets a server say nothing: from the
// request to its headers (and to the end of an answer that is not a
// stream), then, in a stream, from each piece of the reply to the next.
// PLY_IDLE_TIMEOUT sets both at once.
//
// Five minutes, because real servers are silent that long and are not
// broken. A local server loads the model before it sends its headers:
// Ollama lets a load stall for five minutes (OLLAMA_LOAD_TIMEOUT) before
// it gives up itself, and it reads the whole prompt before the first
// byte too. A reasoning model may stream nothing while it thinks.
// OpenAI's Python SDK gives each read ten minutes; ply takes half, since a
// person is waiting.
//
// What a stream sends besides the reply does not restart the count: SSE
// comments, blank lines, fields other than data, and chunks that carry
// nothing ply shows. Servers send them to keep a connection open while
// the model thinks (OpenRouter sends comments), and a server can send
// them for ever without answering; counting them would leave a turn
// waiting for as long as the server likes.
const DefaultIdleTimeout = 5 * time.Minute

// SilenceError means the server said nothing for longer than ply waits.
// There are two limits, of the same length: the answer, from the request
// on, must bring its headers and, when it is not a stream, its whole body
// within the limit; a stream must bring each piece of the reply within
// the limit of the one before (or of its first byte). Before anything of
// the reply arrived, the error comes back inside a *NetworkError and the
// request is asked again.
type SilenceError struct {
	Headers bool          // no headers came
	Stream  bool          // a stream had begun, and brought no piece of the reply in time
	Busy    bool          // ... though bytes came: comments, or anything else that is not the reply
	After   time.Duration // the limit that ran out
}

func (e *SilenceError) Error() string {
	switch {
	case e.Headers:
		return fmt.Sprintf("the server sent no headers within %s (PLY_IDLE_TIMEOUT)", waitText(e.After))
	case e.Busy:
		return fmt.Sprintf("the server sent nothing of the reply for %s, only bytes that carry none (PLY_IDLE_TIMEOUT)", waitText(e.After))
	case e.Stream:
		return fmt.Sprintf("the server sent nothing for %s (PLY_IDLE_TIMEOUT)", waitText(e.After))
	}
	return fmt.Sprintf("the server had not sent its answer within %s of the request (PLY_IDLE_TIMEOUT)", waitText(e.After))
}

// The phases of an answer, as a watch sees them.
const (
	awaitHeaders = iota // the request is sent; the headers have not come
	awaitBody           // the headers have come: the body must come in the time that is left
	awaitPiece          // the body is a stream: each piece of the reply restarts the limit
)

// watch ends one request when its server is silent for longer than
// limit: see SilenceError. It starts counting at once. The request must be
// made with the context watch holds, and its body read through
// watch.body.
type watch struct {
	limit  time.Duration
	ctx    context.Context // the request's: the limit cancels it, with a *SilenceError as its cause
	cancel context.CancelCauseFunc
	timer  *time.Timer
	phase  atomic.Int32 // awaitHeaders, awaitBody or awaitPiece
	busy   atomic.Bool  // in a stream, bytes came since the limit last started again
	ended  atomic.Bool  // a read of the body failed, or reached its end
}

// newWatch starts watching a request made with ctx.
func newWatch(ctx context.Context, limit time.Duration) *watch {
	w := &watch{limit: limit}
	w.ctx, w.cancel = context.WithCancelCause(ctx)
	w.timer = time.AfterFunc(limit, func() {
		phase := w.phase.Load()
		stream := phase == awaitPiece
		w.cancel(&SilenceError{Headers: phase == awaitHeaders, Stream: stream, Busy: stream && w.busy.Load(), After: w.limit})
	})
	return w
}

// headers notes that the headers have come. The count goes on: the body
// of an answer that is not a stream comes in what is left of the limit.
func (w *watch) headers() { w.phase.Store(awaitBody) }

// streaming notes that the body is a stream, whose first byte has come:
// the count starts again, and from now on it starts again at each piece
// of the reply that the stream w.stream returns hands over.
func (w *watch) streaming() {
	w.phase.Store(awaitPiece)
	w.heard()
}

// heard starts the count again.
func (w *watch) heard() {
	w.busy.Store(false)
	w.timer.Reset(w.limit)
}

// silence returns the *SilenceError that ended the request, or nil when
// the limit has not run out.
func (w *watch) silence() error {
	var s *SilenceError
	if errors.As(context.Cause(w.ctx), &s) {
		return s
	}
	return nil
}

// stop ends the watch and lets go of its timer and context.
func (w *watch) stop() {
	w.timer.Stop()
	w.cancel(nil)
}

// body returns rc read under the watch: a read that the limit broke
// returns the *SilenceError; Close stops the watch.
func (w *watch) body(rc io.ReadCloser) io.ReadCloser {
	return &watchedBody{rc: rc, w: w}
}

type watchedBody struct {
	rc io.ReadCloser
	w  *watch
}

func (b *watchedBody) Read(p []byte) (int, error) {
	n, err := b.rc.Read(p)
	if n > 0 {
		b.w.busy.Store(true)
	}
	if err != nil {
		b.w.ended.Store(true)
		if silence := b.w.silence(); silence != nil {
			err = silence // the read broke because the limit cancelled it
		}
	}
	return n, err
}

func (b *watchedBody) Close() error {
	err := b.rc.Close()
	b.w.stop()
	return err
}

// stream returns s read under the watch: each piece of the reply it
// hands over starts the count again. Bytes that bring no piece do not:
// comments, blank lines, other fields, chunks with nothing in them.
func (w *watch) stream(s Stream) Stream {
	return &watchedStream{Stream: s, w: w}
}

type watchedStream struct {
	Stream
	w *watch
}

func (s *watchedStream) Next() bool {
	if !s.Stream.Next() {
		return false
	}
	s.w.heard()
	return true
}
