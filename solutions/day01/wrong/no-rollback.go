// Wrong: a failed turn keeps the user's message, so the conversation ends
// with a question that has no answer, and asking again sends it twice.
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
	if err != nil {
		return "", err
	}
	a.messages = append(a.messages, reply)
	return reply.Content, nil
}
