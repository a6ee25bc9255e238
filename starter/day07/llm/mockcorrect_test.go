package llm

import (
	"encoding/json"
	"strings"
	"testing"
)

// calcGo is calc.go as read_file shows it: numbered lines.
const calcGo = "     9\t// Add returns a + b.\n    10\tfunc Add(a, b int) int { return a + b }\n" +
	"    15\t// Mul returns a * b.\n    16\tfunc Mul(a, b int) int { return a * b }\n"

// ambiguousEdit is edit_file's refusal of an old_string that is in the
// file twice. The wording is day 4's edit_file, as the tool result reads.
const ambiguousEdit = "error: old_string occurs 2 times, at lines 15 and 16; quote more lines around the change to make it unique, or set replace_all"

// turnWith is a turn of the overflow scenario so far: the request, then
// each call the Mock made answered with the next of outputs.
func turnWith(outputs ...string) []Message {
	msgs := []Message{{Role: RoleSystem, Content: "system"}, {Role: RoleUser, Content: "say in Mul's comment that it can overflow"}}
	for _, out := range outputs {
		msg := reply(Request{Messages: msgs, Tools: allTools})
		if len(msg.ToolCalls) != 1 {
			return append(msgs, msg) // the scenario ended early
		}
		msgs = append(msgs, msg, Message{Role: RoleTool, ToolCallID: msg.ToolCalls[0].ID, Content: out})
	}
	return msgs
}

// args decodes a call's arguments.
func args(t *testing.T, call ToolCall) map[string]string {
	t.Helper()
	var a map[string]string
	if err := json.Unmarshal([]byte(call.Arguments), &a); err != nil {
		t.Fatalf("arguments %q: %v", call.Arguments, err)
	}
	return a
}

func TestMockCorrectsItsEdit(t *testing.T) {
	first := reply(Request{Messages: turnWith(), Tools: allTools})
	if len(first.ToolCalls) != 1 || first.ToolCalls[0].Name != "read_file" {
		t.Fatalf("first step %+v, want read_file", first)
	}
	edit := reply(Request{Messages: turnWith(calcGo), Tools: allTools})
	if len(edit.ToolCalls) != 1 || args(t, edit.ToolCalls[0])["old_string"] != "a * b" {
		t.Fatalf("after reading: %+v, want an edit of \"a * b\"", edit)
	}
	retry := reply(Request{Messages: turnWith(calcGo, ambiguousEdit), Tools: allTools})
	if len(retry.ToolCalls) != 1 || args(t, retry.ToolCalls[0])["old_string"] != "// Mul returns a * b." {
		t.Fatalf("after the refusal: %+v, want an edit of the whole comment line", retry)
	}
	if got := args(t, retry.ToolCalls[0])["new_string"]; got != "// Mul returns a * b, which can overflow." {
		t.Errorf("the second edit writes %q", got)
	}
	done := reply(Request{Messages: turnWith(calcGo, ambiguousEdit, "edited calc.go"), Tools: allTools})
	want := "Done: Mul's comment now says it can overflow. My first edit matched 2 places (lines 15 and 16), so I gave more of the line."
	if done.Content != want || len(done.ToolCalls) != 0 {
		t.Errorf("at the end: %+v\nwant %q", done, want)
	}
}

func TestMockOverflowEnds(t *testing.T) {
	tests := []struct {
		name    string
		outputs []string
		want    string
	}{
		{"the first edit works", []string{calcGo, "edited calc.go"}, "Done: Mul's comment now says it can overflow."},
		{"no such file", []string{"error: no such file: calc.go"}, "I can't: no such file: calc.go"},
		{"no Mul", []string{"     1\tpackage calc\n"}, "calc.go has no comment"},
		{"another refusal", []string{calcGo, "error: the file changed"}, "I could not make the edit: the file changed"},
		{"refused twice", []string{calcGo, ambiguousEdit, ambiguousEdit}, "I could not make the edit: old_string occurs 2 times"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := reply(Request{Messages: turnWith(tt.outputs...), Tools: allTools})
			if len(got.ToolCalls) != 0 || !strings.HasPrefix(got.Content, tt.want) {
				t.Errorf("reply %+v, want one starting %q", got, tt.want)
			}
		})
	}
}

// TestMockAgainAndAgain asks for the same read in every round, whatever
// came back: a loop for the agent to stop.
func TestMockAgainAndAgain(t *testing.T) {
	msgs := chat("read README.md again and again")
	var seen []string
	for range 4 {
		msg := reply(Request{Messages: msgs, Tools: allTools})
		if len(msg.ToolCalls) != 1 {
			t.Fatalf("reply %+v, want one call", msg)
		}
		c := msg.ToolCalls[0]
		seen = append(seen, c.Name+" "+c.Arguments)
		msgs = append(msgs, msg, Message{Role: RoleTool, ToolCallID: c.ID, Content: "# calc"})
	}
	for _, s := range seen[1:] {
		if s != seen[0] {
			t.Errorf("calls %q, want the same call every time", seen)
		}
	}
}

// TestMockKeepLookingAlternates: "keep looking" never makes the same call
// twice in a row, so only the round limit stops it.
func TestMockKeepLookingAlternates(t *testing.T) {
	msgs := chat("keep looking")
	previous := ""
	for range 6 {
		msg := reply(Request{Messages: msgs, Tools: allTools})
		c := msg.ToolCalls[0]
		if now := c.Name + " " + c.Arguments; now == previous {
			t.Fatalf("keep looking made %q twice in a row", now)
		} else {
			previous = now
		}
		msgs = append(msgs, msg, Message{Role: RoleTool, ToolCallID: c.ID, Content: "calc.go"})
	}
}
