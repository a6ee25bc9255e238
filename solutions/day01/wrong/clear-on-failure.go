// Wrong: a failed turn starts the conversation over, so one error from
// the server costs the user every earlier turn, not just the question.
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
		a.Clear()
		return "", err
	}
	a.messages = append(a.messages, reply)
	return reply.Content, nil
}
