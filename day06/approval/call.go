package approval

import (
	"fmt"
	"os"
	"strings"
	"unicode/utf8"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// judgeCall judges one simple command: a name, its arguments, and maybe
// variables set in front of it. It is allowed only when every word is
// known before the shell runs and judgeWords allows the words.
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
	if len(call.Assigns) > 0 || !ok {
		return Decision{Verdict: Ask}
	}
	return c.judgeWords(c.workspace, values, call.Args)
}

// judgeWords judges a simple command by its words, run in dir: values are
// the words as the command gets them, and words their syntax, or nil. The
// gate calls it twice for each command it allows: on the tree, before
// anything runs, with the words as written and their syntax; and as the
// command is about to run, with the words as the shell expanded them,
// globs and braces done (see Program). One judge, so the two can never
// disagree on a rule.
//
// A wrapper asks, and so does a builtin that changes what the shell does
// next; then a rule must match, and the arguments pass judgeArguments.
func (c *checker) judgeWords(dir string, values []string, words []*syntax.Word) Decision {
	name := values[0]
	switch {
	case wrappers[commandName(name)] != nil:
		return ask("%s runs another command, which the gate does not try to allow", short(name))
	case interp.IsBuiltin(name) && !plainBuiltins[name]:
		return ask("%s is a builtin of the shell, which changes what runs after it", short(name))
	}
	rule, ok := c.rule(values)
	if !ok {
		return ask("%s", notAllowed(values))
	}
	return c.judgeArguments(dir, rule, values, words)
}

// plainBuiltins are the builtins that only print or test, and change
// nothing the shell does next. Every other builtin asks: cd would move
// every relative path, read and mapfile set variables, trap, eval,
// source and command run commands of their own, exec replaces the shell.
var plainBuiltins = map[string]bool{
	"echo": true, "printf": true, "pwd": true, "true": true, "false": true, ":": true, "test": true, "[": true,
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
// option that makes it more than a read that ends asks, and so does a
// path outside the workspace, or, when words are given, a pattern that
// may become one.
func (c *checker) judgeArguments(dir string, rule Rule, values []string, words []*syntax.Word) Decision {
	name := values[0]
	for i, v := range values[1:] {
		expands := words != nil && mayExpand(words[1+i])
		if why := askingOption(name, v); why != "" {
			return ask("%s %s %s", name, short(v), why)
		}
		switch {
		case expands && braceWords(words[1+i]) > maxBraceWords:
			return ask("%s turns into more than %d words", short(v), maxBraceWords)
		case expands && name == "git":
			return ask("%s may turn into other arguments of %s, such as an option that writes", short(v), name)
		case c.leavesWorkspace(dir, v):
			return ask("%s reads outside the workspace: %s", name, short(v))
		case c.waits(dir, v):
			return ask("%s is no file or folder, and reading it may never end", short(v))
		case expands && mayLeave(v):
			return ask("%s may turn into a path outside the workspace", short(v))
		}
	}
	return allow("%s is on the allow-list", rule)
}

// maxBraceWords is the most words a brace may turn one argument into.
// {a,b}{a,b}… thirty times over is a line of the model's and a billion
// words, which the interpreter would hold in memory before it ran
// anything.
const maxBraceWords = 256

// braceWords returns how many words the braces of w turn it into, as
// bash expands them, or more than maxBraceWords when that is more. A
// sequence ({1..9}) counts as too many: its size is in its numbers.
func braceWords(w *syntax.Word) int {
	split := *w                // SplitBraces replaces the parts of the word it is given
	syntax.SplitBraces(&split) // the parts of a brace's words are split already
	n := 1
	for _, part := range split.Parts {
		b, ok := part.(*syntax.BraceExp)
		if !ok {
			continue
		}
		if b.Sequence {
			return maxBraceWords + 1
		}
		sum := 0
		for _, elem := range b.Elems {
			sum += braceWords(elem)
		}
		if n *= sum; n > maxBraceWords {
			return n
		}
	}
	return n
}

// waits reports whether the argument arg, relative to dir, names a file
// that is neither a regular file nor a folder, such as a named pipe: a
// command that opens it waits for a writer, for ever if none comes.
func (c *checker) waits(dir, arg string) bool {
	if c.workspace == "" || arg == os.DevNull || strings.HasPrefix(arg, "-") {
		return false
	}
	info, err := os.Stat(absolute(dir, arg))
	return err == nil && !info.Mode().IsRegular() && !info.IsDir()
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

// An option is an option of an allowed command that makes the command
// more than a read that ends, and why.
type option struct{ name, why string }

// askingOptions are those options, by command name. A rule allows a
// command with any arguments; these are the exceptions the gate knows,
// for the commands of the default allow-list: an option that writes, one
// that starts a program, one that follows links out, one that never ends.
var askingOptions = map[string][]option{
	"git": {
		{"--output", "writes a file"}, // git diff --output=FILE, git log --output=FILE
		{"--ext-diff", "runs the diff program that git's configuration names"},
		{"--show-signature", "runs gpg to check signatures"},
	},
	"grep": {
		{"-R", "follows every link, out of the workspace too"},
		{"--dereference-recursive", "follows every link, out of the workspace too"},
	},
	"ls": {
		{"-L", "follows links, out of the workspace too"},
		{"--dereference", "follows links, out of the workspace too"},
	},
	"tail": {
		{"-f", "does not end on its own"},
		{"-F", "does not end on its own"},
		{"--follow", "does not end on its own"},
		{"--retry", "does not end on its own"},
	},
	"wc": {
		{"--files0-from", "reads the files a file names"},
	},
}

// askingOption returns why arg, an argument of the command name, asks, or
// "". A %G in a format of git's runs gpg, as --show-signature does.
func askingOption(name, arg string) string {
	for _, o := range askingOptions[name] {
		if givesOption(arg, o.name) {
			return o.why
		}
	}
	if name == "git" && strings.Contains(arg, "%G") {
		return "runs gpg to check signatures, for its %G"
	}
	return ""
}

// givesOption reports whether arg gives the option o. A long option may
// be abbreviated, as getopt takes it (git takes --outp for --output), and
// carry its value after "="; a short one may sit in a bundle (tail -5f
// follows, like tail -f).
func givesOption(arg, o string) bool {
	if strings.HasPrefix(o, "--") {
		given, _, _ := strings.Cut(arg, "=")
		return len(given) > len("--") && strings.HasPrefix(given, "--") && strings.HasPrefix(o, given)
	}
	return len(arg) > 1 && arg[0] == '-' && arg[1] != '-' && strings.Contains(arg[1:], o[1:])
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
