// Wrong: Clear keeps the first message of the conversation, which is right
// for an agent that has one and panics in New, whose conversation is nil.
// Exercise: 2
// Caught by: TestClearAndModel, self-check "conversation starts with the system prompt", self-check "/clear keeps only the system prompt"
package agent

func (a *Agent) Clear() {
	a.messages = a.messages[:1]
}
