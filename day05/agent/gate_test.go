package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"ply/day05/approval"
	"ply/day05/llm"
	"ply/day05/llm/llmtest"
	"ply/day05/tools"
)

// writer is a tool that writes, or would: it counts its runs, and the
// gate asks before each.
type writer struct{ runs *int }

func (writer) Name() string            { return "write_file" }
func (writer) Description() string     { return "writes" }
func (writer) Schema() json.RawMessage { return json.RawMessage(`{"type":"object"}`) }
func (writer) Args() any               { return new(map[string]any) }
func (writer) ReadOnly() bool          { return false }
func (w writer) Run(context.Context, json.RawMessage) (string, error) {
	*w.runs++
	return "wrote it", nil
}

// shell is run_command as the gate sees it: a tool that changes things,
// whose command the gate reads. It counts its runs.
type shell struct{ runs *int }

func (shell) Name() string            { return "run_command" }
func (shell) Description() string     { return "runs" }
func (shell) Schema() json.RawMessage { return json.RawMessage(`{"type":"object"}`) }
func (shell) Args() any               { return new(map[string]any) }
func (shell) ReadOnly() bool          { return false }
func (s shell) Run(context.Context, json.RawMessage) (string, error) {
	*s.runs++
	return "ran it", nil
}

// asker answers every question with answer, and keeps the questions. When
// cancel is set, it cancels the turn first, as Ctrl-C at the question does.
type asker struct {
	answer    approval.Answer
	cancel    context.CancelFunc
	questions []approval.Question
}

func (a *asker) Ask(ctx context.Context, q approval.Question) approval.Answer {
	a.questions = append(a.questions, q)
	if a.cancel != nil {
		a.cancel()
		return approval.Answer{Reply: approval.NoAnswer, Reason: "the turn was cancelled"}
	}
	return a.answer
}

// calls is a reply that calls tools: each pair is a tool's name and its
// arguments.
func calls(pairs ...string) []llm.StreamDelta {
	var deltas []llm.StreamDelta
	for i := 0; i < len(pairs); i += 2 {
		deltas = append(deltas, llm.StreamDelta{ToolCalls: []llm.ToolCallDelta{
			{Index: i / 2, ID: fmt.Sprintf("c%d", i/2), Name: pairs[i], Arguments: pairs[i+1]},
		}})
	}
	return append(deltas, llm.StreamDelta{Finish: "tool_calls"})
}

// guarded returns an agent whose gate asks ask, with the tools writer,
// shell and upper, and the counts of writer's and shell's runs.
func guarded(g llm.Gateway, ask approval.Asker) (a *Agent, writes, commands *int) {
	writes, commands = new(int), new(int)
	a = New(g, "m", tools.NewRegistry(writer{writes}, shell{commands}, upper{}))
	a.Guard(approval.New("/ws", approval.DefaultRules()), ask)
	return a, writes, commands
}

// toolMessages returns the contents of the tool messages of a request.
func toolMessages(req llm.Request) []string {
	var contents []string
	for _, m := range req.Messages {
		if m.Role == llm.RoleTool {
			contents = append(contents, m.Content)
		}
	}
	return contents
}

// TestDenialReachesTheModel refuses a write: it never runs, its result is
// the refusal with the user's reason, which the next request carries, and
// the turn goes on to the model's answer.
func TestDenialReachesTheModel(t *testing.T) {
	g := &llmtest.Script{Replies: llmtest.Replies(calls("write_file", `{"path":"calc.go","content":"x"}`), final)}
	ask := &asker{answer: approval.Answer{Reply: approval.No, Reason: "use the other file"}}
	a, writes, _ := guarded(g, ask)
	events := send(context.Background(), a, "go")

	if *writes != 0 {
		t.Errorf("the write ran %d times after the user said no", *writes)
	}
	if len(ask.questions) != 1 || ask.questions[0].Path != "calc.go" {
		t.Errorf("the asker was asked %+v, want one question about calc.go", ask.questions)
	}
	want := "denied by the user: use the other file"
	if len(g.Requests()) != 2 || fmt.Sprint(toolMessages(g.Requests()[1])) != fmt.Sprint([]string{want}) {
		t.Fatalf("the model was sent %d requests, the second with results %q; want 2, with [%q]", len(g.Requests()), toolMessages(g.Requests()[len(g.Requests())-1]), want)
	}
	end := toolEnd(t, events)
	if !end.Denied || end.Err == nil || end.Err.Error() != want {
		t.Errorf("ToolEnd = %+v, want Denied with the reason %q", end, want)
	}
	if _, ok := events[len(events)-1].(TurnDone); !ok {
		t.Errorf("the turn ended with %#v, want TurnDone: a refusal does not end the turn", events[len(events)-1])
	}
}

