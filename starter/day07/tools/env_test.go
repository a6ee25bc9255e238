package tools

import (
	"slices"
	"testing"
)

func TestScrubEnv(t *testing.T) {
	tests := []struct {
		name    string
		environ []string
		want    []string
	}{
		{"ordinary variables stay in order",
			[]string{"PATH=/usr/bin", "HOME=/home/ann", "GOFLAGS=-mod=mod", "LANG=C.UTF-8"},
			[]string{"PATH=/usr/bin", "HOME=/home/ann", "GOFLAGS=-mod=mod", "LANG=C.UTF-8"}},
		{"ply's own key goes", []string{"PATH=/usr/bin", "OPENAI_API_KEY=sk-123"}, []string{"PATH=/usr/bin"}},
		{"every suffix goes",
			[]string{"AWS_SECRET_ACCESS_KEY=a", "GITHUB_TOKEN=b", "CLIENT_SECRET=c", "DB_PASSWORD=d", "KEEP=e"},
			[]string{"KEEP=e"}},
		{"in any case", []string{"github_token=a", "Db_Password=b", "keep=c"}, []string{"keep=c"}},
		{"a key that ends in =", []string{"OPENAI_API_KEY=c2stMTIz=", "X_TOKEN=abc==", "KEEP=x=y"}, []string{"KEEP=x=y"}},
		{"a value that looks like a secret's name stays", []string{"NOTE=MY_TOKEN", "KEEP=_KEY"}, []string{"NOTE=MY_TOKEN", "KEEP=_KEY"}},
		{"names that only hold the words stay", []string{"KEYBOARD=us", "MONKEY=1", "TOKENS_PER_MINUTE=90", "PASSWORD_HINT_SHOWN=1"},
			[]string{"KEYBOARD=us", "MONKEY=1", "TOKENS_PER_MINUTE=90", "PASSWORD_HINT_SHOWN=1"}},
		{"Windows' entries for drives stay", []string{"=C:=C:\\work", "=ExitCode=00000000"}, []string{"=C:=C:\\work", "=ExitCode=00000000"}},
		{"an entry without =", []string{"ODD", "ODD_TOKEN"}, []string{"ODD"}},
		{"nothing kept is not nil", []string{"A_TOKEN=1", "OPENAI_API_KEY=2"}, []string{}},
		{"nothing at all", []string{}, []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := scrubEnv(tt.environ)
			if !slices.Equal(got, tt.want) || got == nil {
				t.Errorf("scrubEnv(%q) = %#v, want %#v (see exercise 3)", tt.environ, got, tt.want)
			}
		})
	}
}
