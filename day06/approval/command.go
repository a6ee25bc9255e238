package approval

import (
	"fmt"
	"path/filepath"
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

// maxCalls is how many simple commands a line may hold and still run
// without asking. Each may start a program, and the parts of a pipeline
// start at once: a line of a thousand cat | cat | … would start a
// thousand processes, which no sandbox of files counts.
const maxCalls = 32

// maxParses is how many times one check may parse: twice for the command,
// and twice more for each script inside it (sh -c SCRIPT, eval). A line of
// hundreds of sh -c would otherwise cost hundreds of parses.
const maxParses = 32

// checker judges one command line.
type checker struct {
	rules         []Rule
	workspace     string // absolute; "" when unknown, and then every absolute path is outside
	realWorkspace string // the workspace with its links followed; "" when it cannot be found
	src           string // the command line being judged: node positions point into it
	depth         int    // how many sh -c scripts deep src is
	parses        *int   // how many more parses this check may make, shared with its nested checkers
}

// CheckCommand decides whether the shell command cmd may run without
// asking, under rules, in the workspace directory. It never fails and
// never panics: what it cannot read, it asks about.
//
// The command is read the way bash reads it and the way a POSIX sh such
// as dash reads it, and the stricter decision counts: a command the human
// approves runs in run_command's sh, which is one or the other depending
// on the system. A command allowed without asking runs from the tree the
// gate read as bash, and the decision carries it (Decision.Program).
func CheckCommand(cmd string, rules []Rule, workspace string) Decision {
	parses := maxParses
	c := &checker{rules: rules, workspace: workspace, realWorkspace: resolved(workspace), parses: &parses}
	d, file := c.command(cmd)
	if d.Verdict == Allow {
		d.Program = &Program{Command: cmd, file: file, judge: c}
	}
	return d
}

// resolved returns dir with its links followed, or "" when it cannot.
func resolved(dir string) string {
	if dir == "" {
		return ""
	}
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return ""
	}
	return real
}

// command judges cmd as both shells would read it, and returns the tree
// bash reads, when it could read one.
//
// A line continuation asks whatever the trees say. It is where parsers
// have disagreed: sh ends a comment at the new line after a backslash,
// and a parser that joined the two lines first read the next command as
// part of the comment. A command an agent needs fits on its lines.
func (c *checker) command(cmd string) (Decision, *syntax.File) {
	if why := unreadable(cmd); why != "" {
		return ask("%s", why), nil
	}
	result := allowed()
	if strings.Contains(cmd, "\\\n") {
		result.add(ask("it holds a line continuation, a backslash before a new line, which parsers and shells have read differently"))
	}
	var file *syntax.File
	for _, lang := range []syntax.LangVariant{syntax.LangBash, syntax.LangPOSIX} {
		d, f := c.parsed(cmd, lang)
		result.add(d)
		if lang == syntax.LangBash {
			file = f
		}
	}
	if n := countCalls(file); n > maxCalls {
		result.add(ask("it runs %d commands, more than the %d a line may run without asking", n, maxCalls))
	}
	d := result.decision()
	if d.Verdict == Allow && d.Reason == "" {
		d.Reason = "there is nothing to run"
	}
	return d, file
}

// countCalls returns how many simple commands f holds, however deep.
func countCalls(f *syntax.File) int {
	n := 0
	if f != nil {
		syntax.Walk(f, func(node syntax.Node) bool {
			if _, ok := node.(*syntax.CallExpr); ok {
				n++
			}
			return true
		})
	}
	return n
}

// parsed judges cmd as the shell lang reads it, and returns the tree.
func (c *checker) parsed(cmd string, lang syntax.LangVariant) (Decision, *syntax.File) {
	if *c.parses == 0 {
		return ask("it holds more scripts than the gate reads"), nil
	}
	*c.parses--
	f, err := syntax.NewParser(syntax.Variant(lang)).Parse(strings.NewReader(cmd), "")
	if err != nil {
		return ask("%s cannot read it: %v", shellName(lang), err), nil
	}
	at := *c
	at.src = cmd
	return at.decide(f), f
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
	inner := &checker{rules: c.rules, workspace: c.workspace, realWorkspace: c.realWorkspace, depth: c.depth + 1, parses: c.parses}
	d, _ := inner.command(script)
	return d
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