// TestGateDecisions runs one call of each kind through the gate, and
// checks who was asked, what ran and what the model read.
func TestGateDecisions(t *testing.T) {
	tests := []struct {
		name       string
		tool, args string
		ask        approval.Asker
		asked      int    // questions put to the asker
		ran        bool   // the tool ran
		result     string // what the model reads, a prefix
	}{
		{"a read-only tool never asks", "upper", `{"text":"a"}`, &asker{}, 0, true, "A"},
		{"an allowed command never asks", "run_command", `{"command":"ls -l"}`, &asker{}, 0, true, "ran it"},
		{"a command that asks runs after a yes", "run_command", `{"command":"go test ./..."}`,
			&asker{answer: approval.Answer{Reply: approval.Yes}}, 1, true, "ran it"},
		{"a refused command is never asked about", "run_command", `{"command":"ls && sudo rm x"}`, &asker{}, 0, false,
			"denied: sudo runs a command as another user"},
		{"nobody to ask: refused, and why", "run_command", `{"command":"go test ./..."}`, approval.Unattended{}, 0, false,
			"denied: not approved (stdin is not a terminal, and ply was started without --yes)"},
		{"--yes: allowed", "write_file", `{"path":"calc.go"}`, approval.AllowAll{}, 0, true, "wrote it"},
		{"--yes does not override a refusal", "run_command", `{"command":"sudo ls"}`, approval.AllowAll{}, 0, false,
			"denied: sudo runs a command as another user"},
		{"the end of the input: refused", "write_file", `{"path":"calc.go"}`,
			&asker{answer: approval.Answer{Reply: approval.NoAnswer, Reason: "the input ended"}}, 1, false, "denied: not approved (the input ended)"},
		{"arguments that name a key twice", "run_command", `{"command":"ls","Command":"rm -rf x"}`, approval.AllowAll{}, 0, false,
			"denied: the arguments cannot be read"},
		{"an unknown tool is the registry's to answer", "rm_rf", `{}`, &asker{}, 0, false, "error: there is no tool \"rm_rf\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if runtime.GOOS == "windows" && tt.tool == "run_command" && tt.asked == 0 {
				t.Skip("on Windows the gate cannot read a command, so every command asks")
			}
			g := &llmtest.Script{Replies: llmtest.Replies(calls(tt.tool, tt.args), final)}
			a, writes, commands := guarded(g, tt.ask)
			events := send(context.Background(), a, "go")
			if ask, ok := tt.ask.(*asker); ok && len(ask.questions) != tt.asked {
				t.Errorf("the asker was asked %d questions, want %d", len(ask.questions), tt.asked)
			}
			ran := *writes+*commands > 0 || tt.tool == "upper" && !toolEnd(t, events).Denied
			if ran != tt.ran {
				t.Errorf("the tool ran: %v, want %v", ran, tt.ran)
			}
			results := toolMessages(g.Requests()[len(g.Requests())-1])
			if len(results) != 1 || !strings.HasPrefix(results[0], tt.result) {
				t.Errorf("the model read %q, want a result starting %q", results, tt.result)
			}
			if _, ok := events[len(events)-1].(TurnDone); !ok {
				t.Errorf("the turn ended with %#v, want TurnDone", events[len(events)-1])
			}
		})
	}
}

