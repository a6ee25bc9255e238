package approval

import (
	"fmt"
	"os"
	"regexp"
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
// option that makes it more than a read that ends asks, and so does an
// argument that names what is no file or folder, such as a named pipe. A
// path outside the workspace is not the gate's to judge: the sandbox
// holds every file a program opens to the workspace and the system, by
// where the file is, however the argument spells it.
func (c *checker) judgeArguments(dir string, rule Rule, values []string, words []*syntax.Word) Decision {
	name := values[0]
	if name == "sed" && (len(values) < 3 || !sedLines.MatchString(values[2])) {
		return ask("sed -n runs without asking only to print lines, as sed -n 10,20p: another script can write a file or run a command")
	}
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
		case c.waits(dir, v):
			return ask("%s is no file or folder, and reading it may never end", short(v))
		case expands && dotPattern(v):
			return ask("%s is a pattern that sh and bash expand otherwise: sh's takes . and ..", short(v))
		}
	}
	return allow("%s is on the allow-list", rule)
}

// sedLines is the one script sed -n runs without asking: a line or a
// range of lines, printed (10p, 10,20p, 5,$p). sed's other commands can
// write a file (w) or run one (e), and reading a script to tell is
// sed's work, not the gate's.
var sedLines = regexp.MustCompile(`^([0-9]+|\$)(,([0-9]+|\$))?p$`)

// dotPattern reports whether value holds a pattern for names that start
// with "." or "[": sh finds . and .. in every folder for such a pattern,
// where bash does not, so the two shells would run the command with other
// words. (A pattern that starts with * or ? matches no name that starts
// with a dot, in either shell.)
func dotPattern(value string) bool {
	for name := range strings.SplitSeq(value, "/") {
		if (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "[")) && strings.ContainsAny(name, "*?[") {
			return true
		}
	}
	return false
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
// that starts a program, one that never ends. The sandbox would refuse
// the write and the program; asking says why before anything runs. What
// an option reads, and where a link leads, is the sandbox's alone.
var askingOptions = map[string][]option{
	"find": {
		{"-delete", "removes files"},
		{"-exec", "runs a command"}, {"-execdir", "runs a command"},
		{"-ok", "runs a command"}, {"-okdir", "runs a command"},
		{"-fls", "writes a file"}, {"-fprint", "writes a file"}, {"-fprint0", "writes a file"}, {"-fprintf", "writes a file"},
	},
	"git": {
		{"--output", "writes a file"}, // git diff --output=FILE, git log --output=FILE
		{"--ext-diff", "runs the diff program that git's configuration names"},
		{"--show-signature", "runs gpg to check signatures"},
		{"--open-files-in-pager", "runs a pager"}, // git grep -O
	},
	"sed": {
		{"-i", "writes the files in place"}, {"--in-place", "writes the files in place"},
		{"-e", "takes a script the gate does not read"}, {"--expression", "takes a script the gate does not read"},
		{"-f", "takes a script from a file"}, {"--file", "takes a script from a file"},
	},
	"sort": {
		{"-o", "writes a file"}, {"--output", "writes a file"},
		{"-T", "writes its temporary files in a folder"}, {"--temporary-directory", "writes its temporary files in a folder"},
		{"--compress-program", "runs a program"},
	},
	"tail": {
		{"-f", "does not end on its own"},
		{"-F", "does not end on its own"},
		{"--follow", "does not end on its own"},
	},
}

// askingOption returns why arg, an argument of the command name, asks, or
// "". A %G in a format of git's runs gpg, as --show-signature does; tail
// +1f, the old way to write tail -n +1 -f, follows for ever too.
func askingOption(name, arg string) string {
	for _, o := range askingOptions[name] {
		if givesOption(arg, o.name) {
			return o.why
		}
	}
	switch {
	case name == "git" && strings.Contains(arg, "%G"):
		return "runs gpg to check signatures, for its %G"
	case name == "tail" && strings.HasPrefix(arg, "+") && strings.HasSuffix(arg, "f"):
		return "does not end on its own"
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
