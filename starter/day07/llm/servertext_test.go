package llm

import (
	"strings"
	"testing"
)

func TestServerText(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"plain", "model not found", "model not found"},
		{"the key", "key sk-secret-1 is wrong", "key [API key] is wrong"},
		{"the key twice, in a URL", "https://x/?k=sk-secret-1&again=sk-secret-1", "https://x/?k=[API key]&again=[API key]"},
		{"user and password", "see http://bob:hunter2@proxy.local:3128/v1", "see http://***@proxy.local:3128/v1"},
		{"a token as the user", "https://ghp_abc123@github.com/x.git", "https://***@github.com/x.git"},
		{"two URLs", "http://a:b@one/ and https://c:d@two/", "http://***@one/ and https://***@two/"},
		{"an @ after the path is no password", "http://host/mail?to=a@b", "http://host/mail?to=a@b"},
		{"an address in prose", "write to ops@example.com", "write to ops@example.com"},
		{"lines join", "one\ntwo\r\n\tthree  four", "one two three four"},
		{"not UTF-8", "a\xffb", "a\uFFFDb"},
		{"cut", strings.Repeat("é", maxServerText+1), strings.Repeat("é", maxServerText-1) + "…"},
		{"not cut at the limit", strings.Repeat("é", maxServerText), strings.Repeat("é", maxServerText)},
		{"the key is gone before the cut", strings.Repeat("x", maxServerText-5) + " sk-secret-1", strings.Repeat("x", maxServerText-5) + " [AP…"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := serverText(tt.in, "sk-secret-1"); got != tt.want {
				t.Errorf("serverText(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestServerTextWithoutKey(t *testing.T) {
	if got := serverText("nothing to hide", ""); got != "nothing to hide" {
		t.Errorf(`serverText with no key = %q, want the text as it was`, got)
	}
}
