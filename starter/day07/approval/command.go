package approval

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"mvdan.cc/sh/v3/syntax"
)

// maxCommand is the longest command line the gate reads, in bytes. A
// command an agent runs is a line or two; a longer one asks, unread, and
// the gate's time and memory stay bounded whatever the model sends.
const maxCommand = 16 << 10

// maxNesting is how deep brackets may nest in a command the gate reads.
// Walking a tree thousands of levels deep takes the gate most of a second;
// no command an agent needs nests a hundred deep.
const maxNesting = 100

// maxDepth is how many scripts deep the gate looks into sh -c 'sh -c …'.
const maxDepth = 3

// maxParses is how many times one check may parse: twice for the command,
// and twice more for each script inside it (sh -c SCRIPT, eval). A line of
// hundreds of sh -c would otherwise cost hundreds of parses.
const maxParses = 32

// checker judges one command line.
type checker struct {
	rules     []Rule
	workspace string // absolute; "" when unknown, and then every absolute path is outside
	src       string // the command line being judged: node positions point into it
	depth     int    // how many sh -c scripts deep src is
	parses    *int   // how many more parses this check may make, shared with its nested checkers
}

// CheckCommand decides whether the shell command cmd may run without
// asking, under rules, in the workspace directory. It never fails and
// never panics: what it cannot read, it asks about.
//
// The command is read the way bash reads it and the way a POSIX sh such
// as dash reads it, since run_command's sh is one or the other depending
// on the system, and the stricter decision counts.
func CheckCommand(cmd string, rules []Rule, workspace string) Decision {
	parses := maxParses
	c := &checker{rules: rules, workspace: workspace, parses: &parses}
	return c.command(cmd)
}

// command judges cmd as both shells would read it.
func (c *checker) command(cmd string) Decision {
	if why := unreadable(cmd); why != "" {
		return ask("%s", why)
	}
	result := allowed()
	for _, lang := range []syntax.LangVariant{syntax.LangBash, syntax.LangPOSIX} {
		result.add(c.parsed(cmd, lang))
	}
	d := result.decision()
	if d.Verdict == Allow && d.Reason == "" {
		d.Reason = "there is nothing to run"
	}
	return d
}

// parsed judges cmd as the shell lang reads it.
func (c *checker) parsed(cmd string, lang syntax.LangVariant) Decision {
	if *c.parses == 0 {
		return ask("it holds more scripts than the gate reads")
	}
	*c.parses--
	f, err := syntax.NewParser(syntax.Variant(lang)).Parse(strings.NewReader(cmd), "")
	if err != nil {
		return ask("%s cannot read it: %v", shellName(lang), err)
	}
	at := *c
	at.src = cmd
	return at.decide(f)
}

func shellName(lang syntax.LangVariant) string {
	if lang == syntax.LangBash {
		return "bash"
	}
	return "a POSIX sh such as dash"
}

// nested judges a script a wrapper hands to a shell: sh -c SCRIPT, eval.
func (c *checker) nested(script string) Decision {
	if c.depth >= maxDepth {
		return ask("scripts inside scripts nest deeper than the gate reads")
	}
	inner := &checker{rules: c.rules, workspace: c.workspace, depth: c.depth + 1, parses: c.parses}
	return inner.command(script)
}

// unreadable returns why the gate will not read cmd at all, or "". A
// control character or an invisible one can make a command look like
// another on the screen; a NUL byte cannot reach a shell at all.
func unreadable(cmd string) string {
	if len(cmd) > maxCommand {
		return fmt.Sprintf("it is %d bytes long, more than the %d the gate reads", len(cmd), maxCommand)
	}
	if !utf8.ValidString(cmd) {
		return "it is not valid UTF-8"
	}
	if n := nesting(cmd); n > maxNesting {
		return fmt.Sprintf("its brackets nest %d deep, deeper than the %d the gate reads", n, maxNesting)
	}
	for _, r := range cmd {
		switch {
		case r == '\n' || r == '\t':
		case unicode.IsControl(r):
			return fmt.Sprintf("it holds the control character %U", r)
		case unicode.Is(unicode.Cf, r):
			return fmt.Sprintf("it holds the invisible character %U, which changes how it looks", r)
		}
	}
	return ""
}

// nesting returns how deep the brackets of cmd nest: ( and { open, ) and }
// close. Quotes are not looked at, so a bracket in quotes counts too. The
// number is a guess that keeps the common deep command cheap to refuse;
// the length limit is what bounds the gate's time whatever the guess.
func nesting(cmd string) int {
	depth, deepest := 0, 0
	for i := 0; i < len(cmd); i++ {
		switch cmd[i] {
		case '(', '{':
			depth++
			deepest = max(deepest, depth)
		case ')', '}':
			depth = max(depth-1, 0)
		}
	}
	return deepest
}
