// Wrong: lastUser takes the last message whatever its role, so a
// conversation that holds only the system prompt is answered as if the
// user had said it, and so is one where the model spoke last.
// Exercise: 1
// Caught by: TestMockReply/no_user_message, TestMockReply/the_model_spoke_last, self-check "mock answers a conversation with no user message"
package llm

func lastUser(msgs []Message) string {
	if len(msgs) == 0 {
		return ""
	}
	return msgs[len(msgs)-1].Content
}
