package llm

// This file holds the Mock's day-6 scenarios. In one, a tool call fails
// and the Mock reads the error and corrects itself, as a good model does:
// its first edit of calc.go names text that is there twice, the edit tool
// refuses it and says where the matches are, and the Mock tries again
// with more of the line. In the other it asks for the same thing again
// and again, for the agent's loop detection to stop.

import (
	"fmt"
	"regexp"
	"strings"
)

// The edit the overflow scenario makes: Mul's comment gets a warning. The
// first try names only "a * b", which is in the comment and in the code.
const (
	mulShort = "a * b"
	mulLine  = "// Mul returns a * b."
	mulNote  = ", which can overflow"
)

// noteOverflow adds a warning to Mul's comment in calc.go: it reads the
// file, edits it, and when the edit fails because its old text matches
// more than once, edits again with the whole comment line.
func noteOverflow(_ string, results []toolResult) Message {
	if len(results) == 0 {
		return ask("", call("read_file", map[string]string{"path": "calc.go"}))
	}
	last := results[len(results)-1]
	msg := failure(last.output)
	switch {
	case len(results) == 1 && msg != "":
		return tell("I can't: %s", msg)
	case len(results) == 1 && !strings.Contains(last.output, mulLine):
		return tell("calc.go has no comment %q to add the warning to.", mulLine)
	case len(results) == 1:
		return ask("", editCalc(mulShort, mulShort+mulNote))
	case msg == "":
		return tell("Done: Mul's comment now says it can overflow.%s", afterRetry(results))
	case len(results) == 2 && ambiguous.MatchString(msg):
		return ask(fmt.Sprintf("%q is in more than one place; I'll give the whole comment line so the edit matches once.", mulShort),
			editCalc(mulLine, strings.TrimSuffix(mulLine, ".")+mulNote+"."))
	}
	return tell("I could not make the edit: %s", msg)
}

// editCalc is a call of edit_file on calc.go.
func editCalc(old, replacement string) ToolCall {
	return call("edit_file", map[string]string{"path": "calc.go", "old_string": old, "new_string": replacement})
}

// ambiguous reads edit_file's refusal of an old_string that is in the file
// more than once, such as "old_string occurs 2 times, at lines 15 and 16; …".
var ambiguous = regexp.MustCompile(`old_string occurs (\d+) times, at lines ([\d, and]+);`)

// afterRetry says, when the edit took two tries, why the first failed.
func afterRetry(results []toolResult) string {
	if len(results) < 3 {
		return ""
	}
	m := ambiguous.FindStringSubmatch(failure(results[1].output))
	if m == nil {
		return ""
	}
	return fmt.Sprintf(" My first edit matched %s places (lines %s), so I gave more of the line.", m[1], m[2])
}

// againAndAgain reads the same file in every round: a model stuck in a
// loop, for the agent to notice and stop.
func againAndAgain(string, []toolResult) Message {
	return ask("", call("read_file", map[string]string{"path": "README.md"}))
}
