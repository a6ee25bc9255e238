package agent

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"ply/day07/llm"
)

// A reply joins the window through hold, which keeps what fits and leaves
// a note of the rest. Without it, one reply can end the conversation: a
// call of 100 KB of broken JSON, answered with an error, still takes
// 50,000 tokens of every later request, more than the budget, and the
// turn stops before the model can try again; a file written in one call,
// or a reply cut off mid-call, does the same in earnest.
const (
	// maxHeldBytes is the most a message's JSON may take: every request
	// carries it, and tomorrow each message is one line of the session
	// log, which holds 16 MiB.
	maxHeldBytes = 8 << 20
	// callFraming is what one call adds to a message's JSON besides its
	// ID, name and arguments: {"id":"","type":"function","function":…}.
	callFraming = 64
	// elidedKey is the one field of the arguments hold leaves in place of
	// arguments it did not keep.
	elidedKey = "elided_by_ply"
)

// hold returns reply as the window keeps it, within a quarter of budget
// (the room compactAt leaves for one round) and maxHeldBytes. The text
// gets half of that room at most, and is cut at the end of it, with a
// note; each call is kept whole if it fits what is left, or else as a
// stub, whose arguments are one field saying what they were, and which
// never runs. Arguments that are not valid JSON are always a stub. A call
// whose stub does not fit either is left out, with the ones after it, and
// a note says how many. hold is pure: the same reply and budget give the
// same message.
func hold(reply llm.Message, budget int) llm.Message {
	r := room{tokens: budget / 4, bytes: maxHeldBytes}
	held := llm.Message{Role: reply.Role, Content: r.text(reply.Content)}
	for i, call := range reply.ToolCalls {
		kept, ok := r.call(call)
		if !ok {
			held.Content += fmt.Sprintf("\n[ply left out the last %d of this reply's %d calls: they were more than the conversation keeps of one reply]",
				len(reply.ToolCalls)-i, len(reply.ToolCalls))
			break
		}
		held.ToolCalls = append(held.ToolCalls, kept)
	}
	return held
}

// room is what is left of what one message may take: of the budget, in
// tokens as estimate counts them, and of its JSON, in bytes.
type room struct {
	tokens int
	bytes  int
}

// take takes tokens and bytes from the room, and reports whether they fit.
func (r *room) take(tokens, bytes int) bool {
	if tokens > r.tokens || bytes > r.bytes {
		return false
	}
	r.tokens, r.bytes = r.tokens-tokens, r.bytes-bytes
	return true
}

// text keeps text whole when it fits half the room, and otherwise its
// start, as much as fits, and a note of how long it was.
func (r *room) text(text string) string {
	half := room{tokens: r.tokens / 2, bytes: r.bytes / 2}
	kept := prefix(text, half.tokens*charsPerToken, half.bytes)
	r.take(tokens(kept, charsPerToken), jsonSize(kept)) // it fits: prefix made sure
	if len(kept) == len(text) {
		return text
	}
	return kept + fmt.Sprintf("\n[ply cut this reply here: it was %d characters, more than the conversation keeps of one reply]",
		utf8.RuneCountInString(text))
}

// call keeps call whole when it fits, and otherwise its stub when that
// fits; ok is false when neither does.
func (r *room) call(call llm.ToolCall) (kept llm.ToolCall, ok bool) {
	if why := unreadable(call.Arguments); why == "" && r.take(callCost(call)) {
		return call, true
	}
	stub := call
	stub.Arguments = stubArguments(call.Arguments)
	return stub, r.take(callCost(stub))
}

// callCost is what call takes: tokens as estimate counts them, and the
// bytes of its JSON.
func callCost(call llm.ToolCall) (tokens, bytes int) {
	return tokensOf(call), jsonSize(call.ID) + jsonSize(call.Name) + jsonSize(call.Arguments) + callFraming
}

// tokensOf is a call's share of estimate.
func tokensOf(call llm.ToolCall) int {
	return tokens(call.Name+call.Arguments, jsonCharsPerToken)
}

// unreadable says why arguments cannot be read as JSON, or returns "" when
// they can. Empty arguments are read as {}, as the registry does.
func unreadable(arguments string) string {
	if strings.TrimSpace(arguments) == "" || json.Valid([]byte(arguments)) {
		return ""
	}
	// A decoder tells JSON that stops too soon from JSON that goes wrong.
	var v json.RawMessage
	if err := json.NewDecoder(strings.NewReader(arguments)).Decode(&v); errors.Is(err, io.ErrUnexpectedEOF) {
		return "cut short before the JSON ended"
	}
	return "not valid JSON"
}

// stubArguments is what stands in for arguments hold does not keep: valid
// JSON, since some servers read the arguments of every call they are
// sent, holding one field that says what they were.
func stubArguments(arguments string) string {
	what := "more than the conversation keeps of one reply"
	if why := unreadable(arguments); why != "" {
		what = why
	}
	data, err := json.Marshal(map[string]string{elidedKey: fmt.Sprintf("%d bytes of arguments, %s", len(arguments), what)})
	if err != nil {
		panic(err) // a map of one string: a mistake in this file
	}
	return string(data)
}

// elided returns what the stub arguments of call say they stood for, and
// whether call is a stub at all.
func elided(call llm.ToolCall) (string, bool) {
	if !strings.HasPrefix(call.Arguments, `{"`+elidedKey+`":`) {
		return "", false
	}
	var stub map[string]string
	if err := json.Unmarshal([]byte(call.Arguments), &stub); err != nil || len(stub) != 1 {
		return "", false
	}
	what, ok := stub[elidedKey]
	return what, ok
}

// notKept is the result of a call whose arguments hold did not keep: it
// never runs, and the model is told what to send instead.
func notKept(what string, budget int) string {
	return fmt.Sprintf("error: not run: the arguments were %s. "+
		"Make the call again, with valid JSON arguments of at most about %d characters. "+
		"To write a big file, write it in parts: write_file the first part, then add each next part with edit_file, "+
		"old_string being the last lines written so far and new_string those lines followed by the next part.",
		what, heldChars(budget))
}

// heldChars is about how many characters of arguments fit the room of one
// reply.
func heldChars(budget int) int {
	return min(budget/4*jsonCharsPerToken, maxHeldBytes)
}

// prefix returns the longest start of s of at most chars characters whose
// JSON takes at most bytes.
func prefix(s string, chars, bytes int) string {
	size := 2 // the quotes
	for i, r := range s {
		size += runeSize(r, s[i:])
		if chars == 0 || size > bytes {
			return s[:i]
		}
		chars--
	}
	return s
}

// jsonSize is the most s can take as a JSON string, quotes included,
// however it is escaped.
func jsonSize(s string) int {
	size := 2
	for i, r := range s {
		size += runeSize(r, s[i:])
	}
	return size
}

// runeSize is the most r, the first rune of s, takes in a JSON string: six
// bytes for a control character, a byte that is not UTF-8 (written as
// \ufffd), a character that HTML escaping writes as \u003c and the line
// separators that some encoders escape; two for a quote or a backslash;
// its own size for the rest.
func runeSize(r rune, s string) int {
	switch {
	case r == utf8.RuneError && !strings.HasPrefix(s, "\uFFFD"), r < 0x20, r == '<', r == '>', r == '&', r == '\u2028', r == '\u2029':
		return 6
	case r == '"', r == '\\':
		return 2
	}
	return utf8.RuneLen(r)
}
