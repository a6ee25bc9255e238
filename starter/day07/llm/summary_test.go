package llm

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// compactable is a conversation with a tool round in it, as compaction
// would hand it over: everything but the system prompt and the last turn.
var compactable = []Message{
	SummaryMessage("The user asked:\n- hello", 2),
	{Role: RoleUser, Content: "what does calc.go do?"},
	{Role: RoleAssistant, ToolCalls: []ToolCall{{ID: "c1", Name: "read_file", Arguments: `{"path":"calc.go"}`}}},
	{Role: RoleTool, ToolCallID: "c1", Content: "     1\tpackage calc"},
	{Role: RoleAssistant, Content: "calc.go is Go code in package calc."},
	{Role: RoleUser, Content: "remember that tabs are 8 wide"},
	{Role: RoleAssistant, Content: "Noted."},
}

func TestTranscript(t *testing.T) {
	want := transcriptIntro +
		"--- summary of what came before\nThe user asked:\n- hello\n" +
		"--- user\nwhat does calc.go do?\n" +
		"--- assistant\n" +
		"--- call read_file {\"path\":\"calc.go\"}\n" +
		"--- result of read_file\n1\tpackage calc\n" +
		"--- assistant\ncalc.go is Go code in package calc.\n" +
		"--- user\nremember that tabs are 8 wide\n" +
		"--- assistant\nNoted.\n"
	if got := transcript(compactable); got != want {
		t.Errorf("transcript =\n%s\nwant\n%s", got, want)
	}
}

func TestTranscriptShortensResults(t *testing.T) {
	long := []Message{
		{Role: RoleAssistant, ToolCalls: []ToolCall{{ID: "c1", Name: "read_file"}}},
		{Role: RoleTool, ToolCallID: "c1", Content: strings.Repeat("x", 5000)},
	}
	if got := transcript(long); len(got) > maxTranscriptResult+200 {
		t.Errorf("a 5000-character result takes %d characters of the transcript, want about %d", len(got), maxTranscriptResult)
	}
}

func TestSummaryRequest(t *testing.T) {
	req := SummaryRequest("m1", compactable)
	if req.Model != "m1" || len(req.Messages) != 2 || req.Messages[0].Content != SummaryPrompt || len(req.Tools) != 0 {
		t.Fatalf("SummaryRequest = %+v, want the model, the summary prompt, one transcript and no tools", req)
	}
	for _, m := range req.Messages {
		if len(m.ToolCalls) > 0 || m.Role == RoleTool {
			t.Errorf("the summary request holds %+v: tool calls must go as text", m)
		}
	}
}

func TestSummaryMessage(t *testing.T) {
	m := SummaryMessage("All about calc.", 12)
	if !IsSummary(m) || summaryText(m) != "All about calc." || !strings.Contains(m.Content, "replaces 12 earlier messages") {
		t.Errorf("SummaryMessage = %q: want a user message IsSummary knows, saying it replaces 12 messages, holding the summary", m.Content)
	}
	for _, other := range []Message{{Role: RoleUser, Content: "hello"}, {Role: RoleAssistant, Content: m.Content}} {
		if IsSummary(other) {
			t.Errorf("IsSummary(%+v) = true, want false", other)
		}
	}
}

// TestMockSummary: the Mock answers a summary request with a summary of
// the transcript, the same every time.
func TestMockSummary(t *testing.T) {
	req := SummaryRequest("m1", compactable)
	want := "The user asked:\n- hello\n- what does calc.go do?\n- remember that tabs are 8 wide\n" +
		"ply called read_file once.\n" +
		"The last answer began: Noted."
	for range 2 {
		s, err := Mock{}.Stream(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		if got := drain(s); got.text != want {
			t.Errorf("the Mock's summary = %q\nwant %q", got.text, want)
		}
	}
}

// TestMockRemembersThroughASummary: what the user asked to remember
// survives compaction, because the summary quotes it.
func TestMockRemembersThroughASummary(t *testing.T) {
	summary := mockSummary(transcript(compactable))
	msgs := []Message{{Role: RoleSystem, Content: "system"}, SummaryMessage(summary, 7), {Role: RoleUser, Content: "what did I ask you to remember?"}}
	if got := scriptReply(msgs); got != "You asked me to remember that tabs are 8 wide." {
		t.Errorf("after compaction the Mock recalls %q", got)
	}
}

func TestMockSummaryOfNothing(t *testing.T) {
	if got := mockSummary(transcript(nil)); got != "Nothing worth keeping happened." {
		t.Errorf("mockSummary of an empty transcript = %q", got)
	}
}

// TestMockSummaryStaysShort: a summary of summaries lists only the latest
// requests.
func TestMockSummaryStaysShort(t *testing.T) {
	var msgs []Message
	for i := range 30 {
		msgs = append(msgs, Message{Role: RoleUser, Content: fmt.Sprintf("request %d", i)}, Message{Role: RoleAssistant, Content: "ok"})
		msgs = []Message{SummaryMessage(mockSummary(transcript(msgs)), len(msgs))}
	}
	got := requests(summaryText(msgs[0]))
	if len(got) != maxAsked || got[len(got)-1] != "request 29" {
		t.Errorf("after 30 compactions the summary lists %q, want the last %d requests", got, maxAsked)
	}
}
