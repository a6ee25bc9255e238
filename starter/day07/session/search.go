package session

import (
	"errors"
	"os"
	"strings"
	"unicode/utf8"
)

// Hit is a message that holds the text searched for.
type Hit struct {
	ID      string // the session
	Seq     int64  // the message's event
	Role    string
	Excerpt string // the text around the first match, on one line
}

// Search finds text, exactly as given, in the messages of the sessions
// begun in cwd, or of every session when cwd is "", the most recently
// used first, and hands each hit to found as it comes. It looks at a
// message's content and at the arguments of its tool calls, as red
// redacts them: a text that is only in a secret is not found, and an
// excerpt never shows one. A nil red searches the bytes as they are.
//
// It streams: one line of one log is in memory at a time, so thousands
// of sessions cost only the reading. A log with a bad line is searched up
// to that line; the errors of such logs come back together at the end.
func (s Store) Search(text, cwd string, red *Redactor, found func(Hit)) error {
	if text == "" {
		return errors.New("search for nothing: the text is empty")
	}
	logs, err := s.byLastUse(cwd)
	if err != nil {
		return err
	}
	var errs []error
	for _, lf := range logs {
		if err := searchLog(lf, text, cwd, red, found); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// searchLog searches one log. It stops at the meta line when the session
// began in another directory than cwd.
func searchLog(lf logFile, text, cwd string, red *Redactor, found func(Hit)) error {
	if lf.err != nil {
		return lf.err
	}
	f, err := openFile(lf.path, os.O_RDONLY, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	r := NewReader(f, lf.path)
	for r.Next() {
		switch d := r.Event().Data.(type) {
		case Meta:
			if cwd != "" && d.Cwd != cwd {
				return nil
			}
		case Message:
			if ex, ok := match(d, text, red); ok {
				found(Hit{ID: lf.id, Seq: r.Event().Seq, Role: d.Message.Role, Excerpt: ex})
			}
		}
	}
	return r.Err()
}

// match looks for text in a message's content, then in its calls'
// arguments, and returns an excerpt around the first match, all as red
// redacts them.
func match(d Message, text string, red *Redactor) (string, bool) {
	if ex, ok := find(d.Message.Content, text, red); ok {
		return ex, true
	}
	for _, c := range d.Message.ToolCalls {
		if ex, ok := find(c.Arguments, text, red); ok {
			return red.Redact(c.Name) + " " + ex, true
		}
	}
	return "", false
}

// find returns the excerpt around the first text in s, as red redacts
// s. Redacting costs, so s is redacted only when text is in it before:
// a text that is not in s is not in what is left of it either, save a
// piece of the marker a redaction puts in.
func find(s, text string, red *Redactor) (string, bool) {
	if !strings.Contains(s, text) {
		return "", false
	}
	s = red.Redact(s)
	i := strings.Index(s, text)
	if i < 0 {
		return "", false
	}
	return excerpt(s, i, len(text)), true
}

// excerpt returns s[i:i+n] with up to 30 characters on each side, on one
// line, with "…" where it cut.
func excerpt(s string, i, n int) string {
	const side = 30
	start, end := i, i+n
	for k := 0; k < side && start > 0; k++ {
		_, size := utf8.DecodeLastRuneInString(s[:start])
		start -= size
	}
	for k := 0; k < side && end < len(s); k++ {
		_, size := utf8.DecodeRuneInString(s[end:])
		end += size
	}
	out := flatten(s[start:end])
	if start > 0 {
		out = "…" + out
	}
	if end < len(s) {
		out += "…"
	}
	return out
}
