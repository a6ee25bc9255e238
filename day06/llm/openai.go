package llm

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"time"
)

// OpenAI is a gateway to a server that speaks OpenAI's Chat Completions
// API: OpenAI itself, and Ollama, llama.cpp, vLLM and others on their /v1
// endpoints.
type OpenAI struct {
	baseURL string        // such as https://api.openai.com/v1; no trailing slash
	apiKey  string        // sent as a bearer token; empty for servers that need none
	client  *http.Client  // follows no redirect
	idle    time.Duration // how long the server may say nothing: see DefaultIdleTimeout

	// noUsage is set once the server has refused "stream_options", the
	// request for a last chunk with the usage: some servers know no such
	// field. From then on ply stops asking, for as long as this gateway
	// lives, which is the session. It is what the server is, not what the
	// conversation said, so a gateway may remember it.
	noUsage atomic.Bool
}

// NewOpenAI returns a gateway to the server at baseURL, for example
// "https://api.openai.com/v1" or Ollama's "http://localhost:11434/v1".
// apiKey may be empty.
func NewOpenAI(baseURL, apiKey string) *OpenAI {
	return &OpenAI{
		baseURL: strings.TrimRight(baseURL, "/"),
		apiKey:  apiKey,
		client:  newHTTPClient(),
		idle:    DefaultIdleTimeout,
	}
}

// SetIdleTimeout sets how long the server may say nothing, for its headers
// and then between two pieces of its reply (PLY_IDLE_TIMEOUT).
func (o *OpenAI) SetIdleTimeout(d time.Duration) { o.idle = d }

// connectTimeout bounds dialling and the TLS handshake. The waits after
// it, for the headers and for each next byte, are the idle timeout's (see
// watch). There is no limit on a whole request: a long answer is not a
// hung server, and the user can always cancel.
const connectTimeout = 10 * time.Second

// newHTTPClient returns a client with ply's connect timeout and the
// default transport's proxy settings and connection pooling. It follows
// no redirect: the answer to the first request comes back as it is, and
// a 3xx becomes a *RedirectError.
func newHTTPClient() *http.Client {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.DialContext = (&net.Dialer{Timeout: connectTimeout}).DialContext
	t.TLSHandshakeTimeout = connectTimeout
	return &http.Client{Transport: t, CheckRedirect: refuseRedirects}
}

// refuseRedirects stops the client at the first redirect. Go's client
// would follow a 307 or 308 anywhere with the whole conversation in its
// body, and it keeps the Authorization header when the host stays the
// same or becomes a subdomain of it, whatever the port and even from https
// to plain http.
func refuseRedirects(*http.Request, []*http.Request) error {
	return http.ErrUseLastResponse
}

// Stream sends the conversation to the server and returns the reply as it
// streams in. A refusal from the server comes back as an *APIError
// carrying the server's own explanation and, where ply has one, advice on
// what to fix; no answer at all comes back as a *NetworkError, and a body
// that is not a reply as a *NotReplyError. The stream it returns has
// already read the reply's first piece: an answer that breaks before it,
// having shown nothing, comes back as a *NetworkError too.
func (o *OpenAI) Stream(ctx context.Context, req Request) (Stream, error) {
	withUsage := !o.noUsage.Load()
	resp, w, err := o.send(ctx, req, withUsage)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		err := readAPIError(resp, o.apiKey, time.Now())
		resp.Body.Close()
		var apiErr *APIError
		if !errors.As(err, &apiErr) {
			return nil, err // a redirect, which ply does not follow
		}
		if withUsage && refusesStreamOptions(apiErr) {
			o.noUsage.Store(true)
			return o.Stream(ctx, req) // once more; withUsage is false this time, so it ends there
		}
		apiErr.Fix = advise(apiErr, o.baseURL, req.Model, o.apiKey != "")
		return nil, apiErr
	}
	return o.read(ctx, resp, w)
}

// send posts the request and waits for the answer's status and headers,
// under a watch: the answer's body is read through it.
func (o *OpenAI) send(ctx context.Context, req Request, withUsage bool) (*http.Response, *watch, error) {
	w := newWatch(ctx, o.idle)
	httpReq, err := o.newRequest(w.ctx, req, withUsage)
	if err != nil {
		w.stop()
		return nil, nil, err
	}
	resp, err := o.client.Do(httpReq)
	if err != nil {
		err = o.sendError(ctx, w, err)
		w.stop()
		return nil, nil, err
	}
	w.headers()
	resp.Body = w.body(resp.Body)
	return resp, w, nil
}

// read hands over a 200 answer by what it holds, not by what its
// Content-Type says, since servers label it wrongly both ways. A stream of
// events starts with "data:", another field of SSE or a ":" comment; a
// whole answer in one piece is a JSON object and starts with "{"; anything
// else is not a reply. Only the white space before the first byte is
// consumed, and both formats ignore it. No more than maxAnswer bytes are
// read.
func (o *OpenAI) read(ctx context.Context, resp *http.Response, w *watch) (Stream, error) {
	body := bufio.NewReader(&capReader{r: resp.Body, n: maxAnswer, tooLong: ErrAnswerTooLong})
	first, err := firstByte(body)
	switch {
	case err != nil:
		resp.Body.Close()
		return nil, o.brokeOff(ctx, w, err)
	case first == '{':
		// A server that ignores "stream": true answers in one piece.
		defer resp.Body.Close()
		return o.wholeReply(ctx, resp.Header, body, w)
	case !isEvents(body):
		defer resp.Body.Close()
		return nil, notReply(resp.Header, peekStart(body), ErrNotEvents, o.apiKey)
	}
	// The events are read through body, which holds the first byte, and
	// closing closes the connection.
	w.streaming()
	s := &cappedStream{Stream: newChunkStream(ctx, struct {
		io.Reader
		io.Closer
	}{body, resp.Body}, o.apiKey)}
	return o.started(ctx, w.stream(s), w)
}

