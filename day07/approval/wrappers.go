package approval

import "strings"

// A wrapper is a command that runs another command given in its
// arguments: env -i sudo x runs sudo, sh -c 'sudo x' runs sudo too.
//
// No rule can allow a wrapper, and a wrapper always asks: to allow
// env CMD, the gate would have to know env's every option on every system
// to be sure which word is CMD. The gate does look inside a wrapper, but
// only to refuse: if what it finds is on the deny-list, the whole command
// is refused. A mistake in that looking can only turn a refusal into a
// question, never a question into a yes.
type wrapper struct {
	valueOptions string // short options that take the next word as their value, such as n in nice -n 10
	operands     int    // words between the options and the command, such as timeout's duration
	script       bool   // the command is a script in the arguments, read by a shell: sh -c 'x; y', eval 'x; y'
}

// wrappers are the wrappers the gate knows, by commandName.
var wrappers = map[string]*wrapper{
	"env":      {valueOptions: "uCPS"}, // and NAME=VALUE words before the command
	"exec":     {valueOptions: "a"},
	"command":  {},
	"builtin":  {},
	"nice":     {valueOptions: "n"},
	"nohup":    {},
	"time":     {valueOptions: "of"},
	"timeout":  {valueOptions: "sk", operands: 1},
	"stdbuf":   {valueOptions: "ioe"},
	"xargs":    {valueOptions: "IdEaLnPs"},
	"setsid":   {},
	"chroot":   {operands: 1},
	"ionice":   {valueOptions: "cnp"},
	"taskset":  {operands: 1},
	"flock":    {valueOptions: "wE", operands: 1},
	"strace":   {valueOptions: "eoOpPsSuUXb"},
	"watch":    {valueOptions: "nd"},
	"unbuffer": {},
	"busybox":  {},
	"eval":     {script: true},
	"sh":       {script: true},
	"bash":     {script: true},
	"dash":     {script: true},
	"zsh":      {script: true},
	"ksh":      {script: true},
	"mksh":     {script: true},
	"ash":      {script: true},
	".":        {}, // source a file: the gate cannot see inside it
	"source":   {},
}

// unwrap returns what the wrapper words[0] runs: the words of a command,
// or a script for a shell to read. It returns neither when words[0] is no
// wrapper, or when the gate cannot tell.
func unwrap(words []string) (command []string, script string) {
	name := commandName(words[0])
	w := wrappers[name]
	switch {
	case w == nil || name == "." || name == "source":
		return nil, ""
	case name == "eval":
		return nil, strings.Join(words[1:], " ")
	case w.script:
		return nil, shellScript(words[1:])
	}
	rest := skipOptions(words[1:], w.valueOptions, name == "env")
	if len(rest) <= w.operands {
		return nil, ""
	}
	return rest[w.operands:], ""
}

// skipOptions returns args after the leading options, and after NAME=VALUE
// words too when assignments is true (env takes them).
func skipOptions(args []string, valueOptions string, assignments bool) []string {
	for len(args) > 0 {
		a := args[0]
		switch {
		case a == "--":
			return args[1:]
		case len(a) == 2 && a[0] == '-' && strings.IndexByte(valueOptions, a[1]) >= 0:
			args = args[min(2, len(args)):]
		case strings.HasPrefix(a, "-") || assignments && strings.Contains(a, "="):
			args = args[1:]
		default:
			return args
		}
	}
	return nil
}

// shellScript returns the script of sh -c SCRIPT and its like: the first
// word that is no option after an option bundle holding c (-c, -ec, -xc).
// Without -c a shell runs a file, which the gate cannot see.
func shellScript(args []string) string {
	sawC := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-o" || a == "+o":
			i++ // -o pipefail: the option's value
		case strings.HasPrefix(a, "-") || strings.HasPrefix(a, "+"):
			sawC = sawC || !strings.HasPrefix(a, "--") && strings.Contains(a, "c")
		case sawC:
			return a
		default:
			return ""
		}
	}
	return ""
}

// maxUnwrap is how many wrappers deep the gate looks: env nice timeout 5 sudo.
const maxUnwrap = 8

// denied returns why the command words are refused, looking through
// wrappers to the command they run, or "" when they are not.
func (c *checker) denied(words []string) string {
	for range maxUnwrap {
		if why := deniedCommand(words); why != "" {
			return why
		}
		command, script := unwrap(words)
		if script != "" {
			if d := c.nested(script); d.Verdict == Deny {
				return short(words[0]) + " would run a refused command: " + d.Reason
			}
			return ""
		}
		if len(command) == 0 {
			return ""
		}
		words = command
	}
	return ""
}
