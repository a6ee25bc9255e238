// Wrong: the error branch takes the user's message back but does not
// return, so the empty reply of the failed call is appended in its place.
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
		a.messages = a.messages[:len(a.messages)-1]
	}
	a.messages = append(a.messages, reply)
	return reply.Content, err
}
