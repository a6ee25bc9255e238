package approval

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/interp"
)

// Rule allows a command without asking: a command name, then maybe its
// first arguments, and after them any arguments at all. The rule
// "go test" allows go test ./... and go test -run TestDiv ./calc, but
// not go vet, and not go -C other test, whose first argument is -C.
//
// A rule matches words, not text: the name must be the very word the
// model wrote, byte for byte. /bin/ls, ./ls, LS and a Cyrillic "ls" are
// other names, and ask.
type Rule struct {
	words    []string // the name, then the arguments that must come first
	readOnly bool     // a rule of ply's own list, whose commands only read: they run in the read-only sandbox
}

// The reasons a rule given with --allow is refused.
var (
	ErrEmptyRule   = errors.New("a rule needs a command name")
	ErrRuleWord    = errors.New("a rule's words are plain: letters, digits and - _ . / : @ + = , %")
	ErrRuleWrapper = errors.New("runs other commands, so allowing it would allow anything; allow the commands it runs instead")
	ErrRuleDenied  = errors.New("is on the deny-list, which no rule overrides")
	ErrRuleBuiltin = errors.New("is a builtin of the shell that changes what runs after it, which no rule allows")
)

// ParseRule reads a rule as the --allow flag gives it: words separated by
// spaces, such as "go test" or "npm run lint". The words are plain, with
// no quotes and nothing the shell would expand, so that what the user
// reads is what the rule matches.
func ParseRule(s string) (Rule, error) {
	words := strings.Fields(s)
	if len(words) == 0 {
		return Rule{}, ErrEmptyRule
	}
	for _, w := range words {
		if !plainWord(w) {
			return Rule{}, fmt.Errorf("rule %q: %w", s, ErrRuleWord)
		}
	}
	name := commandName(words[0])
	switch {
	case wrappers[name] != nil:
		return Rule{}, fmt.Errorf("rule %q: %s %w", s, words[0], ErrRuleWrapper)
	case deniedNames[name] != "":
		return Rule{}, fmt.Errorf("rule %q: %s %w", s, words[0], ErrRuleDenied)
	case interp.IsBuiltin(words[0]) && !plainBuiltins[words[0]]:
		return Rule{}, fmt.Errorf("rule %q: %s %w", s, words[0], ErrRuleBuiltin)
	}
	return Rule{words: words}, nil
}

// plainWord reports whether w is made only of characters that mean
// nothing to the shell.
func plainWord(w string) bool {
	for _, r := range w {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' ||
			strings.ContainsRune("-_./:@+=,%", r)
		if !ok {
			return false
		}
	}
	return true
}

// String returns the rule as --allow takes it.
func (r Rule) String() string { return strings.Join(r.words, " ") }

// matches reports whether the words of a simple command, its name first,
// begin with the rule's words.
func (r Rule) matches(words []string) bool {
	return len(r.words) > 0 && len(words) >= len(r.words) && slices.Equal(words[:len(r.words)], r.words)
}

// defaultRules are the commands ply runs without asking: each only reads,
// and the read-only sandbox holds it to that whatever its arguments say
// (it writes nothing, and reads nothing outside the workspace and the
// system). go test is not among them, nor make, nor any command that runs
// code from the project: that code may be what the model just wrote.
var defaultRules = [][]string{
	{"["}, {"basename"}, {"cat"}, {"cut"}, {"diff"}, {"dirname"}, {"du"}, {"echo"}, {"find"},
	{"git", "blame"}, {"git", "branch"}, {"git", "diff"}, {"git", "grep"}, {"git", "log"},
	{"git", "ls-files"}, {"git", "rev-parse"}, {"git", "show"}, {"git", "status"}, {"go", "version"},
	{"grep"}, {"head"}, {"ls"}, {"nl"}, {"pwd"}, {"realpath"}, {"sed", "-n"}, {"sort"}, {"stat"},
	{"tail"}, {"test"}, {"tr"}, {"uniq"}, {"wc"},
}

// DefaultRules returns the rules ply starts with, to which --allow adds.
// Their commands only read, and run in the read-only sandbox; a rule the
// user adds is the user's word that a command may run, and it runs as one
// a human approved.
func DefaultRules() []Rule {
	rules := make([]Rule, len(defaultRules))
	for i, words := range defaultRules {
		rules[i] = Rule{words: words, readOnly: true}
	}
	return rules
}
