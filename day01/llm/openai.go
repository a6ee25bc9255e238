package llm

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// OpenAI is a gateway to a server that speaks OpenAI's Chat Completions
// API: OpenAI itself, and Ollama, llama.cpp, vLLM and others on their /v1
// endpoints.
type OpenAI struct {
	baseURL string // such as https://api.openai.com/v1; no trailing slash
	apiKey  string // sent as a bearer token; empty for servers that need none
	client  *http.Client
}

// NewOpenAI returns a gateway to the server at baseURL, for example
// "https://api.openai.com/v1" or Ollama's "http://localhost:11434/v1".
// apiKey may be empty.
func NewOpenAI(baseURL, apiKey string) *OpenAI {
	return &OpenAI{
		baseURL: strings.TrimRight(baseURL, "/"),
		apiKey:  apiKey,
		client:  newHTTPClient(),
	}
}

// The timeouts bound the waits whose end a user cannot see coming. There is
// no limit on a whole request: a long answer is not a hung server, and the
// user can stop ply.
const (
	connectTimeout = 10 * time.Second // dialling, and the TLS handshake
	replyTimeout   = 5 * time.Minute  // from the request sent to the first byte of the answer
)

// newHTTPClient returns a client with ply's timeouts and the default
// transport's proxy settings and connection pooling. It follows no
// redirect: the answer to the first request comes back as it is, and a
// 3xx becomes a *RedirectError.
func newHTTPClient() *http.Client {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.DialContext = (&net.Dialer{Timeout: connectTimeout}).DialContext
	t.TLSHandshakeTimeout = connectTimeout
	t.ResponseHeaderTimeout = replyTimeout
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

// Complete sends the conversation to the server and returns its reply.
// A refusal from the server comes back as an *APIError carrying the
// server's own explanation.
func (o *OpenAI) Complete(ctx context.Context, req Request) (Message, error) {
	httpReq, err := o.newRequest(ctx, req)
	if err != nil {
		return Message{}, err
	}
	resp, err := o.client.Do(httpReq)
	if err != nil {
		return Message{}, o.sendError(ctx, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return Message{}, readAPIError(resp, o.apiKey)
	}
	return decodeReply(resp.Body)
}

// newRequest builds the HTTP request: a POST of the conversation as JSON to
// {base}/chat/completions, with the key as a bearer token when there is one.
func (o *OpenAI) newRequest(ctx context.Context, req Request) (*http.Request, error) {
	body, err := json.Marshal(toWire(req))
	if err != nil {
		return nil, fmt.Errorf("encode request: %w", err)
	}
	endpoint := o.baseURL + "/chat/completions"
	httpReq, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewReader(body))
	if err != nil {
		return nil, fmt.Errorf("bad base URL %q: %w", hideCredentials(o.baseURL), err)
	}
	httpReq.Header.Set("Content-Type", "application/json")
	if o.apiKey != "" {
		httpReq.Header.Set("Authorization", "Bearer "+o.apiKey)
	}
	return httpReq, nil
}

// sendError explains why a request got no answer at all.
func (o *OpenAI) sendError(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		// The user cancelled: that is the whole story.
		return ctx.Err()
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
		return fmt.Errorf("cannot reach %s: %w", server, err)
	}
	return fmt.Errorf("no answer from %s: %w", server, err)
}
