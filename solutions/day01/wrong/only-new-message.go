// Wrong: only the new message is sent. The agent keeps a perfect history
// and never sends it, so the model forgets everything but the last line.
// Exercise: 2
// Caught by: TestSendKeepsTheConversation, TestScripts/repl_conversation, self-check "conversation starts with the system prompt", self-check "conversation keeps every reply"
package agent

import (
	"context"

	"ply/day01/llm"
)

func (a *Agent) Send(ctx context.Context, text string) (string, error) {
	user := llm.Message{Role: llm.RoleUser, Content: text}
	reply, err := a.gateway.Complete(ctx, llm.Request{Model: a.model, Messages: []llm.Message{user}})
	if err != nil {
		return "", err
	}
	a.messages = append(a.messages, user, reply)
	return reply.Content, nil
}
