// Package llm is the model's side of ply: the messages of a conversation,
// the Gateway interface every model sits behind, and two gateways. Mock is
// the scripted model that runs offline; OpenAI talks to any server that
// speaks the Chat Completions API. Retrying wraps either, and asks again
// when a request fails in a way that may pass.
//
// Nothing outside this package sees a JSON field name of the wire: the
// rest of ply speaks in Messages, and openai.go and wire.go translate. The
// session log spells a message in the same shape, but in a format of its
// own that stays as it is when the wire changes: session/wire.go says why.
package llm

import "encoding/json"

// The roles a message can have. A conversation starts with one system
// message; user and assistant messages follow it in turn, and after an
// assistant message that calls tools comes one tool message per call.
const (
	RoleSystem    = "system"
	RoleUser      = "user"
	RoleAssistant = "assistant"
	RoleTool      = "tool"
)

// Message is one entry in a conversation.
type Message struct {
	Role       string     // RoleSystem, RoleUser, RoleAssistant or RoleTool
	Content    string     // the text; for a tool message, the tool's result
	ToolCalls  []ToolCall // the tools an assistant message asks to run, in order
	ToolCallID string     // for a tool message: the ID of the call it answers
}

// ToolCall is the model asking for one tool to be run.
type ToolCall struct {
	ID        string // pairs the call with the tool message that answers it
	Name      string // which tool
	Arguments string // the arguments as the model wrote them: JSON text, maybe broken
}

// Request is everything a model needs to write the next message.
type Request struct {
	Model    string     // the server's name for the model; the Mock ignores it
	Messages []Message  // the whole conversation so far, system prompt first
	Tools    []ToolSpec // the tools the model may call; none for a plain chat
}

// ToolSpec describes a tool to the model.
type ToolSpec struct {
	Name        string
	Description string          // when and how to use the tool, for the model to read
	Parameters  json.RawMessage // a JSON Schema of the arguments object
}
