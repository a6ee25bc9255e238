package llm

// This file holds the Mock's answer to the approval gate. When the gate,
// or the user, refused the last call of the turn, the refusal is that
// call's result, and the Mock reads it like any other: it says what it
// could not do and why, and stops, so that the user decides what comes
// next. Like every step of the Mock, it is a pure function of the
// conversation: the refusal is in the tool message, and the call it
// answers in the assistant message before it.

import (
	"encoding/json"
	"fmt"
	"strings"
)

// refusal returns the reason in the result of a call the gate refused, or
// "" when the call ran. Every refusal starts with "denied".
func refusal(output string) string {
	if !strings.HasPrefix(output, "denied") {
		return ""
	}
	return output
}

// afterRefusal answers a turn whose last call was refused, and reports
// whether it was.
func afterRefusal(results []toolResult) (Message, bool) {
	if len(results) == 0 {
		return Message{}, false
	}
	last := results[len(results)-1]
	why := refusal(last.output)
	if why == "" {
		return Message{}, false
	}
	what := attempt(last.call)
	if reason, byUser := strings.CutPrefix(why, "denied by the user"); byUser {
		if reason = strings.TrimPrefix(reason, ": "); reason != "" {
			what += fmt.Sprintf(" (%q)", reason)
		}
		return tell("You did not let me %s, so nothing changed. Tell me how you would like me to go on.", what), true
	}
	return tell("The approval gate did not let me %s: %s. Nothing changed, and I have stopped here.",
		what, strings.TrimPrefix(why, "denied: ")), true
}

// attempt says in words what a call would have done: "run `go test
// ./...`", "edit calc.go".
func attempt(c ToolCall) string {
	var args struct{ Path, Command string }
	_ = json.Unmarshal([]byte(c.Arguments), &args) // arguments that do not read leave both empty
	switch {
	case c.Name == "run_command" && args.Command != "":
		return fmt.Sprintf("run `%s`", Shorten(args.Command, 60))
	case c.Name == "edit_file" && args.Path != "":
		return "edit " + args.Path
	case c.Name == "write_file" && args.Path != "":
		return "write " + args.Path
	}
	return "call " + c.Name
}
