package agent

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"ply/day06/llm"
	"ply/day06/llm/llmtest"
	"ply/day06/tools"
)

func TestContext(t *testing.T) {
	g := &llmtest.Script{Replies: llmtest.Replies(callsUpper("a", "b"), final)}
	a := New(g, "m", tools.NewRegistry(upper{}))
	send(context.Background(), a, "say a\nand b")
	r := a.Context()
	var got []ContextRow
	for _, row := range r.Rows {
		row.Tokens = 0 // checked below
		got = append(got, row)
	}
	want := []ContextRow{
		{Index: 0, Role: "system", Preview: preview(system)},
		{Index: 1, Role: "user", Preview: "say a⏎and b"},
		{Index: 2, Role: "assistant", Tool: "→ upper, upper", Preview: "(2 tool calls, no text)"},
		{Index: 3, Role: "tool", Tool: "← upper", Preview: "A"},
		{Index: 4, Role: "tool", Tool: "← upper", Preview: "B"},
		{Index: 5, Role: "assistant", Preview: "All done."},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("rows\n%+v\nwant\n%+v", got, want)
	}
	sum := r.Tools
	for i, row := range r.Rows {
		if row.Tokens != estimate(a.messages[i]) {
			t.Errorf("row %d: %d tokens, want the estimate %d", i, row.Tokens, estimate(a.messages[i]))
		}
		sum += row.Tokens
	}
	if r.Estimated != sum || r.Tools == 0 {
		t.Errorf("Estimated %d, Tools %d; want the rows and the tools, %d", r.Estimated, r.Tools, sum)
	}
	// The server counted 20 in and 3 out at the last reply, which is the
	// last message: nothing came after it.
	if r.Counted != 23 || r.Size() != max(r.Estimated, 23) {
		t.Errorf("Counted %d, Size %d; want 23 and the larger of the two", r.Counted, r.Size())
	}
	if r.Budget != DefaultBudget || r.CompactAt != DefaultBudget*3/4 {
		t.Errorf("Budget %d, CompactAt %d; want %d and three quarters of it", r.Budget, r.CompactAt, DefaultBudget)
	}
}

// TestContextCountedGrows: messages added after the server's count are
// estimated on top of it.
func TestContextCountedGrows(t *testing.T) {
	a := New(&llmtest.Script{Replies: llmtest.Replies(final)}, "m", tools.NewRegistry())
	send(context.Background(), a, "hi")
	a.messages = append(a.messages, user("and one more thing"))
	if got, want := a.Context().Counted, 23+estimate(user("and one more thing")); got != want {
		t.Errorf("Counted %d, want %d: the server's 23 plus the estimate of the message after", got, want)
	}
	a.Clear()
	if got := a.Context().Counted; got != 0 {
		t.Errorf("after Clear, Counted %d, want 0", got)
	}
}

func TestPreview(t *testing.T) {
	tests := []struct {
		m    llm.Message
		want string
	}{
		{user("  hello  "), "hello"},
		{user("a\r\nb\tc"), "a⏎b c"},
		{user(strings.Repeat("x", 50)), strings.Repeat("x", 39) + "…"},
		{user(strings.Repeat("é", 40)), strings.Repeat("é", 40)},
		{asked("a"), "(1 tool call, no text)"},
		{llm.Message{Role: llm.RoleAssistant, Content: "Look.", ToolCalls: asked("a").ToolCalls}, "Look."},
	}
	for _, tt := range tests {
		if got := preview(tt.m); got != tt.want {
			t.Errorf("preview(%q) = %q, want %q", tt.m.Content, got, tt.want)
		}
	}
}
