// Wrong: lastUser walks from the front and finds the first user message,
// so every question is answered as if it opened the conversation.
// Exercise: 1
// Caught by: TestMockReply/recall, TestMockReply/count_three, self-check "mock remembers only what the conversation holds"
package llm

func lastUser(msgs []Message) string {
	for _, m := range msgs {
		if isUser(m) {
			return m.Content
		}
	}
	return ""
}
