package llm

import (
	"context"
	"errors"
)

// NetworkError is a request that got no answer at all: the server could not
// be reached, or it hung up before the first byte of its answer. Nothing of
// the reply reached the user, so the request is safe to send again.
type NetworkError struct {
	Err error // what went wrong, naming the server
}

func (e *NetworkError) Error() string { return e.Err.Error() }
func (e *NetworkError) Unwrap() error { return e.Err }

// retryStatus lists the statuses worth asking again after a wait: the
// server timed out (408), it limits how fast we may ask (429), or it is
// failing or overloaded for now (5xx; 529 is Anthropic's "overloaded").
// Every other refusal is about the request itself, the key or the model,
// and asking again would get the same answer.
var retryStatus = map[int]bool{
	408: true, // Request Timeout
	429: true, // Too Many Requests
	500: true, // Internal Server Error
	502: true, // Bad Gateway
	503: true, // Service Unavailable
	504: true, // Gateway Timeout
	529: true, // Overloaded
}

// retryable reports whether err, returned by a gateway before the reply
// began, is worth retrying. A 429 whose code is "insufficient_quota" is
// not: it is a billing limit, not a rate limit, and waiting will not lift
// it. A cancelled or expired context never is: the user has moved on.
func retryable(err error) bool {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return false
	}
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		return retryStatus[apiErr.Status] && apiErr.Code != "insufficient_quota"
	}
	var netErr *NetworkError
	return errors.As(err, &netErr)
}
