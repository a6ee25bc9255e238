package llm

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// isSummaryRequest reports whether msgs is a request that SummaryRequest
// made.
func isSummaryRequest(msgs []Message) bool {
	return len(msgs) > 0 && msgs[0].Role == RoleSystem && msgs[0].Content == SummaryPrompt
}

// maxAsked is how many of the user's requests the Mock's summary lists:
// the latest ones, so that a summary of summaries stays short.
const maxAsked = 10

// mockSummary is the Mock's summary of a transcript: the user's requests,
// one a line, those an earlier summary listed first; which tools ran; and
// how the last answer began. It is read off the transcript's blocks, and
// like every reply of the Mock it depends on nothing else, so two
// processes that compact the same conversation get the same summary.
func mockSummary(transcript string) string {
	var asked []string
	var last string
	calls := map[string]int{}
	for _, b := range strings.Split(transcript, "\n--- ")[1:] {
		head, text, _ := strings.Cut(b, "\n")
		text = strings.TrimSpace(text)
		switch {
		case head == "summary of what came before":
			asked = append(asked, requests(text)...)
		case head == RoleUser:
			first, _, _ := strings.Cut(text, "\n")
			asked = append(asked, Shorten(first, 60))
		case head == RoleAssistant && text != "":
			last, _, _ = strings.Cut(text, "\n")
		case strings.HasPrefix(head, "call "):
			name, _, _ := strings.Cut(strings.TrimPrefix(head, "call "), " ")
			calls[name]++
		}
	}
	var parts []string
	if len(asked) > 0 {
		asked = asked[max(0, len(asked)-maxAsked):]
		parts = append(parts, "The user asked:\n- "+strings.Join(asked, "\n- "))
	}
	if len(calls) > 0 {
		parts = append(parts, "ply called "+callCounts(calls)+".")
	}
	if last != "" {
		parts = append(parts, "The last answer began: "+Shorten(last, 80))
	}
	if len(parts) == 0 {
		return "Nothing worth keeping happened."
	}
	return strings.Join(parts, "\n")
}

// requests returns the requests an earlier summary of the Mock listed.
func requests(summary string) []string {
	var asked []string
	for _, line := range strings.Split(summary, "\n") {
		if item, ok := strings.CutPrefix(line, "- "); ok {
			asked = append(asked, item)
		}
	}
	return asked
}

// callCounts writes how often each tool was called, by name, as
// "list_dir once, read_file 2 times".
func callCounts(calls map[string]int) string {
	var out []string
	for _, name := range slices.Sorted(maps.Keys(calls)) {
		if calls[name] == 1 {
			out = append(out, name+" once")
		} else {
			out = append(out, fmt.Sprintf("%s %d times", name, calls[name]))
		}
	}
	return strings.Join(out, ", ")
}
