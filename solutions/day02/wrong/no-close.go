// Wrong: a stream read to its end gives its connection back anyway, so
// nothing looks wrong; but a stream that stops early (an error mid-reply,
// a chunk that is not JSON) keeps its connection and buffers open until
// the server hangs up.
// Exercise: 4
// Caught by: self-check "a turn shows its text as it arrives, then ends", TestTurns/finished
package agent

import (
	"context"
	"strings"

	"ply/day02/llm"
)

func (a *Agent) stream(ctx context.Context, emit func(Event)) (string, llm.Usage, error) {
	s, err := a.gateway.Stream(ctx, llm.Request{Model: a.model, Messages: a.messages})
	if err != nil {
		return "", llm.Usage{}, err
	}
	var reply strings.Builder
	var usage llm.Usage
	for s.Next() {
		d := s.Delta()
		if d.Text != "" {
			reply.WriteString(d.Text)
			emit(Text{Text: d.Text})
		}
		if d.Usage != nil {
			usage = *d.Usage
		}
	}
	return reply.String(), usage, s.Err()
}
