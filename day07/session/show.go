package session

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"ply/day07/llm"
)

// Tail returns the last n events of the log r reads, oldest first, or
// every event when n is 0, and what stopped r: nil at the clean end of the
// log. It reads the whole log and holds n events at a time, for /log N;
// all of them only for a log known to be small, as a test's is.
func Tail(r *Reader, n int) ([]Event, error) {
	var last []Event
	for r.Next() {
		last = append(last, r.Event())
		if n > 0 && len(last) > n {
			last = last[1:]
		}
	}
	return last, r.Err()
}

// Describe returns ev on one line, for /log and ply log: its seq, its
// type and what matters of its fields, as they are.
func Describe(ev Event) string { return describe(ev, nil) }

// Describe returns ev on one line, as [Describe] does, with its secrets
// taken out. A text is redacted only as far as the line can show it:
// describing a tool result of a megabyte costs what sixty characters do.
func (r *Redactor) Describe(ev Event) string { return describe(ev, r) }

// describe is Describe, with red taking the secrets out; nil leaves them.
func describe(ev Event, red *Redactor) string {
	return fmt.Sprintf("%4d %-8s %s", ev.Seq, ev.Data.Type(), describeData(ev.Data, red))
}

// describeData says what matters of an event's fields.
func describeData(d Data, red *Redactor) string {
	switch d := d.(type) {
	case Meta:
		return red.Redact(fmt.Sprintf("v%d %s in %s, by %s", d.V, d.Model, d.Cwd, d.Agent))
	case System:
		return red.Preview(d.Content, 60)
	case Message:
		return describeMessage(d.Message, red)
	case ToolEnd:
		s := fmt.Sprintf("%s %s %s in %d ms, %s", d.ID, red.Redact(d.Name), d.Outcome, d.ElapsedMS, llm.Count(d.Chars, "character"))
		if d.Truncated {
			s += ", cut for the model"
		}
		return s
	case Usage:
		return fmt.Sprintf("%d in, %d out, %d tokens so far", d.InputTokens, d.OutputTokens, d.TotalTokens)
	case Failure:
		return red.Preview(d.Message, 70)
	case Compact:
		return fmt.Sprintf("through %d, %d → %d tokens: %s", d.ThroughSeq, d.TokensBefore, d.TokensAfter, red.Preview(d.Summary, 40))
	case Grants:
		if len(d.Grants) == 0 {
			return "none"
		}
		return red.Redact(strings.Join(d.Grants, ", "))
	case Fork:
		return fmt.Sprintf("from %s after %d", d.From, d.AtSeq)
	}
	return "(a type this ply does not know)"
}

// describeMessage says who spoke and the start of what they said.
func describeMessage(m llm.Message, red *Redactor) string {
	switch {
	case len(m.ToolCalls) > 0:
		var names []string
		for _, c := range m.ToolCalls {
			names = append(names, c.Name)
		}
		s := m.Role + " calls " + red.Redact(strings.Join(names, ", "))
		if m.Content != "" {
			s += ": " + red.Preview(m.Content, 40)
		}
		return s
	case m.Role == llm.RoleTool:
		return "tool " + m.ToolCallID + ": " + red.Preview(m.Content, 60)
	}
	return m.Role + ": " + red.Preview(m.Content, 60)
}

// PreviewWidth is how many characters a listing or a fork point shows of
// a message.
const PreviewWidth = 60

// shownAt returns what a preview of text can show at PreviewWidth, as it is
// written: the secrets are still in it, and room after it for a secret
// that begins in what shows, so that Redactor.Preview can take them out
// before the text is cut.
func shownAt(text string) string {
	return shownHead(text, PreviewWidth)
}

// flatten puts text on one line: every run of white space, line ends
// included, becomes one space.
func flatten(text string) string {
	return strings.Join(strings.Fields(text), " ")
}

// secretRoom is how far past what a preview shows its text is redacted:
// enough for a secret that begins in what shows to be whole.
const secretRoom = 4 << 10

// Preview returns the start of text on one line, at most n characters,
// with its secrets taken out; a nil Redactor takes nothing out. It reads only the head of text: what a
// preview of n characters can show, and secretRoom more for a secret
// that begins there, so that the preview of a tool result of a megabyte
// costs what sixty characters do. A text cut there ends in "…", as any
// text longer than its preview does.
func (r *Redactor) Preview(text string, n int) string {
	h := shownHead(text, n)
	shown := flatten(r.Redact(h))
	if len(h) < len(text) {
		shown += "…"
	}
	return llm.Shorten(shown, n)
}

// shownHead returns the start of text that holds more than n characters once
// flattened, and secretRoom bytes after them, cut at a character's start;
// all of text when it is shorter.
func shownHead(text string, n int) string {
	seen, inSpace := 0, true
	for i, c := range text {
		if unicode.IsSpace(c) {
			if !inSpace {
				seen++ // a run of white space flattens to one space
			}
			inSpace = true
			continue
		}
		inSpace = false
		if seen++; seen > n {
			end := i + secretRoom
			if end >= len(text) {
				return text
			}
			for !utf8.RuneStart(text[end]) {
				end--
			}
			return text[:end]
		}
	}
	return text
}
