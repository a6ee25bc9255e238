package llm

// This file holds the Mock's tool scenarios: conversations in which it asks
// ply to run tools and then answers from what the tools returned. Like the
// rest of the Mock, each step is a pure function of the messages: what it
// asked for earlier in the turn, and what came back, it reads from the
// conversation.

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// plan is a tool scenario. When the last user message has phrase, step
// writes the next reply from that message and the tool results of the
// turn so far (none at first).
type plan struct {
	phrase string
	step   func(request string, results []toolResult) Message
}

// plans are the Mock's tool scenarios, tried in order before the chat
// script.
var plans = []plan{
	{"keep looking", keepLooking},
	{"which tests", listTests},
	{"what does", describeFile(whatDoes)},
	{"read the file", describeFile(readThe)},
	{"list the files", listFiles},
	{"search for", searchFor},
}

// toolResult is a tool call of the current turn and the result it got.
type toolResult struct {
	call   ToolCall
	output string
}

// reply is the Mock's whole reply to req: the next step of a tool
// scenario when the last user message asks for one, the chat script
// otherwise. A step that would call a tool req does not offer says so
// instead, as a model can call only the tools it is given. Call IDs come
// from the length of the conversation, so they are the same in every
// process and never repeat within a conversation.
func reply(req Request) Message {
	msgs := req.Messages
	last := lastUser(msgs)
	for _, p := range plans {
		if !hasPhrase(last, p.phrase) {
			continue
		}
		msg := p.step(last, turnSoFar(msgs))
		for i, call := range msg.ToolCalls {
			if !offers(req.Tools, call.Name) {
				return tell("I would need the %s tool for that, and I have not been given it.", call.Name)
			}
			msg.ToolCalls[i].ID = fmt.Sprintf("call_%d_%d", len(msgs), i)
		}
		return msg
	}
	return Message{Role: RoleAssistant, Content: scriptReply(msgs)}
}

// offers reports whether tools holds one called name.
func offers(tools []ToolSpec, name string) bool {
	return slices.ContainsFunc(tools, func(t ToolSpec) bool { return t.Name == name })
}

// turnSoFar pairs each tool call made since the last user message with the
// tool message that answered it.
func turnSoFar(msgs []Message) []toolResult {
	start := 0
	for i, m := range msgs {
		if isUser(m) {
			start = i + 1
		}
	}
	outputs := map[string]string{}
	for _, m := range msgs[start:] {
		if m.Role == RoleTool {
			outputs[m.ToolCallID] = m.Content
		}
	}
	var results []toolResult
	for _, m := range msgs[start:] {
		for _, call := range m.ToolCalls {
			results = append(results, toolResult{call, outputs[call.ID]})
		}
	}
	return results
}

// ask makes an assistant message that calls tools.
func ask(text string, calls ...ToolCall) Message {
	return Message{Role: RoleAssistant, Content: text, ToolCalls: calls}
}

// call makes a tool call with the given arguments.
func call(name string, args map[string]string) ToolCall {
	data, err := json.Marshal(args)
	if err != nil {
		panic("llm: the Mock's arguments do not marshal: " + err.Error()) // a mistake in the script
	}
	return ToolCall{Name: name, Arguments: string(data)}
}

// tell makes an assistant message with text and no tool calls.
func tell(format string, args ...any) Message {
	return Message{Role: RoleAssistant, Content: fmt.Sprintf(format, args...)}
}

// argument finds what follows the words of a request, such as the file in
// "what does calc.go do?", without the punctuation around it.
func argument(request string, pattern *regexp.Regexp) string {
	m := pattern.FindStringSubmatch(request)
	if m == nil {
		return ""
	}
	return strings.Trim(strings.TrimRight(m[1], "?!.,;:"), "\"'`")
}

var (
	whatDoes   = regexp.MustCompile(`(?i)\bwhat does (\S+) do\b`)
	readThe    = regexp.MustCompile(`(?i)\bread the file (\S+)`)
	searchWhat = regexp.MustCompile(`(?i)\bsearch for (.+)`)
)

// failure returns the error in a tool's output, or "" when it worked.
func failure(output string) string {
	msg, failed := strings.CutPrefix(output, "error: ")
	if !failed {
		return ""
	}
	return msg
}

// keepLooking never finds what it looks for: it lists the directory again
// and again, until the agent's round limit stops the turn.
func keepLooking(string, []toolResult) Message {
	return ask("", call("list_dir", map[string]string{"path": "."}))
}

