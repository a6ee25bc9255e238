package selftest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"ply/day07/llm"
)

// mockCorrectsEdit lets the Mock edit a calc.go with the real edit_file,
// so that the refusal it reads is the one the tool really gives.
func mockCorrectsEdit(ctx context.Context) error {
	return inScratch(func(s *scratch) error {
		const mul = "// Mul returns a * b.\nfunc Mul(a, b int) int { return a * b }\n"
		if err := os.WriteFile(filepath.Join(s.dir, "calc.go"), []byte("package calc\n\n"+mul), 0o644); err != nil {
			return err
		}
		msgs := []llm.Message{{Role: llm.RoleSystem, Content: "system"}, {Role: llm.RoleUser, Content: "say in Mul's comment that it can overflow"}}
		var results []string
		for range 4 {
			got, err := mockStep(ctx, llm.Mock{}, msgs)
			if err != nil {
				return err
			}
			msgs = append(msgs, llm.Message{Role: llm.RoleAssistant, Content: got.text, ToolCalls: got.calls})
			if len(got.calls) == 0 {
				break
			}
			for _, c := range got.calls {
				var args map[string]any
				_ = json.Unmarshal([]byte(c.Arguments), &args)
				r := s.act(ctx, c.Name, args)
				results = append(results, c.Name+": "+r.Text)
				msgs = append(msgs, llm.Message{Role: llm.RoleTool, ToolCallID: c.ID, Content: r.Text})
			}
		}
		if len(results) != 3 || !strings.Contains(results[1], "old_string occurs 2 times") ||
			!strings.Contains(s.file("calc.go"), "// Mul returns a * b, which can overflow.") {
			return fmt.Errorf("the Mock's calls gave %q and calc.go is now %q; want a read, a refused edit, and an edit with the whole line", results, s.file("calc.go"))
		}
		return nil
	})
}

func mockSummaryPure(ctx context.Context) error {
	old := []llm.Message{
		{Role: llm.RoleUser, Content: "remember that tabs are 8 wide"},
		{Role: llm.RoleAssistant, Content: "Noted."},
	}
	var summaries []string
	for range 2 {
		got, err := mockStep(ctx, llm.Mock{}, llm.SummaryRequest("scripted", old).Messages)
		if err != nil {
			return err
		}
		summaries = append(summaries, got.text)
	}
	if summaries[0] != summaries[1] || !strings.Contains(summaries[0], "remember that tabs are 8 wide") {
		return fmt.Errorf("the Mock summarised one conversation as %q and %q; want the same, quoting the request", summaries[0], summaries[1])
	}
	return nil
}
