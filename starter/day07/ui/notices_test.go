package ui

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"ply/day07/agent"
	"ply/day07/llm"
)

func TestNotices(t *testing.T) {
	tests := []struct{ got, want string }{
		{retryLine(agent.Retrying{Attempt: 2, Attempts: 5, Wait: 6 * time.Second, Err: &llm.APIError{Status: 429}}),
			"rate limited — retrying in 6 s, attempt 2 of 5"},
		{retryLine(agent.Retrying{Attempt: 3, Attempts: 5, Wait: 1480 * time.Millisecond, Err: fmt.Errorf("ask: %w", &llm.APIError{Status: 503})}),
			"the server failed (503) — retrying in 1.5 s, attempt 3 of 5"},
		{retryLine(agent.Retrying{Attempt: 2, Attempts: 5, Wait: 400 * time.Millisecond, Err: &llm.APIError{Status: 408}}),
			"the server timed out — retrying in 0.4 s, attempt 2 of 5"},
		{retryLine(agent.Retrying{Attempt: 2, Attempts: 5, Wait: time.Second, Err: &llm.NetworkError{Err: errors.New("cannot reach http://h/v1: connection refused")}}),
			"cannot reach http://h/v1: connection refused — retrying in 1 s, attempt 2 of 5"},
		{compactedLine(agent.Compacted{Compaction: agent.Compaction{Replaced: 12, Before: 25000, After: 3100}}),
			"compacted: 12 messages replaced by a summary; ~25000 → ~3100 tokens"},
		{fixLine(fmt.Errorf("%w (gave up after 5 attempts)", &llm.APIError{Status: 401, Fix: "check OPENAI_API_KEY"})), "fix: check OPENAI_API_KEY"},
		{fixLine(&llm.APIError{Status: 500}), ""},
		{fixLine(errors.New("other")), ""},
		{repeatedLine(agent.Repeated{Name: "read_file", Arguments: `{"path":"README.md"}`}),
			`stopped: the model called read_file {"path":"README.md"} 3 times in a row; ask again, or ask differently`},
		{outOfRoomLine(agent.OutOfRoom{Size: 40000, Budget: 32768}),
			"stopped: this turn takes ~40000 tokens, more than the budget of 32768 even after compaction; /clear, or set PLY_CONTEXT if the model's window is larger"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got  %q\nwant %q", tt.got, tt.want)
		}
	}
}
