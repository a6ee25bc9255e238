package llm

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// The ways an answer of 200 OK can still hold no usable reply.
var (
	// ErrNoChoices means the server answered with no reply in it.
	ErrNoChoices = errors.New("the server's answer has no choices")
	// ErrEmptyReply means the model's reply says nothing at all.
	ErrEmptyReply = errors.New("the model's reply is empty")
	// ErrOutputLimit means the model stopped at its limit on output
	// (finish_reason "length") before the reply was done.
	ErrOutputLimit = errors.New("the model stopped at its output limit before the reply was done; ask for a shorter answer")
)

// chatRequest is the JSON body of POST /chat/completions.
type chatRequest struct {
	Model         string         `json:"model"`
	Messages      []chatMessage  `json:"messages"`
	Tools         []wireTool     `json:"tools,omitempty"`
	Stream        bool           `json:"stream,omitempty"`
	StreamOptions *streamOptions `json:"stream_options,omitempty"`
}

// wireTool offers one tool to the model.
type wireTool struct {
	Type     string       `json:"type"` // always "function"
	Function wireFunction `json:"function"`
}

// wireFunction is a tool's name, description and argument schema.
type wireFunction struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	Parameters  json.RawMessage `json:"parameters,omitempty"`
}

// streamOptions asks for a last chunk with the reply's token usage.
type streamOptions struct {
	IncludeUsage bool `json:"include_usage"`
}

// chatMessage is a Message as the wire spells it.
type chatMessage struct {
	Role       string         `json:"role"`
	Content    string         `json:"content,omitempty"` // a JSON null decodes as ""
	ToolCalls  []wireToolCall `json:"tool_calls,omitempty"`
	ToolCallID string         `json:"tool_call_id,omitempty"`
}

// wireToolCall is one whole tool call in a message.
type wireToolCall struct {
	ID       string `json:"id"`
	Type     string `json:"type"` // always "function"
	Function struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"` // JSON text inside a JSON string
	} `json:"function"`
}

// chatResponse is the part of the server's answer that ply reads.
type chatResponse struct {
	Choices []responseChoice `json:"choices"`
	Usage   *wireUsage       `json:"usage,omitempty"`
}

// responseChoice is one reply in an answer. Servers send more than one
// only when asked to, and ply never asks.
type responseChoice struct {
	Message      chatMessage `json:"message"`
	FinishReason string      `json:"finish_reason,omitempty"`
}

// chatChunk is the data of one event of a streamed reply. The last chunk
// before [DONE] may have no choices and only the usage; a server that
// fails mid-reply sends an error in place of a chunk.
type chatChunk struct {
	Choices []chunkChoice   `json:"choices"`
	Usage   *wireUsage      `json:"usage,omitempty"`
	Error   json.RawMessage `json:"error,omitempty"`
}

// chunkChoice is the part of a chunk that continues the reply.
type chunkChoice struct {
	Index        int        `json:"index"`
	Delta        chunkDelta `json:"delta"`
	FinishReason string     `json:"finish_reason,omitempty"` // null until the last chunk
}

// chunkDelta is what a chunk adds to the reply. Ollama repeats the role in
// every chunk; OpenAI sends it only in the first.
type chunkDelta struct {
	Role      string          `json:"role,omitempty"`
	Content   string          `json:"content,omitempty"`
	ToolCalls []toolCallChunk `json:"tool_calls,omitempty"`
}

// toolCallChunk is a fragment of one tool call.
type toolCallChunk struct {
	Index    int    `json:"index"`
	ID       string `json:"id,omitempty"`
	Type     string `json:"type,omitempty"`
	Function struct {
		Name      string `json:"name,omitempty"`
		Arguments string `json:"arguments"`
	} `json:"function"`
}

// wireUsage is the token count a server reports.
type wireUsage struct {
	PromptTokens     int `json:"prompt_tokens"`
	CompletionTokens int `json:"completion_tokens"`
	TotalTokens      int `json:"total_tokens"`
}

