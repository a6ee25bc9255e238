// Wrong: collecting the text and emitting it once, when the stream ends,
// reads naturally and undoes the whole day: the reply appears all at once,
// when it is finished.
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
		if d.Usage != nil {
			usage = *d.Usage
		}
	}
	if reply.Len() > 0 {
		emit(Text{Text: reply.String()})
	}
	return reply.String(), usage, s.Err()
}
