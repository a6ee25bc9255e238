package llm

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// allTools are the day's tools as a request offers them; the Mock reads
// only their names.
var allTools = []ToolSpec{{Name: "edit_file"}, {Name: "find"}, {Name: "list_dir"}, {Name: "read_file"},
	{Name: "run_command"}, {Name: "search"}, {Name: "write_file"}}

// asked is a conversation in which the user asks request, the Mock made
// calls, and each call got the output of the same index.
func asked(request string, calls []ToolCall, outputs ...string) []Message {
	msgs := chat(request)
	if len(calls) == 0 {
		return msgs
	}
	msgs = append(msgs, Message{Role: RoleAssistant, ToolCalls: calls})
	for i, output := range outputs {
		msgs = append(msgs, Message{Role: RoleTool, ToolCallID: calls[i].ID, Content: output})
	}
	return msgs
}

var (
	readCalc  = []ToolCall{{ID: "call_2_0", Name: "read_file", Arguments: `{"path":"calc.go"}`}}
	findTests = []ToolCall{
		{ID: "call_2_0", Name: "find", Arguments: `{"pattern":"**/*_test.go"}`},
		{ID: "call_2_1", Name: "search", Arguments: `{"path":".","pattern":"^func Test"}`},
	}
	listTop   = []ToolCall{{ID: "call_2_0", Name: "list_dir", Arguments: `{"path":"."}`}}
	searchDiv = []ToolCall{{ID: "call_2_0", Name: "search", Arguments: `{"pattern":"Div"}`}}
)

// TestMockPlans is the Mock's tool scenarios as a table: for a
// conversation and the tools offered, the calls it makes, or the text it
// says.
func TestMockPlans(t *testing.T) {
	tests := []struct {
		name  string
		msgs  []Message
		tools []ToolSpec
		calls []ToolCall // the calls of the reply; nil for a reply of text
		text  string     // a part of the reply's text
	}{
		{"what does calc.go do", asked("what does calc.go do?", nil), allTools, readCalc, ""},
		{"read the file, in quotes", asked(`read the file "calc.go".`, nil), allTools, readCalc, ""},
		{"a file read", asked("what does calc.go do?", readCalc, "     1\tpackage calc\n     2\tfunc Add() {}\n"), allTools,
			nil, "calc.go is Go code in package calc, 2 lines long. It declares Add."},
		{"a text file read", asked("what does calc.go do?", readCalc, "     1\thello there\n"), allTools,
			nil, `calc.go is 1 line long. It begins: "hello there".`},
		{"a file that failed", asked("what does calc.go do?", readCalc, "error: calc.go does not exist"), allTools,
			nil, "I can't: calc.go does not exist"},
		{"no file named", asked("read the file", nil), allTools, nil, "Which file?"},
		{"which tests: two calls at once", asked("which tests are there?", nil), allTools, findTests, ""},
		{"which tests: both answered", asked("which tests are there?", findTests, "a_test.go\n", "a_test.go:3: func TestA(t *testing.T) {}\n"),
			allTools, nil, "Found 1 test file: a_test.go. The tests are TestA (a_test.go:3)."},
		{"which tests: none", asked("which tests are there?", findTests, "(nothing matches)\n", "(nothing matches)\n"),
			allTools, nil, "There are no test files here."},
		{"which tests: one failed", asked("which tests are there?", findTests, "a_test.go\n", "error: bad pattern"),
			allTools, nil, "I could not look for the tests: bad pattern"},
		{"list the files", asked("list the files", nil), allTools, listTop, ""},
		{"files listed", asked("list the files", listTop, "a.go (3 bytes)\nsub/\n"), allTools, nil, "The workspace holds: a.go, sub/."},
		{"search for", asked("search for Div", nil), allTools, searchDiv, ""},
		{"search found", asked("search for Div", searchDiv, "calc.go:20: func Div() {}\n"), allTools, nil, `"Div" matches in 1 place: calc.go:20.`},
		{"search found nothing", asked("search for Div", searchDiv, "(nothing matches)\n"), allTools, nil, `Nothing matches "Div".`},
		{"keep looking, even with results", asked("keep looking", listTop, "a.go (3 bytes)\n"), allTools,
			[]ToolCall{{ID: "call_4_0", Name: "find", Arguments: `{"pattern":"*"}`}}, ""},
		{"no tools offered", asked("what does calc.go do?", nil), nil, nil, "I would need the read_file tool for that, and I have not been given it."},
		{"one of two tools offered", asked("which tests are there?", nil), []ToolSpec{{Name: "find"}}, nil, "I would need the search tool"},
		{"chat needs no tools", asked("hello", nil), nil, nil, "Hello! I'm ply's scripted model."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := reply(Request{Messages: tt.msgs, Tools: tt.tools})
			if got.Role != RoleAssistant || !reflect.DeepEqual(got.ToolCalls, tt.calls) || !strings.Contains(got.Content, tt.text) {
				t.Errorf("reply = %q with calls %+v\nwant text containing %q and calls %+v", got.Content, got.ToolCalls, tt.text, tt.calls)
			}
		})
	}
}

// TestMockPlansArePure checks that a tool scenario's reply is a function
// of the conversation alone: asked twice, the same; and the conversation
// is left as it was.
func TestMockPlansArePure(t *testing.T) {
	msgs := asked("which tests are there?", findTests, "a_test.go\n", "a_test.go:3: func TestA(t *testing.T) {}\n")
	before := slices.Clone(msgs)
	first, second := reply(Request{Messages: msgs, Tools: allTools}), reply(Request{Messages: msgs, Tools: allTools})
	if !reflect.DeepEqual(first, second) || !reflect.DeepEqual(msgs, before) {
		t.Errorf("two calls gave %+v and %+v; want the same reply, and the conversation unchanged", first, second)
	}
}
