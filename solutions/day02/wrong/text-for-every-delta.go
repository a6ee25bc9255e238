// Wrong: a Text for every delta turns the finish and the usage, which
// carry no text, into empty Text events.
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
	defer s.Close()
	var reply strings.Builder
	var usage llm.Usage
	for s.Next() {
		d := s.Delta()
		reply.WriteString(d.Text)
		emit(Text{Text: d.Text})
		if d.Usage != nil {
			usage = *d.Usage
		}
	}
	return reply.String(), usage, s.Err()
}
