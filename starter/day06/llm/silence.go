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
// stream), then, in a stream, from each byte to the next. PLY_IDLE_TIMEOUT
// sets both at once.
//
// Five minutes, because real servers are silent that long and are not
// broken. A local server loads the model before it sends its headers:
// Ollama lets a load stall for five minutes (OLLAMA_LOAD_TIMEOUT) before
// it gives up itself, and it reads the whole prompt before the first
// byte too. A reasoning model may stream nothing while it thinks.
// OpenAI's Python SDK gives each read ten minutes; ply takes half, since a
// person is waiting, and a server that keeps the line open with comments
// while it thinks (OpenRouter does) is never silent that long.
const DefaultIdleTimeout = 5 * time.Minute

// SilenceError means the server said nothing for longer than ply waits.
// There are two limits, of the same length: the answer, from the request
// on, must bring its headers and, when it is not a stream, its whole body
// within the limit; a stream must bring each byte within the limit of
// the one before. Before anything of the reply arrived, the error comes
// back inside a *NetworkError and the request is asked again.
type SilenceError struct {
	Headers bool          // no headers came
	Stream  bool          // a stream had begun, and stopped part way
	After   time.Duration // the limit that ran out
}

func (e *SilenceError) Error() string {
	switch {
	case e.Headers:
		return fmt.Sprintf("the server sent no headers within %s (PLY_IDLE_TIMEOUT)", waitText(e.After))
	case e.Stream:
		return fmt.Sprintf("the server sent nothing for %s (PLY_IDLE_TIMEOUT)", waitText(e.After))
	}
	return fmt.Sprintf("the server had not sent its answer within %s of the request (PLY_IDLE_TIMEOUT)", waitText(e.After))
}

// The phases of an answer, as a watch sees them.
const (
	awaitHeaders = iota // the request is sent; the headers have not come
	awaitBody           // the headers have come: the body must come in the time that is left
	awaitByte           // the body is a stream: each byte restarts the limit
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
	phase  atomic.Int32 // awaitHeaders, awaitBody or awaitByte
	ended  atomic.Bool  // a read of the body failed, or reached its end
}

// newWatch starts watching a request made with ctx.
func newWatch(ctx context.Context, limit time.Duration) *watch {
	w := &watch{limit: limit}
	w.ctx, w.cancel = context.WithCancelCause(ctx)
	w.timer = time.AfterFunc(limit, func() {
		phase := w.phase.Load()
		w.cancel(&SilenceError{Headers: phase == awaitHeaders, Stream: phase == awaitByte, After: w.limit})
	})
	return w
}

// headers notes that the headers have come. The count goes on: the body
// of an answer that is not a stream comes in what is left of the limit.
func (w *watch) headers() { w.phase.Store(awaitBody) }

// streaming notes that the body is a stream: from now on the count starts
// again at every byte.
func (w *watch) streaming() {
	w.phase.Store(awaitByte)
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

// body returns rc read under the watch: in a stream, each read that
// brings bytes starts the count again; a read that the limit broke
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
	if n > 0 && b.w.phase.Load() == awaitByte {
		b.w.timer.Reset(b.w.limit)
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
