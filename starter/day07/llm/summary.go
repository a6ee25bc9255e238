package llm

// This file holds what compaction says to the model: the request for a
// summary of the older part of a conversation, and the message that
// carries the summary into the conversation afterwards.

import (
	"fmt"
	"strings"
)

// SummaryPrompt is the system prompt of a request for a summary. The
// model that reads it writes the summary that will stand in for the
// messages it is shown.
const SummaryPrompt = "You summarise the older part of a conversation between a user and ply, " +
	"a coding assistant working in the user's project, because the conversation has grown too long for the model's window. " +
	"ply will carry on from your summary and the latest messages alone, so keep what it needs: what the user asked for, " +
	"the decisions made, the files read or changed and what was found in them, the commands run and how they ended, " +
	"and what was still open. Leave out greetings and whatever later messages made obsolete. " +
	"Write plain sentences or short lists, at most about 300 words, with no preamble."

// SummaryRequest asks model for a summary of msgs, the part of a
// conversation that compaction is about to replace.
//
// The messages go to the model as one transcript in one user message, not
// as messages of their own. The summariser then needs no tools, a tool
// call can never reach it without its result, and any server accepts the
// request whatever the conversation held.
func SummaryRequest(model string, msgs []Message) Request {
	return Request{Model: model, Messages: []Message{
		{Role: RoleSystem, Content: SummaryPrompt},
		{Role: RoleUser, Content: transcript(msgs)},
	}}
}

// transcriptIntro opens the transcript, so that the model reads what
// follows as material to summarise, not as the user talking to it.
const transcriptIntro = "Summarise this conversation, oldest message first:\n"

// maxTranscriptResult is how much of one tool result the transcript keeps:
// the summariser needs to know what a file or a command showed, not every
// line of it.
const maxTranscriptResult = 2000

// transcript writes msgs as plain text, one block per message and one per
// tool call, each under a line that says what it is:
//
//	--- user
//	what does calc.go do?
//	--- call read_file {"path":"calc.go"}
//	--- result of read_file
//	     1	// Package calc is a small integer calculator.
//	--- assistant
//	calc.go is Go code in package calc.
//
// An earlier summary comes as "--- summary of what came before".
func transcript(msgs []Message) string {
	var b strings.Builder
	b.WriteString(transcriptIntro)
	names := map[string]string{} // tool names by call ID
	for _, m := range msgs {
		switch {
		case IsSummary(m):
			block(&b, "summary of what came before", summaryText(m))
		case m.Role == RoleTool:
			block(&b, "result of "+names[m.ToolCallID], Shorten(m.Content, maxTranscriptResult))
		default:
			block(&b, m.Role, m.Content)
		}
		for _, call := range m.ToolCalls {
			names[call.ID] = call.Name
			block(&b, "call "+call.Name+" "+call.Arguments, "")
		}
	}
	return b.String()
}

// block writes one block of the transcript: its head line, and its text
// when there is any.
func block(b *strings.Builder, head, text string) {
	b.WriteString("--- " + head + "\n")
	if text = strings.TrimSpace(text); text != "" {
		b.WriteString(text + "\n")
	}
}

// summaryHead opens the user message that carries a summary. It tells the
// model what the message is, so that it does not take the summary for the
// user's own words, and it is how IsSummary knows the message again.
const summaryHead = "[Compacted: the summary below replaces "

// SummaryMessage is the message that stands in the conversation for the
// replaced messages: the summary, framed so that the model knows what it
// is and how much it replaced.
func SummaryMessage(summary string, replaced int) Message {
	return Message{Role: RoleUser, Content: fmt.Sprintf(
		"%s%s of this conversation; the messages after it are as they were.]\n\n%s",
		summaryHead, Count(replaced, "earlier message"), summary)}
}

// IsSummary reports whether m is a message that SummaryMessage made.
func IsSummary(m Message) bool {
	return m.Role == RoleUser && strings.HasPrefix(m.Content, summaryHead)
}

// summaryText returns the summary inside a message SummaryMessage made.
func summaryText(m Message) string {
	_, text, _ := strings.Cut(m.Content, "]\n\n")
	return text
}
