package session

import (
	"bytes"
	"encoding/json"
	"testing"
	"unicode/utf8"
)

// This file measures what would make Append of a big tool result cheaper:
// its cost is encoding/json escaping the result's text. appendQuoted is
// an escaper that copies runs of bytes that need no escaping in one go.
// It lives here, beside its benchmark, and not in the package: see
// MEASURED.md for the figures and why the package keeps encoding/json.

// safeASCII marks the bytes a JSON string holds as they are.
var safeASCII = func() (t [utf8.RuneSelf]bool) {
	for b := 0x20; b < utf8.RuneSelf; b++ {
		t[b] = b != '"' && b != '\\'
	}
	return t
}()

// appendQuoted appends s to dst as a JSON string, as encoding/json would
// with HTML escaping off.
func appendQuoted(dst []byte, s string) []byte {
	const hex = "0123456789abcdef"
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		b := s[i]
		if b < utf8.RuneSelf {
			if safeASCII[b] {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch b {
			case '"', '\\':
				dst = append(dst, '\\', b)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hex[b>>4], hex[b&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			if r == utf8.RuneError {
				dst = append(dst, `\ufffd`...)
			} else {
				dst = append(dst, '\\', 'u', '2', '0', '2', hex[r&0xf])
			}
			i += size
			start = i
			continue
		}
		i += size
	}
	return append(append(dst, s[start:]...), '"')
}

func TestAppendQuotedAgreesWithEncodingJSON(t *testing.T) {
	for _, s := range []string{"", "plain", sourceText(5000), "é 日本 🙂 \u2028 \x00 \x1f \xff\xfe", `"\`} {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		enc.Encode(s)
		if got, want := string(appendQuoted(nil, s)), buf.String()[:buf.Len()-1]; got != want {
			t.Errorf("appendQuoted(%.40q) = %.80s, want %.80s", s, got, want)
		}
	}
}

// BenchmarkEscape escapes a 16 KiB tool result with encoding/json and
// with appendQuoted.
func BenchmarkEscape(b *testing.B) {
	text := sourceText(16 << 10)
	b.Run("encoding-json", func(b *testing.B) {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		b.SetBytes(int64(len(text)))
		clock := startCPU()
		for b.Loop() {
			buf.Reset()
			enc.Encode(text)
		}
		clock.report(b)
	})
	b.Run("runs", func(b *testing.B) {
		var dst []byte
		b.SetBytes(int64(len(text)))
		clock := startCPU()
		for b.Loop() {
			dst = appendQuoted(dst[:0], text)
		}
		clock.report(b)
	})
}
