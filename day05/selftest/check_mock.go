package selftest

import (
	"context"
	"fmt"
	"net/http/httptest"
	"slices"
	"strings"

	"ply/day05/llm"
	"ply/day05/tools"
)

// conversation builds a message array from alternating user and assistant
// texts, after the system prompt.
func conversation(texts ...string) []llm.Message {
	msgs := []llm.Message{{Role: llm.RoleSystem, Content: "test"}}
	for i, t := range texts {
		role := llm.RoleUser
		if i%2 == 1 {
			role = llm.RoleAssistant
		}
		msgs = append(msgs, llm.Message{Role: role, Content: t})
	}
	return msgs
}

// mockStep streams the Mock's next reply to msgs, offering it the day's
// tools, as the agent does.
func mockStep(ctx context.Context, g llm.Gateway, msgs []llm.Message) (collected, error) {
	var offered []llm.ToolSpec
	for _, t := range slices.Concat(tools.ReadOnly(nil), tools.Editing(nil, nil, nil)) {
		offered = append(offered, llm.ToolSpec{Name: t.Name(), Description: t.Description(), Parameters: t.Schema()})
	}
	s, err := g.Stream(ctx, llm.Request{Model: "m", Messages: msgs, Tools: offered})
	if err != nil {
		return collected{}, err
	}
	c := collect(s)
	return c, c.err
}

func mockReadsFile(ctx context.Context) error {
	msgs := conversation("what does calc.go do?")
	got, err := mockStep(ctx, llm.Mock{}, msgs)
	if err != nil {
		return err
	}
	if len(got.calls) != 1 || got.calls[0].Name != "read_file" || got.calls[0].Arguments != `{"path":"calc.go"}` ||
		got.fragments < 3 || got.finish != "tool_calls" {
		return fmt.Errorf("the Mock asked for %+v in %s, finish %q; want read_file {\"path\":\"calc.go\"} in several", got.calls, llm.Count(got.fragments, "fragment"), got.finish)
	}
	// Hand it the file, as the agent would, and it explains what it read.
	msgs = append(msgs, llm.Message{Role: llm.RoleAssistant, ToolCalls: got.calls},
		llm.Message{Role: llm.RoleTool, ToolCallID: got.calls[0].ID,
			Content: "     1\tpackage calc\n     2\t\n     3\tfunc Add(a, b int) int { return a + b }\n"})
	got, err = mockStep(ctx, llm.Mock{}, msgs)
	if err != nil {
		return err
	}
	if !strings.Contains(got.text, "package calc") || !strings.Contains(got.text, "Add") {
		return fmt.Errorf("after reading, the Mock said %q, want it to name the package and Add", got.text)
	}
	return nil
}

func mockParallelCalls(ctx context.Context) error {
	got, err := mockStep(ctx, llm.Mock{}, conversation("which tests are there?"))
	if err != nil {
		return err
	}
	if len(got.calls) != 2 || got.calls[0].Name != "find" || got.calls[1].Name != "search" ||
		got.calls[0].ID == got.calls[1].ID {
		return fmt.Errorf("the Mock asked for %+v, want find and search at once, with two IDs", got.calls)
	}
	return nil
}

func mockServerToolCalls(ctx context.Context) error {
	srv := httptest.NewServer(llm.MockHandler())
	defer srv.Close()
	got, err := mockStep(ctx, llm.NewOpenAI(srv.URL+"/v1", ""), conversation("which tests are there?"))
	if err != nil {
		return err
	}
	want, _ := mockStep(ctx, llm.Mock{}, conversation("which tests are there?")) // the in-process Mock fails only when ctx is done, and then got failed first
	if fmt.Sprint(got.calls) != fmt.Sprint(want.calls) || got.finish != "tool_calls" {
		return fmt.Errorf("over HTTP the calls were %+v (finish %q), want %+v as in-process", got.calls, got.finish, want.calls)
	}
	return nil
}
