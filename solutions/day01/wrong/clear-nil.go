// Wrong: Clear empties the conversation altogether, and because New calls
// it, no conversation ever starts with the system prompt.
// Exercise: 2
// Caught by: TestClearAndModel, TestSendKeepsTheConversation, self-check "conversation starts with the system prompt", self-check "/clear keeps only the system prompt"
package agent

func (a *Agent) Clear() {
	a.messages = nil
}
