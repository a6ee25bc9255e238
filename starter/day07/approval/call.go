package approval

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// judgeCall judges one simple command: a name, its arguments, and maybe
// variables set in front of it. It is allowed only when every word is
// known before the shell runs, a rule matches, no argument is an option
// that writes, and no argument names a path outside the workspace.
func (c *checker) judgeCall(call *syntax.CallExpr) Decision {
	// An assignment and a word worked out as the shell runs are nodes of
	// their own, which ask with their own reasons; here they only stop a
	// yes. The deny-list still reads the words as written.
	if len(call.Args) == 0 {
		return Decision{Verdict: Ask}
	}
	if _, ok := literal(call.Args[0]); !ok {
		return Decision{Verdict: Ask}
	}
	words := c.wordTexts(call.Args)
	if why := c.denied(words); why != "" {
		return deny("%s", why)
	}
	values, ok := literals(call.Args)
	switch {
	case len(call.Assigns) > 0 || !ok:
		return Decision{Verdict: Ask}
	case wrappers[commandName(words[0])] != nil:
		return ask("%s runs another command, which the gate does not try to allow", short(words[0]))
	}
	rule, ok := c.rule(values)
	if !ok {
		return ask("%s", notAllowed(values))
	}
	return c.judgeArguments(rule, values, call.Args)
}

// rule returns the first rule that matches the command words.
func (c *checker) rule(words []string) (Rule, bool) {
	for _, r := range c.rules {
		if r.matches(words) {
			return r, true
		}
	}
	return Rule{}, false
}

// judgeArguments judges the arguments of a command a rule allows: an
// option that writes a file asks, and so does a path outside the
// workspace, or a pattern that may become one.
func (c *checker) judgeArguments(rule Rule, values []string, words []*syntax.Word) Decision {
	name := values[0]
	for i, v := range values[1:] {
		switch {
		case writingOption(name, v):
			return ask("%s %s writes a file", name, short(v))
		case writingOptions[name] != nil && mayExpand(words[1+i]):
			return ask("%s may turn into other arguments of %s, such as an option that writes", short(v), name)
		case c.leavesWorkspace(v):
			return ask("%s reads outside the workspace: %s", name, short(v))
		case mayExpand(words[1+i]) && mayLeave(v):
			return ask("%s may turn into a path outside the workspace", short(v))
		}
	}
	return allow("%s is on the allow-list", rule)
}

// notAllowed says that a command is on no rule, and warns when its name
// has characters outside ASCII: a Cyrillic "ls" looks like ls and is not.
func notAllowed(words []string) string {
	for _, r := range words[0] {
		if r >= utf8.RuneSelf {
			return fmt.Sprintf("%s is not on the allow-list (its name has the character %U, which is not ASCII)", short(words[0]), r)
		}
	}
	return short(words[0]) + " is not on the allow-list"
}

// writingOptions are the options of allowed commands that write a file,
// by command name. A rule allows a command with any arguments; these few
// are the exceptions the gate knows, for the commands of the default
// allow-list.
var writingOptions = map[string][]string{
	"git": {"--output"}, // git diff --output=FILE, git log --output=FILE
}

// writingOption reports whether arg is one of name's writingOptions, or a
// long option that could abbreviate one: git takes --outp for --output
// where it is not ambiguous.
func writingOption(name, arg string) bool {
	option, _, _ := strings.Cut(arg, "=")
	if len(option) <= len("--") || !strings.HasPrefix(option, "--") {
		return false
	}
	for _, w := range writingOptions[name] {
		if strings.HasPrefix(w, option) {
			return true
		}
	}
	return false
}

// wordTexts returns the words of a command as the deny-list reads them:
// the value of a literal word, the text of any other.
func (c *checker) wordTexts(words []*syntax.Word) []string {
	texts := make([]string, len(words))
	for i, w := range words {
		if v, ok := literal(w); ok {
			texts[i] = v
		} else {
			texts[i] = text(c.src, w)
		}
	}
	return texts
}