// started reads the first piece of the reply s carries, and returns s
// with that piece ready for its first Next. A stream that was cut, or
// fell silent, before it has shown nothing: that is no answer, and it
// comes back as a *NetworkError, to be asked again.
func (o *OpenAI) started(ctx context.Context, s Stream, w *watch) (Stream, error) {
	if s.Next() {
		return &onePieceRead{Stream: s}, nil
	}
	err := s.Err()
	s.Close()
	if errors.Is(err, ErrStreamCut) {
		return nil, o.brokeOff(ctx, w, err)
	}
	return nil, err
}

// onePieceRead is a Stream whose first delta has been read already: its
// first Next hands that one over.
type onePieceRead struct {
	Stream
	handed bool // the first Next has been
}

func (s *onePieceRead) Next() bool {
	if !s.handed {
		s.handed = true
		return true
	}
	return s.Stream.Next()
}

// firstByte returns the first byte of r that is not white space, and leaves
// it unread. An answer that ends before it is an answer with nothing in it.
func firstByte(r *bufio.Reader) (byte, error) {
	for {
		b, err := r.ReadByte()
		if err == io.EOF {
			return 0, io.ErrUnexpectedEOF
		}
		if err != nil {
			return 0, err
		}
		if !strings.ContainsRune(" \t\r\n", rune(b)) {
			return b, r.UnreadByte()
		}
	}
}

// refusesStreamOptions reports whether the server refused the request
// because of "stream_options". OpenAI names the field in its message and
// its param ("Unsupported parameter: …"), and so do the servers that copy
// its errors; others only mention it, so the message is what ply reads.
func refusesStreamOptions(e *APIError) bool {
	return (e.Status == http.StatusBadRequest || e.Status == http.StatusUnprocessableEntity) &&
		strings.Contains(e.Message, "stream_options")
}

// newRequest builds the HTTP request: a POST of the conversation as JSON to
// {base}/chat/completions, asking for a stream (with the usage at its end
// when withUsage), with the key as a bearer token when there is one.
func (o *OpenAI) newRequest(ctx context.Context, req Request, withUsage bool) (*http.Request, error) {
	body, err := json.Marshal(toWire(req, withUsage))
	if err != nil {
		return nil, fmt.Errorf("encode request: %w", err)
	}
	endpoint := o.baseURL + "/chat/completions"
	httpReq, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("bad base URL %q: %w", hideCredentials(o.baseURL), err)
	}
	httpReq.Header.Set("Content-Type", "application/json")
	httpReq.Header.Set("Accept", "text/event-stream")
	if o.apiKey != "" {
		httpReq.Header.Set("Authorization", "Bearer "+o.apiKey)
	}
	return httpReq, nil
}

// sendError explains why a request got no answer at all. Unless the user
// cancelled, the error is a *NetworkError: nothing of the reply arrived,
// so asking again is safe.
func (o *OpenAI) sendError(ctx context.Context, w *watch, err error) error {
	if ctx.Err() != nil {
		// The user cancelled: that is the whole story.
		return ctx.Err()
	}
	if silence := w.silence(); silence != nil {
		err = silence // the server said nothing, and the watch ended the request
	}
	// A *url.Error repeats the method and URL; we name the server once,
	// without a password it may hold. What is left can quote a broken
	// server's bytes, so it is server text.
	var urlErr *url.Error
	if errors.As(err, &urlErr) {
		err = urlErr.Err
	}
	err = hideServerText(err, o.apiKey)
	server := hideCredentials(o.baseURL)
	// Failing to connect and waiting in vain for an answer are different
	// troubles: the first is the address, the second the server.
	var opErr *net.OpError
	if errors.As(err, &opErr) && opErr.Op == "dial" {
		return &NetworkError{fmt.Errorf("cannot reach %s: %w", server, err)}
	}
	return &NetworkError{fmt.Errorf("no answer from %s: %w", server, err)}
}

// brokeOff explains an answer that stopped before anything of its reply
// came. When its body broke off, or the server fell silent, that is no
// answer: a *NetworkError, as from sendError. When a cap stopped ply from
// reading on, the server would send the same again, and err stays as it
// is.
func (o *OpenAI) brokeOff(ctx context.Context, w *watch, err error) error {
	if !w.ended.Load() && w.silence() == nil && ctx.Err() == nil {
		return err
	}
	return o.sendError(ctx, w, err)
}

// wholeReply reads an answer that came in one piece, up to maxReply
// bytes, and hands it over as a stream of one delta, so the caller need
// not know. JSON that holds no reply is reported with its start; JSON that
// breaks off is no answer, as in brokeOff.
func (o *OpenAI) wholeReply(ctx context.Context, h http.Header, body *bufio.Reader, w *watch) (Stream, error) {
	start := peekStart(body)
	delta, err := decodeReply(&capReader{r: body, n: maxReply, tooLong: ErrReplyTooLong})
	var syntaxErr *json.SyntaxError
	var typeErr *json.UnmarshalTypeError
	switch {
	case err == nil:
		return newSliceStream(ctx, []StreamDelta{delta}), nil
	case errors.Is(err, ErrNoChoices), errors.As(err, &syntaxErr), errors.As(err, &typeErr):
		return nil, notReply(h, start, err, o.apiKey)
	case errors.Is(err, ErrReplyTooLong), errors.Is(err, ErrOutputLimit), errors.Is(err, ErrEmptyReply):
		return nil, err
	}
	return nil, o.sendError(ctx, w, err)
}
