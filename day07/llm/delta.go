package llm

// StreamDelta is one piece of a streamed reply: what the gateway said, as it
// said it. Usually only one of its fields is set.
type StreamDelta struct {
	Text      string          // a fragment of the reply's text
	ToolCalls []ToolCallDelta // fragments of tool calls, to be merged by Index
	Usage     *Usage          // what the reply cost; nil when not reported
	Finish    string          // why the reply ended ("stop", "length", "tool_calls"); "" until it does
}

// ToolCallDelta is a fragment of one tool call the model makes. The first
// fragment of a call carries its ID and Name; the JSON of its Arguments
// arrives in pieces that join up in order.
type ToolCallDelta struct {
	Index     int    // which call of the reply this fragment belongs to, from 0
	ID        string // set on the call's first fragment
	Name      string // set on the call's first fragment
	Arguments string // the next piece of the arguments' JSON text
}

// Usage is what a reply cost, counted in tokens.
type Usage struct {
	Input  int // tokens the model read: the whole conversation sent
	Output int // tokens the model wrote
}

// empty reports whether d carries nothing at all, like the chunk that only
// announces the assistant's role.
func (d StreamDelta) empty() bool {
	return d.Text == "" && len(d.ToolCalls) == 0 && d.Usage == nil && d.Finish == ""
}