// TestAlwaysIsNotAskedAgain answers "always" to a command: the same
// command again in the next round runs without a question, and another
// one asks.
func TestAlwaysIsNotAskedAgain(t *testing.T) {
	g := &llmtest.Script{Replies: llmtest.Replies(
		calls("run_command", `{"command":"go test ./..."}`),
		calls("run_command", `{"command":"go test ./..."}`, "run_command", `{"command":"go vet ./..."}`),
		final,
	)}
	ask := &asker{answer: approval.Answer{Reply: approval.Always}}
	a, _, commands := guarded(g, ask)
	send(context.Background(), a, "go")
	if len(ask.questions) != 2 || ask.questions[1].Command != "go vet ./..." {
		t.Errorf("the questions were %+v, want go test ./... once, then go vet ./...", ask.questions)
	}
	if *commands != 3 {
		t.Errorf("%d commands ran, want 3", *commands)
	}
	if got := a.Grants().List(); fmt.Sprint(got) != "[run_command: go test ./... run_command: go vet ./...]" {
		t.Errorf("the grants are %q, want both commands", got)
	}
}

// TestCancelWhileAsking presses Ctrl-C at the question: the call is
// refused, never runs, and the turn ends as cancelled, every call of the
// round answered.
func TestCancelWhileAsking(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	g := &llmtest.Script{Replies: llmtest.Replies(calls("write_file", `{"path":"a.go"}`, "upper", `{"text":"b"}`), final)}
	ask := &asker{cancel: cancel}
	a, writes, _ := guarded(g, ask)
	events := send(ctx, a, "go")
	if *writes != 0 {
		t.Errorf("the write ran after Ctrl-C at its question")
	}
	if c, ok := events[len(events)-1].(Cancelled); !ok || !c.Kept {
		t.Errorf("the turn ended with %#v, want Cancelled, keeping the round", events[len(events)-1])
	}
	msgs := a.Messages()
	var results []string
	for _, m := range msgs {
		if m.Role == llm.RoleTool {
			results = append(results, m.ToolCallID+": "+m.Content)
		}
	}
	if len(results) != 2 || results[0] != "c0: denied: not approved (the turn was cancelled)" {
		t.Errorf("the calls were answered %q, want both, the first with the refusal", results)
	}
}

// toolEnd returns the turn's only ToolEnd.
func toolEnd(t *testing.T, events []Event) ToolEnd {
	t.Helper()
	var ends []ToolEnd
	for _, e := range events {
		if end, ok := e.(ToolEnd); ok {
			ends = append(ends, end)
		}
	}
	if len(ends) != 1 {
		t.Fatalf("the turn had %d ToolEnd events, want 1: %#v", len(ends), events)
	}
	return ends[0]
}

// slowAsker answers yes after wait, as a human who reads the question
// first does. The wait stands for the human, and synchronises nothing.
type slowAsker struct{ wait time.Duration }

func (s slowAsker) Ask(ctx context.Context, q approval.Question) approval.Answer {
	select {
	case <-time.After(s.wait):
	case <-ctx.Done():
	}
	return approval.Answer{Reply: approval.Yes}
}

// TestElapsedIsTheRunNotTheQuestion answers a write's question after a
// while: the time ToolEnd reports is the write's, which is next to
// nothing, not the time the question waited.
func TestElapsedIsTheRunNotTheQuestion(t *testing.T) {
	const wait = 300 * time.Millisecond
	g := &llmtest.Script{Replies: llmtest.Replies(calls("write_file", `{"path":"calc.go"}`), final)}
	a, writes, _ := guarded(g, slowAsker{wait})
	end := toolEnd(t, send(context.Background(), a, "go"))
	if *writes != 1 || end.Elapsed >= wait {
		t.Errorf("the write ran %d times and took %v, by ToolEnd; want once, in less than the %v its question waited", *writes, end.Elapsed, wait)
	}
}
