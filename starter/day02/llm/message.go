// Package llm is the model's side of ply: the messages of a conversation,
// the Gateway interface every model sits behind, and two gateways. Mock is
// the scripted model that runs offline; OpenAI talks to any server that
// speaks the Chat Completions API.
//
// Nothing outside this package sees a JSON field name: the rest of ply
// speaks in Messages, and openai.go and wire.go translate.
package llm

// The roles a message can have. A conversation starts with one system
// message; user and assistant messages follow it in turn.
const (
	RoleSystem    = "system"
	RoleUser      = "user"
	RoleAssistant = "assistant"
)

// Message is one entry in a conversation.
type Message struct {
	Role    string // RoleSystem, RoleUser or RoleAssistant
	Content string
}

// Request is everything a model needs to write the next message.
type Request struct {
	Model    string    // the server's name for the model; the Mock ignores it
	Messages []Message // the whole conversation so far, system prompt first
}
