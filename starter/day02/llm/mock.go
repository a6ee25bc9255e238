package llm

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Mock is the scripted model. It is a pure function of the messages it is
// sent: it keeps no state between calls, so whatever it seems to remember
// it has just read from the conversation. The same conversation gets the
// same reply in any process, which is what makes it safe to test against.
type Mock struct{}

// Stream returns the scripted reply to req.Messages in small fragments,
// the way a server streams, with the usage in the last delta.
func (Mock) Stream(ctx context.Context, req Request) (Stream, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	text := scriptReply(req.Messages)
	usage := &Usage{Input: countTokens(req.Messages), Output: estimateTokens(text)}
	deltas := append(fragments(text), StreamDelta{Finish: "stop", Usage: usage})
	return newSliceStream(ctx, deltas), nil
}

// rule is one line of the Mock's script: when the last user message
// contains phrase, answer writes the reply.
type rule struct {
	phrase string // lower-case words; they match whole words, in order
	answer func(msgs []Message) string
}

// script is the Mock's whole behaviour, read top to bottom. The first rule
// whose phrase is in the last user message answers, so a phrase must come
// before any shorter phrase it contains.
var script = []rule{
	{"what did i ask you to remember", recall},
	{"remember that", always("Noted. It is in our conversation now: ask me \"what did I ask you to remember?\" later.")},
	{"first message", firstMessage},
	{"how many messages", countMessages},
	{"your name", always("I'm the scripted model that ships with ply. A real model goes behind the same gateway.")},
	{"what can you do", always(abilities)},
	{"hello", always(greeting)},
	{"hi", always(greeting)},
}

const greeting = "Hello! I'm ply's scripted model. I answer from a fixed script, so I work offline " +
	"and always give the same reply to the same conversation. Ask me \"what can you do?\"."

const abilities = "I know a few phrases: \"hello\", \"remember that …\" and then " +
	"\"what did I ask you to remember?\", \"what was my first message?\", " +
	"\"how many messages have I sent?\" and \"what is your name?\". " +
	"Everything I know about you, I read from the conversation."

// scriptReply picks the first rule of the script that matches the last
// user message, and falls back to a polite refusal.
func scriptReply(msgs []Message) string {
	last := lastUser(msgs)
	for _, r := range script {
		if hasPhrase(last, r.phrase) {
			return r.answer(msgs)
		}
	}
	return fallback(last)
}

// lastUser returns the content of the most recent user message, or "" when
// the conversation has none.
func lastUser(msgs []Message) string {
	for i := len(msgs) - 1; i >= 0; i-- {
		if isUser(msgs[i]) {
			return msgs[i].Content
		}
	}
	return ""
}

// hasPhrase reports whether text contains phrase as whole words, ignoring
// case and punctuation: "Hi!" has "hi", but "this" does not.
func hasPhrase(text, phrase string) bool {
	return strings.Contains(" "+words(text)+" ", " "+phrase+" ")
}

// words lower-cases text and turns every run of non-letters and non-digits
// into one space.
func words(text string) string {
	notWord := func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }
	return strings.Join(strings.FieldsFunc(strings.ToLower(text), notWord), " ")
}

// always makes an answer that is always the same text.
func always(text string) func([]Message) string {
	return func([]Message) string { return text }
}

// rememberThat finds what the user asked to be remembered. Like
// hasPhrase, it lets any punctuation stand between the words, so that
// "remember that: tabs are 8 wide" is recalled as well as it is noted.
var rememberThat = regexp.MustCompile(`(?i)\bremember\W+that\W+(.+)`)

// recall answers from the conversation itself. The Mock has no memory of
// its own, so after /clear it honestly knows nothing.
func recall(msgs []Message) string {
	for i := len(msgs) - 1; i >= 0; i-- {
		if !isUser(msgs[i]) {
			continue
		}
		if m := rememberThat.FindStringSubmatch(msgs[i].Content); m != nil {
			return fmt.Sprintf("You asked me to remember that %s.", strings.TrimRight(m[1], ".!? "))
		}
	}
	return "You haven't asked me to remember anything in this conversation."
}

// firstMessage quotes the conversation's first user message back.
func firstMessage(msgs []Message) string {
	if countUser(msgs) <= 1 {
		return "This is your first message in this conversation."
	}
	i := slices.IndexFunc(msgs, isUser)
	return fmt.Sprintf("Your first message was %q.", msgs[i].Content)
}

// countMessages says how many user messages the conversation holds.
func countMessages(msgs []Message) string {
	n := countUser(msgs)
	if n == 1 {
		return "You have sent 1 message in this conversation: this one."
	}
	return fmt.Sprintf("You have sent %d messages in this conversation, counting this one.", n)
}

// countUser counts the user messages in msgs.
func countUser(msgs []Message) int {
	n := 0
	for _, m := range msgs {
		if isUser(m) {
			n++
		}
	}
	return n
}

func isUser(m Message) bool { return m.Role == RoleUser }

// fallback answers a message that no rule matches.
func fallback(last string) string {
	if last == "" {
		return "There is no user message for me to answer."
	}
	return fmt.Sprintf("I'm a scripted model and only know a few phrases, so I can't answer %q. "+
		"Ask me \"what can you do?\".", Shorten(last, 60))
}

// fragmentSize is how many characters the Mock puts in one fragment: about
// a token, as a real model streams.
const fragmentSize = 4

// fragments cuts text into deltas of fragmentSize characters (runes, not
// bytes, so no character is split), in order.
func fragments(text string) []StreamDelta {
	// TODO(lab 3): Cut text into deltas of fragmentSize characters each, in
	// order (the last may be shorter), so that they join back to text; no
	// character is split, and empty text has none.
	// See "Exercise 3" in README.md; for hints: go run ply/cmd/lab hint day02 3
	return nil
}

// estimateTokens guesses how many tokens text is, at about four characters
// a token. The Mock has no tokenizer; the guess keeps its usage plausible.
func estimateTokens(text string) int {
	return (utf8.RuneCountInString(text) + 3) / 4
}

// countTokens estimates the tokens of a whole conversation.
func countTokens(msgs []Message) int {
	n := 0
	for _, m := range msgs {
		n += estimateTokens(m.Content)
	}
	return n
}