// toWire translates a Request into the body the server expects: a stream,
// with the usage at its end when withUsage.
func toWire(req Request, withUsage bool) chatRequest {
	wire := chatRequest{
		Model:    req.Model,
		Messages: make([]chatMessage, len(req.Messages)),
		Stream:   true,
	}
	if withUsage {
		wire.StreamOptions = &streamOptions{IncludeUsage: true}
	}
	for i, m := range req.Messages {
		wire.Messages[i] = toWireMessage(m)
	}
	for _, t := range req.Tools {
		fn := wireFunction{Name: t.Name, Description: t.Description, Parameters: t.Parameters}
		wire.Tools = append(wire.Tools, wireTool{Type: "function", Function: fn})
	}
	return wire
}

// toWireMessage spells one message the way the wire does.
func toWireMessage(m Message) chatMessage {
	wire := chatMessage{Role: m.Role, Content: m.Content, ToolCallID: m.ToolCallID}
	for _, call := range m.ToolCalls {
		var w wireToolCall
		w.ID, w.Type = call.ID, "function"
		w.Function.Name, w.Function.Arguments = call.Name, call.Arguments
		wire.ToolCalls = append(wire.ToolCalls, w)
	}
	return wire
}

// fromWire translates a request body back into a Request, for the Mock's
// server.
func fromWire(wire chatRequest) Request {
	req := Request{Model: wire.Model, Messages: make([]Message, len(wire.Messages))}
	for i, m := range wire.Messages {
		req.Messages[i] = fromWireMessage(m)
	}
	for _, t := range wire.Tools {
		req.Tools = append(req.Tools, ToolSpec{Name: t.Function.Name, Description: t.Function.Description, Parameters: t.Function.Parameters})
	}
	return req
}

// fromWireMessage reads one message as the wire spells it.
func fromWireMessage(wire chatMessage) Message {
	m := Message{Role: wire.Role, Content: wire.Content, ToolCallID: wire.ToolCallID}
	for _, call := range wire.ToolCalls {
		m.ToolCalls = append(m.ToolCalls, ToolCall{ID: call.ID, Name: call.Function.Name, Arguments: call.Function.Arguments})
	}
	return m
}

// decodeReply reads an answer that came in one piece and returns it as one
// delta: the text and the whole calls of its first choice, the reason it
// finished, and its usage. A server that gives no finish reason gets the
// one its content implies. A reply the model did not finish, or that says
// nothing, is an error, as it is at the end of a stream: it is not worth
// keeping in the conversation.
func decodeReply(r io.Reader) (StreamDelta, error) {
	var resp chatResponse
	if err := json.NewDecoder(r).Decode(&resp); err != nil {
		return StreamDelta{}, fmt.Errorf("read the server's answer: %w", err)
	}
	if len(resp.Choices) == 0 {
		return StreamDelta{}, ErrNoChoices
	}
	choice := resp.Choices[0]
	reply := fromWireMessage(choice.Message)
	delta := StreamDelta{Text: reply.Content, Finish: choice.FinishReason}
	for i, call := range reply.ToolCalls {
		delta.ToolCalls = append(delta.ToolCalls, ToolCallDelta{Index: i, ID: call.ID, Name: call.Name, Arguments: call.Arguments})
	}
	if delta.Finish == "" {
		delta.Finish = "stop"
		if len(delta.ToolCalls) > 0 {
			delta.Finish = "tool_calls"
		}
	}
	if resp.Usage != nil {
		delta.Usage = &Usage{Input: resp.Usage.PromptTokens, Output: resp.Usage.CompletionTokens}
	}
	if err := replyError(delta.Finish == "length", delta.Text == "" && len(delta.ToolCalls) == 0); err != nil {
		return StreamDelta{}, err
	}
	return delta, nil
}

// replyError says what is wrong with a reply the model stopped writing,
// or returns nil. A reply cut at the output limit is not the answer the
// model meant to give, and an empty one answers nothing; kept in the
// conversation, either would be sent back to the model on every turn.
func replyError(cut, empty bool) error {
	switch {
	case cut:
		return ErrOutputLimit
	case empty:
		return ErrEmptyReply
	}
	return nil
}
