package llmtest_test

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"testing"
	"time"

	"ply/day07/llm"
	"ply/day07/llm/llmtest"
)

func TestFailing(t *testing.T) {
	busy := &llm.APIError{Status: 503}
	tests := []struct {
		name string
		errs []error
		want []streamed
	}{
		{"no failures: the answer at once", nil, []streamed{{deltas: hi}, {deltas: hi}}},
		{"twice busy, then the answer for ever", []error{busy, busy}, []streamed{{err: busy}, {err: busy}, {deltas: hi}, {deltas: hi}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := llmtest.Failing(llmtest.Reply{Deltas: hi}, tt.errs...)
			if got := askAll(s, len(tt.want)); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("streamed %+v\nwant     %+v", got, tt.want)
			}
		})
	}
}

// TestClock: the Clock notes each wait without waiting, runs During
// inside it, and returns the context's error.
func TestClock(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	c := &llmtest.Clock{}
	start := time.Now()
	if err := c.Sleep(ctx, time.Hour); err != nil {
		t.Errorf("Sleep = %v, want nil on a live context", err)
	}
	c.During = cancel
	if err := c.Sleep(ctx, time.Minute); !errors.Is(err, context.Canceled) {
		t.Errorf("Sleep with a Ctrl-C during it = %v, want context.Canceled", err)
	}
	if waited := time.Since(start); waited > time.Minute {
		t.Errorf("the Clock slept %v", waited)
	}
	if got, want := c.Waits(), []time.Duration{time.Hour, time.Minute}; !slices.Equal(got, want) {
		t.Errorf("waits %v, want %v", got, want)
	}
}
