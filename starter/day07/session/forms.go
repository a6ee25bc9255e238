package session

import (
	"encoding/base64"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
)

// printedForms returns the ways a program may print value: as it is;
// escaped for JSON (with and without HTML's characters escaped, and with
// "/" as "\/"), for Go and for a shell (inside single quotes, inside
// double quotes, or with backslashes); URL-encoded, with capital or
// small hex digits; and in base64 of both alphabets, on its own or as
// the middle of the base64 of a longer text such as "user:value".
func printedForms(value string) []string {
	forms := []string{value, jsonBody(value, true), jsonBody(value, false), strings.ReplaceAll(jsonBody(value, true), "/", `\/`)}
	if q := strconv.Quote(value); len(q) >= 2 {
		forms = append(forms, q[1:len(q)-1])
	}
	forms = append(forms,
		strings.ReplaceAll(value, "'", `'\''`),
		strings.ReplaceAll(value, "'", `'"'"'`),
		backslashed(value, "\"\\$`"),
		backslashed(value, " \t\n'\"\\$`!&|;<>(){}[]*?#~"))
	for _, esc := range []string{url.QueryEscape(value), url.PathEscape(value)} {
		forms = append(forms, esc, lowerHex(esc))
	}
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding} {
		forms = append(forms, enc.EncodeToString([]byte(value)))
		forms = append(forms, base64Cores(enc, value)...)
	}
	return forms
}

// jsonBody returns value as encoding/json writes it inside a string,
// without the quotes.
func jsonBody(value string, escapeHTML bool) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(escapeHTML)
	enc.Encode(value) // a string always encodes
	s := strings.TrimSuffix(b.String(), "\n")
	return s[1 : len(s)-1]
}

// backslashed returns value with a backslash before each of special.
func backslashed(value, special string) string {
	var b strings.Builder
	for _, r := range value {
		if strings.ContainsRune(special, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// lowerHex returns a URL-encoded text with its hex digits in small
// letters, as some encoders write them.
func lowerHex(esc string) string {
	b := []byte(esc)
	for i := 0; i+2 < len(b); i++ {
		if b[i] == '%' {
			b[i+1], b[i+2] = lowerHexDigit(b[i+1]), lowerHexDigit(b[i+2])
		}
	}
	return string(b)
}

// lowerHexDigit returns the hex digit c as a small letter if it is a letter.
func lowerHexDigit(c byte) byte {
	if 'A' <= c && c <= 'F' {
		return c + 'a' - 'A'
	}
	return c
}

// base64Cores returns, for each of the three places value can start at
// in a base64 group, the characters of the base64 of a longer text that
// depend only on value. Whatever comes before and after it, the base64
// of a text with value inside holds one of them: that is how the
// password in a basic credential, base64 of "user:password", is found
// without knowing the user.
func base64Cores(enc *base64.Encoding, value string) []string {
	var cores []string
	for k := range 3 {
		s := enc.EncodeToString(append(make([]byte, k), value...))
		// Each character holds 6 bits; those of value are bits 8k to
		// 8(k+len(value)).
		first := (8*k + 5) / 6
		last := (8*(k+len(value)))/6 - 1
		if last >= first {
			cores = append(cores, s[first:last+1])
		}
	}
	return cores
}
