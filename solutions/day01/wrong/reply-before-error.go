// Wrong: the reply is appended before the error is looked at, so the roll
// back takes off the empty reply and leaves the user's message behind.
// Exercise: 2
// Caught by: TestSendFailureChangesNothing, self-check "a failed turn leaves the conversation as it was"
// Test exercise: 3
package agent

import (
	"context"

	"ply/day01/llm"
)

func (a *Agent) Send(ctx context.Context, text string) (string, error) {
	a.messages = append(a.messages, llm.Message{Role: llm.RoleUser, Content: text})
	reply, err := a.gateway.Complete(ctx, llm.Request{Model: a.model, Messages: a.messages})
	a.messages = append(a.messages, reply)
	if err != nil {
		a.messages = a.messages[:len(a.messages)-1]
		return "", err
	}
	return reply.Content, nil
}
