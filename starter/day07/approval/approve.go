package approval

import (
	"context"
	"encoding/json"

	"ply/day07/llm"
)

// Asker puts the gate's question to the human and waits for the answer.
// Asking pauses the turn; it is not an error and does not end anything.
type Asker interface {
	Ask(ctx context.Context, q Question) Answer
}

// Question is what the human is asked about one call.
type Question struct {
	Tool      string  // the tool's name: run_command, edit_file, …
	Arguments string  // the arguments as the model wrote them
	Command   string  // for run_command: the command line
	Path      string  // for a tool that writes a file: the file
	Reason    string  // why the gate asks
	Grant     string  // what "always" would allow; "" when only once is possible
	Change    *Change // what the call would do to the file, when the tool can tell
}

// Change is what a write would do to one file, for the human to see
// before saying yes.
type Change struct {
	Path          string
	Before, After string // the file's text now, and after the call
	Err           error  // why the tool could not tell; then Before and After are empty
}

// Previewer is a tool that can tell what a call would change without
// changing anything. write_file and edit_file are Previewers, so the
// question shows a diff.
type Previewer interface {
	Preview(args json.RawMessage) Change
}

// Reply is the human's answer.
type Reply int

const (
	NoAnswer Reply = iota // nobody answered: no terminal, end of input, cancelled
	Yes                   // this once
	Always                // this call and the same again, for this session
	No                    // not this call
)

// Answer is a reply, and for No or NoAnswer why.
type Answer struct {
	Reply  Reply
	Reason string // for No: the human's words for the model, maybe ""; for NoAnswer: why there was none; for Yes: who said it, when not the human
}

// Approve decides about call like Check, and when the gate asks, asks
// through asker. The decision it returns is Allow or Deny, never Ask. A
// refusal's reason is the text the model reads as the call's result.
func (g *Gate) Approve(ctx context.Context, tool Tool, call llm.ToolCall, asker Asker) Decision {
	d := g.Check(tool, call)
	if d.Verdict != Ask {
		return d
	}
	answer := asker.Ask(ctx, g.question(tool, call, d))
	switch answer.Reply {
	case Yes:
		if answer.Reason != "" {
			return allow("%s", answer.Reason)
		}
		return allow("the user said yes")
	case Always:
		if d.Grant != "" {
			g.grants.Add(d.Grant)
		}
		return allow("the user said yes, always")
	case No:
		if answer.Reason == "" {
			return deny("denied by the user")
		}
		return deny("denied by the user: %s", answer.Reason)
	}
	if answer.Reason == "" {
		return deny("denied: not approved")
	}
	return deny("denied: not approved (%s)", answer.Reason)
}

// question builds what the asker shows for a call the gate asks about.
func (g *Gate) question(tool Tool, call llm.ToolCall, d Decision) Question {
	args, _ := readArguments(call.Arguments) // Check has read them already
	q := Question{
		Tool: call.Name, Arguments: call.Arguments, Command: args.Command, Path: args.Path,
		Reason: d.Reason, Grant: d.Grant,
	}
	if p, ok := tool.(Previewer); ok {
		change := p.Preview(json.RawMessage(call.Arguments))
		q.Change = &change
	}
	return q
}

// Unattended is the asker when nobody can answer: stdin is not a
// terminal. Every question is refused, and the model is told why. This is
// failing closed: a pipe that feeds ply its prompts must not also be
// taken to approve what the model does.
type Unattended struct{}

func (Unattended) Ask(context.Context, Question) Answer {
	return Answer{Reply: NoAnswer, Reason: "stdin is not a terminal, and ply was started without --yes"}
}

// AllowAll is the asker of ply --yes: it says yes, once, to every
// question. The deny-list still refuses what it refuses: --yes answers
// questions, and a refused call is never a question.
type AllowAll struct{}

func (AllowAll) Ask(context.Context, Question) Answer {
	return Answer{Reply: Yes, Reason: "ply was started with --yes"}
}
