package approval

import (
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// literal returns the value the shell will give w, and true, when that
// value is known before the shell runs: w is made of plain text, single
// quotes and double quotes holding only plain text. For anything the
// shell works out as it runs ($x, $(…), `…`, $((…)), $'…', <(…)) it
// returns false: the gate cannot tell what such a word will be.
//
// Globs (*.go) and braces ({a,b}) count as plain text here; mayExpand
// says whether a word has them.
func literal(w *syntax.Word) (string, bool) {
	var value strings.Builder
	for _, part := range w.Parts {
		switch part := part.(type) {
		case *syntax.Lit:
			value.WriteString(unescape(part.Value, ""))
		case *syntax.SglQuoted:
			if part.Dollar { // $'\x72m' is "rm": escapes the gate does not decode
				return "", false
			}
			value.WriteString(part.Value)
		case *syntax.DblQuoted:
			if part.Dollar { // $"…" is translated by the locale
				return "", false
			}
			for _, inner := range part.Parts {
				lit, ok := inner.(*syntax.Lit)
				if !ok {
					return "", false
				}
				value.WriteString(unescape(lit.Value, "$`\"\\\n"))
			}
		default:
			return "", false
		}
	}
	return value.String(), true
}

// unescape removes the backslashes that quote the next character, as the
// shell does. Outside quotes a backslash quotes any character (only is
// ""); inside double quotes it quotes only the characters in only, and
// stays otherwise.
func unescape(s, only string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var out strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && (only == "" || strings.IndexByte(only, s[i+1]) >= 0) {
			i++
		}
		out.WriteByte(s[i])
	}
	return out.String()
}

// literals returns the values of words, and true, when every one is
// literal.
func literals(words []*syntax.Word) ([]string, bool) {
	values := make([]string, 0, len(words))
	for _, w := range words {
		v, ok := literal(w)
		if !ok {
			return nil, false
		}
		values = append(values, v)
	}
	return values, true
}

// mayExpand reports whether w has an unquoted glob or brace character,
// which the shell may turn into other words: "*" into the names of files,
// "{--output=x,HEAD}" into "--output=x HEAD" in bash.
func mayExpand(w *syntax.Word) bool {
	for _, part := range w.Parts {
		lit, ok := part.(*syntax.Lit)
		if !ok {
			continue
		}
		for i := 0; i < len(lit.Value); i++ {
			switch lit.Value[i] {
			case '\\':
				i++ // the next character is quoted
			case '*', '?', '[', '{':
				return true
			}
		}
	}
	return false
}

// text returns the text of node as it stands in src.
func text(src string, node syntax.Node) string {
	start, end := int(node.Pos().Offset()), int(node.End().Offset())
	if end > len(src) || start > end {
		return "?" // a position the parser could not keep; never for input the gate reads
	}
	return src[start:end]
}

// source returns the text of node as it stands in src, cut to a length
// that fits in a reason.
func source(src string, node syntax.Node) string {
	return short(text(src, node))
}

// maxQuoted is the most characters of a word or command a reason quotes.
const maxQuoted = 60

// short cuts s to maxQuoted characters, marking the cut with "…". It
// looks at no more of s than it keeps, so that quoting a node of a deep
// tree costs the same as quoting a small one.
func short(s string) string {
	count := 0
	for i, r := range s {
		if count == maxQuoted-1 && i+utf8.RuneLen(r) < len(s) {
			return s[:i] + "…"
		}
		count++
	}
	return s
}
