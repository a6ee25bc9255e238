package agent

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"ply/day07/llm"
)

// DefaultBudget is the size of the model's window ply assumes, in tokens,
// until it is told another. A server that speaks the Chat Completions API
// does not say how large its model's window is, so the user must; 32K is
// within what current hosted models and most local ones hold, and a model
// with a larger window simply compacts earlier than it had to.
const DefaultBudget = 32_768

// compactAt is the size past which the next request compacts first: three
// quarters of the budget. The last quarter is room for one more round
// before the window is full: a reply of up to 4,096 tokens and one tool
// result of up to 16,000 characters (about 4,000 tokens) fill a quarter of
// the default budget. The request for the summary fits too: it carries
// only the older part of the conversation.
func compactAt(budget int) int { return budget / 4 * 3 }

// The reasons a compaction does not happen.
var (
	// ErrNothingToCompact means the conversation holds nothing before its
	// last turn but, perhaps, the summary of an earlier compaction.
	ErrNothingToCompact = errors.New("nothing to compact: the conversation is its last turn and what was summarised before")
	// ErrNoGain means the summary would take as much room as the messages
	// it replaces, or more: keeping them is better.
	ErrNoGain = errors.New("the summary is no shorter than what it would replace, so the conversation stays as it was")
)

// Compaction is what one compaction did.
type Compaction struct {
	Summary  string // what the model wrote of the messages it replaced
	Replaced int    // how many messages the summary replaced
	Before   int    // the conversation's size before, in tokens
	After    int    // and after, estimated
}

// Compact replaces everything before the last turn with a summary that the
// model writes of it. It is the one place that rebuilds the conversation,
// for /compact and for the automatic compaction of makeRoom alike, so that
// whatever must happen with a compaction happens in one place: the watcher
// hears of it here (see Watch), in a turn or out of one.
//
// The rebuilt conversation is checked before it replaces the old one: it
// must be well formed and smaller. On any error the conversation is left
// as it was.
func (a *Agent) Compact(ctx context.Context) (Compaction, error) {
	old := older(a.messages)
	if len(old) == 0 {
		return Compaction{}, ErrNothingToCompact
	}
	summary, err := a.summarise(ctx, old)
	if err != nil {
		return Compaction{}, fmt.Errorf("ask for a summary: %w", err)
	}
	after := compact(a.messages, summary)
	if err := WellFormed(after); err != nil {
		return Compaction{}, fmt.Errorf("the compacted conversation would be broken, so it stays as it was: %w", err)
	}
	if estimateAll(after) >= estimateAll(a.messages) {
		return Compaction{}, ErrNoGain
	}
	c := Compaction{Summary: summary, Replaced: len(old), Before: a.Context().Size()}
	a.messages, a.counted, a.failedOn = after, counted{}, 0
	c.After = a.Context().Size()
	a.report(Compacted{c})
	return c, nil
}

// summarise asks the model for a summary of msgs and returns its text.
func (a *Agent) summarise(ctx context.Context, msgs []llm.Message) (string, error) {
	s, err := a.gateway.Stream(ctx, llm.SummaryRequest(a.model, msgs))
	if err != nil {
		return "", err
	}
	defer s.Close()
	var text strings.Builder
	for s.Next() {
		text.WriteString(s.Delta().Text)
	}
	if err := s.Err(); err != nil {
		return "", err
	}
	if strings.TrimSpace(text.String()) == "" {
		return "", errors.New("the model wrote an empty summary")
	}
	// A summary is a message of the window too, and is held as a reply is.
	return hold(llm.Message{Role: llm.RoleUser, Content: text.String()}, a.budget).Content, nil
}

// makeRoom compacts the conversation when it has grown past compactAt,
// and reports whether it fits the budget afterwards. A compaction that
// fails is reported, and not tried again until there is more to compact:
// a failing summary request in every round of a long turn would cost a
// request, and its retries, each time. The turn goes on as long as the
// conversation still fits.
func (a *Agent) makeRoom(ctx context.Context, emit func(Event)) bool {
	old := len(older(a.messages))
	if a.Context().Size() > compactAt(a.budget) && old > 0 && old != a.failedOn {
		c, err := a.Compact(ctx)
		switch {
		case err == nil:
			emit(Compacted{c})
		case ctx.Err() == nil: // a cancel is the caller's to report
			a.failedOn = old
			emit(CompactFailed{Err: err})
		}
	}
	return a.Context().Size() <= a.budget
}

// Budget returns the size of the model's window, in tokens, as ply was told.
func (a *Agent) Budget() int { return a.budget }

// SetBudget tells ply how many tokens the model's window holds. The
// conversation is compacted when it grows past three quarters of it.
func (a *Agent) SetBudget(tokens int) { a.budget = tokens }