// listTests finds the test files and the test functions at once, with two
// calls in one reply, and then names them.
func listTests(_ string, results []toolResult) Message {
	if len(results) < 2 {
		return ask("Let me look for the tests.",
			call("find", map[string]string{"pattern": "**/*_test.go"}),
			call("search", map[string]string{"pattern": "^func Test", "path": "."}))
	}
	for _, r := range results {
		if msg := failure(r.output); msg != "" {
			return tell("I could not look for the tests: %s", msg)
		}
	}
	files := listed(results[0].output)
	var tests []string
	for _, hit := range listed(results[1].output) {
		if name := testName.FindStringSubmatch(hit); name != nil {
			place, _, _ := strings.Cut(hit, ": ")
			tests = append(tests, fmt.Sprintf("%s (%s)", name[1], place))
		}
	}
	if len(files) == 0 {
		return tell("There are no test files here.")
	}
	return tell("Found %s: %s. The tests are %s.",
		Count(len(files), "test file"), strings.Join(files, ", "), strings.Join(tests, ", "))
}

var testName = regexp.MustCompile(`func (Test\w*)\(`)

// listed returns the lines of a tool's output that are entries, leaving
// out the notes in parentheses that tools add at the end.
func listed(output string) []string {
	var lines []string
	for _, line := range strings.Split(output, "\n") {
		if line != "" && !strings.HasPrefix(line, "(") {
			lines = append(lines, line)
		}
	}
	return lines
}

// describeFile makes the step of a scenario that reads the file a request
// names, such as "what does calc.go do?", and says what the file holds.
func describeFile(named *regexp.Regexp) func(string, []toolResult) Message {
	return func(request string, results []toolResult) Message {
		path := argument(request, named)
		switch {
		case path == "":
			return tell("Which file? Ask me, for example, \"what does calc.go do?\".")
		case len(results) == 0:
			return ask("", call("read_file", map[string]string{"path": path}))
		}
		if msg := failure(results[0].output); msg != "" {
			return tell("I can't: %s", msg)
		}
		return tell("%s", describe(path, numbered(results[0].output)))
	}
}

// numbered returns the text of the numbered lines read_file shows.
func numbered(output string) []string {
	var lines []string
	for _, m := range numberedLine.FindAllStringSubmatch(output, -1) {
		lines = append(lines, m[1])
	}
	return lines
}

var numberedLine = regexp.MustCompile(`(?m)^ *\d+\t(.*)$`)

// describe sums up a file from its lines: for Go, its package and what it
// declares at the top level; for anything else, how it begins.
func describe(path string, lines []string) string {
	var pkg string
	var names []string
	for _, line := range lines {
		if m := goPackage.FindStringSubmatch(line); m != nil {
			pkg = m[1]
		}
		if m := goDecl.FindStringSubmatch(line); m != nil {
			names = append(names, m[1])
		}
	}
	switch {
	case pkg != "" && len(names) > 0:
		return fmt.Sprintf("%s is Go code in package %s, %s long. It declares %s.",
			path, pkg, Count(len(lines), "line"), strings.Join(names, ", "))
	case len(lines) > 0:
		return fmt.Sprintf("%s is %s long. It begins: %q.", path, Count(len(lines), "line"), Shorten(lines[0], 60))
	}
	return fmt.Sprintf("%s is empty.", path)
}

var (
	goPackage = regexp.MustCompile(`^package (\w+)`)
	goDecl    = regexp.MustCompile(`^(?:func (?:\([^)]*\) )?|type |var |const )(\w+)`)
)

// listFiles lists the top of the workspace.
func listFiles(_ string, results []toolResult) Message {
	if len(results) == 0 {
		return ask("", call("list_dir", map[string]string{"path": "."}))
	}
	if msg := failure(results[0].output); msg != "" {
		return tell("I could not list the files: %s", msg)
	}
	var names []string
	for _, entry := range listed(results[0].output) {
		name, _, _ := strings.Cut(entry, " (")
		names = append(names, name)
	}
	return tell("The workspace holds: %s.", strings.Join(names, ", "))
}

// searchFor searches the workspace for a pattern and says where it is.
func searchFor(request string, results []toolResult) Message {
	pattern := argument(request, searchWhat)
	if len(results) == 0 {
		return ask("", call("search", map[string]string{"pattern": pattern}))
	}
	if msg := failure(results[0].output); msg != "" {
		return tell("The search failed: %s", msg)
	}
	var places []string
	for _, hit := range listed(results[0].output) {
		place, _, _ := strings.Cut(hit, ": ")
		places = append(places, place)
	}
	if len(places) == 0 {
		return tell("Nothing matches %q.", pattern)
	}
	return tell("%q matches in %s: %s.", pattern, Count(len(places), "place"), strings.Join(places, ", "))
}
