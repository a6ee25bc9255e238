package session

import (
	"slices"
	"strings"

	"ply/day07/tools"
)

// Redacted is what a secret becomes in what ply prints or exports.
const Redacted = "[redacted]"

// minKnown is the shortest value of the environment's secrets that is
// taken out wherever it appears: cutting every "abc" out of a session
// would hide nothing and wreck the rest. A shorter one is still hidden
// where a shape finds it, as in password=abc.
const minKnown = 6

// A Redactor takes secrets out of the text of a session before ply prints
// or exports it. A session holds whatever the tools read and the user
// typed: a .env file, the output of env, a pasted token, a command with a
// password in it. The model never sees ply's own key, nor the variables
// tools.HoldsSecret names, but nothing stops a command from printing a
// file that holds one.
//
// It hides two kinds of secret. The values of the environment's secret
// variables, by the very rule that keeps them from a command's
// environment, in every form a program prints them: as they are,
// escaped for JSON, Go or a shell, URL-encoded, and in base64, alone or
// inside the base64 of user:password. And whatever has the shape of a
// secret (see shapes). It cannot find a secret with neither: a password
// typed into prose, a key under a name nobody would guess, a secret
// split in two, or one encoded in a way it does not try.
//
// A nil *Redactor redacts nothing: it is what --raw gives.
type Redactor struct {
	index *wordIndex // where to look: the words of every shape, and every form of every secret value
}

// NewRedactor returns a Redactor for the secrets of environ, entries
// "NAME=value" as os.Environ gives them.
func NewRedactor(environ []string) *Redactor {
	var known []string
	for _, entry := range environ {
		name, value, _ := strings.Cut(entry, "=")
		if len(value) < minKnown || !tools.HoldsSecret(name, value) {
			continue
		}
		for _, f := range printedForms(value) {
			// A form that is part of the marker would be found again in
			// every marker put in, and a second redaction would change
			// the text.
			if len(f) >= minKnown && !strings.Contains(Redacted, f) {
				known = append(known, f)
			}
		}
	}
	slices.Sort(known)
	return &Redactor{index: newWordIndex(slices.Compact(known))}
}

// Redact returns text with every secret it finds replaced by Redacted.
// What it returns, it leaves as it is: Redact(Redact(t)) == Redact(t).
func (r *Redactor) Redact(text string) string {
	if r == nil {
		return text
	}
	// Taking a secret out can make one of what was around it: a
	// backslash that was part of a key no longer escapes the quote
	// after it, and the quoted value now ends there. So the text is
	// redacted again until nothing changes. That ends: a round that
	// changes something takes out text outside the markers, or joins two
	// markers, and neither can go on for ever.
	for {
		out := r.once(text)
		if out == text {
			return out
		}
		text = out
	}
}

// once redacts text in one reading: it finds where a known value or a
// word of a shape is, and only there tries the shape's pattern. That is
// cheap where nothing looks like a secret, which is most of a session.
func (r *Redactor) once(text string) string {
	var secrets []span
	done := make([]int, len(shapes)) // for each shape, where the last secret it found ends
	r.index.each(text, lowerASCII(text), func(at int, w word) {
		if w.shape < 0 {
			secrets = append(secrets, span{at, at + len(w.text)})
			return
		}
		if at < done[w.shape] {
			return // inside what the shape found before
		}
		found, end := shapes[w.shape].find(text, at)
		secrets = append(secrets, found...)
		done[w.shape] = max(done[w.shape], end)
	})
	return cut(text, secrets)
}
