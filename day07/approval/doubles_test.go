package approval

import (
	"context"
	"encoding/json"
	"errors"
	"testing"
)

// looker is a read-only tool, such as read_file.
type looker struct{}

func (looker) ReadOnly() bool { return true }

// changer is a tool that does more than look, such as run_command.
type changer struct{}

func (changer) ReadOnly() bool { return false }

// editor is a tool that writes and can show what it would change, as
// edit_file does: it replaces "old" with "new" in a file holding
// "old text\n".
type editor struct{}

func (editor) ReadOnly() bool { return false }

func (editor) Preview(args json.RawMessage) Change {
	var a struct{ Path string }
	if err := json.Unmarshal(args, &a); err != nil || a.Path != "calc.go" {
		return Change{Path: a.Path, Err: errors.New("no such file")}
	}
	return Change{Path: a.Path, Before: "old text\n", After: "new text\n"}
}

// replier is an asker that gives one answer and keeps the questions it
// was asked.
type replier struct {
	answer Answer
	asked  []Question
}

func (r *replier) Ask(_ context.Context, q Question) Answer {
	r.asked = append(r.asked, q)
	return r.answer
}

// nobody is an asker that fails the test if it is asked at all.
type nobody struct{ t *testing.T }

func (n nobody) Ask(_ context.Context, q Question) Answer {
	n.t.Helper()
	n.t.Errorf("asked about %s %s, which should not have been a question", q.Tool, q.Arguments)
	return Answer{Reply: Yes}
}
