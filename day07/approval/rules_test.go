package approval

import (
	"errors"
	"testing"
)

func TestParseRule(t *testing.T) {
	tests := []struct {
		in   string
		want string // the rule as String gives it
		err  error
	}{
		{"go test", "go test", nil},
		{"  npm   run lint ", "npm run lint", nil},
		{"./run-tests.sh", "./run-tests.sh", nil},
		{"cargo build --release", "cargo build --release", nil},
		{"", "", ErrEmptyRule},
		{"   ", "", ErrEmptyRule},
		{"go 'test'", "", ErrRuleWord},
		{"go test; rm x", "", ErrRuleWord},
		{"echo $HOME", "", ErrRuleWord},
		{"ｌｓ", "", ErrRuleWord},
		{"env", "", ErrRuleWrapper},
		{"sh -c", "", ErrRuleWrapper},
		{"/usr/bin/env ls", "", ErrRuleWrapper},
		{"xargs", "", ErrRuleWrapper},
		{"sudo make", "", ErrRuleDenied},
		{"SUDO", "", ErrRuleDenied},
		{"cd", "", ErrRuleBuiltin},
		{"read", "", ErrRuleBuiltin},
		{"trap", "", ErrRuleBuiltin},
		{"test", "test", nil},
	}
	for _, tt := range tests {
		r, err := ParseRule(tt.in)
		if !errors.Is(err, tt.err) || err == nil && r.String() != tt.want {
			t.Errorf("ParseRule(%q) = %q, %v; want %q, %v", tt.in, r, err, tt.want, tt.err)
		}
	}
}

func TestRuleMatches(t *testing.T) {
	goTest, _ := ParseRule("go test")
	tests := []struct {
		words []string
		want  bool
	}{
		{[]string{"go", "test"}, true},
		{[]string{"go", "test", "./..."}, true},
		{[]string{"go", "test", "-run", "X", "."}, true},
		{[]string{"go"}, false},
		{[]string{"go", "vet"}, false},
		{[]string{"go", "-C", "x", "test"}, false},
		{[]string{"/usr/local/go/bin/go", "test"}, false},
		{[]string{"Go", "test"}, false},
		{[]string{"go", "tests"}, false},
	}
	for _, tt := range tests {
		if got := goTest.matches(tt.words); got != tt.want {
			t.Errorf("rule %q matches %q = %v, want %v", goTest, tt.words, got, tt.want)
		}
	}
	if (Rule{}).matches([]string{"ls"}) {
		t.Error("the zero Rule matches ls; it must match nothing")
	}
}

func TestAddedRuleAllows(t *testing.T) {
	goTest, err := ParseRule("go test")
	if err != nil {
		t.Fatal(err)
	}
	rules := append(DefaultRules(), goTest)
	tests := []struct {
		cmd  string
		want Verdict
	}{
		{"go test ./...", Allow},
		{"go test -run TestDiv ./... 2>&1 | tail -20", Allow},
		{"go vet ./...", Ask},
		{"go test ./... && go run .", Ask},
		{"go test $(rm x)", Ask},
		{"go test ./... && rm -rf ~", Deny},
	}
	for _, tt := range tests {
		if got := CheckCommand(tt.cmd, rules, workspace); got.Verdict != tt.want {
			t.Errorf("with --allow 'go test', CheckCommand(%q) = %v: %s; want %v", tt.cmd, got.Verdict, got.Reason, tt.want)
		}
	}
}
