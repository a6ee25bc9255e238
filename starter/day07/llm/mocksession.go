package llm

// This file holds the Mock's day-7 scenario: asked which test failed, it
// looks through the conversation's tool results for go test's report. It
// has no memory of its own, so it can answer only in a conversation that
// holds the run: one resumed from its log does, a fresh one does not.

import (
	"fmt"
	"strings"
)

// whichFailed names the last test the conversation's tool results report
// as failed (failLine, in mockfix.go, reads go test's report); the innermost one, since go test reports a subtest before
// its parent.
func whichFailed(msgs []Message) string {
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Role != RoleTool {
			continue
		}
		if m := failLine.FindAllStringSubmatch(msgs[i].Content, -1); m != nil {
			return fmt.Sprintf("%s failed, in the test run above.", deepest(m))
		}
	}
	return "I don't know: no test run in this conversation reports a failure."
}

// deepest returns the longest name among the FAIL lines, the subtest.
func deepest(matches [][]string) string {
	name := matches[0][1]
	for _, m := range matches[1:] {
		if len(m[1]) > len(name) {
			name = m[1]
		}
	}
	return name
}

// isNote reports whether a user-role message is a note ply wrote when it
// reopened or forked a session, not something the user typed: the Mock
// answers the user, so it looks past the note to the message before it.
func isNote(text string) bool {
	return strings.HasPrefix(text, "[Session ") || strings.HasPrefix(text, "[This session was forked")
}
