//go:build unix

package tools

import (
	"context"
	"encoding/json"
	"io"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"

	"ply/day06/approval"
	"ply/day06/sandbox"
)

// The differential test is the proof that the gate runs what it judged.
// Each command is judged by the gate, and run three times in a folder of
// its own whose PATH holds only logging stubs, one for every name the
// command could start: by run_command from the gate's tree, when the
// gate allows it, and by dash and by bash. Each stub writes down the
// words it was started with. The oracle: for a command the gate allows,
// every program any of the three started is a simple command of the tree
// the gate judged, with the same words. For a command the gate asks
// about or refuses, nothing runs without a human, and the test only
// counts the commands for which a shell would have started something the
// tree does not hold: the classes the gate's second wall asks about.

// differentialCases are commands of every form the gate reads: plain
// ones, quoting, line continuations, here-documents, expansions, loops
// and functions, redirections, wrappers and builtins. None may harm the
// machine when a shell runs it with the stubs (noShell marks the two that
// would: fork bombs).
var differentialCases = []struct {
	cmd     string
	noShell bool // a real shell must not run it, even with stubs
}{
	// Plain commands, alone and put together.
	{cmd: "ls"}, {cmd: "ls -la"}, {cmd: "cat calc.go"}, {cmd: "grep -n Div calc.go"},
	{cmd: "git status"}, {cmd: "git diff"}, {cmd: "git log --oneline -5"}, {cmd: "git diff HEAD~1 -- calc.go"},
	{cmd: "cat calc.go | grep -n Div | wc -l"}, {cmd: "ls && cat calc.go"}, {cmd: "ls || pwd"}, {cmd: "ls; pwd"},
	{cmd: "ls\npwd"}, {cmd: "(ls)"}, {cmd: "{ ls; pwd; }"}, {cmd: "if ls; then cat calc.go; fi"},
	{cmd: "if ls; then cat a; elif pwd; then cat b; else cat c; fi"}, {cmd: "! grep -q x calc.go"},
	{cmd: "ls 2>&1"}, {cmd: "ls >/dev/null 2>&1"}, {cmd: "case x in x) ls;; esac"}, {cmd: "case x in y) ls;; *) pwd;; esac"},
	{cmd: "grep -rn Div ."}, {cmd: "tail -n 3 calc.go"}, {cmd: "head -5 calc.go"}, {cmd: "ls {a,b}"}, {cmd: "echo {a,b}{c,d}"}, {cmd: "ls {,}"}, {cmd: "ls ''"},
	{cmd: "ls *.go"}, {cmd: "cat calc.go 1>&2"}, {cmd: "ls >&-"}, {cmd: "time ls"}, {cmd: "ls -- -weird"},
	{cmd: ""}, {cmd: "# only a comment"}, {cmd: "ls # rm x"}, {cmd: "ls; # rm x\npwd"},
	// Quoting.
	{cmd: "'ls' \"-la\""}, {cmd: `\ls`}, {cmd: "l's'"}, {cmd: `l"s"`}, {cmd: `"l"s`}, {cmd: `ls '' ""`},
	{cmd: `ls 'a'"b"c`}, {cmd: `echo "a'b"`}, {cmd: `echo 'a"b'`}, {cmd: `echo \"`}, {cmd: `echo \\`},
	{cmd: `echo "\\"`}, {cmd: `echo "\$x"`}, {cmd: `echo '\'`}, {cmd: `ls\ x`}, {cmd: `cat a\ b`},
	{cmd: "echo \"a\nb\""}, {cmd: "echo 'a\nb'"}, {cmd: `echo "a\"b"`}, {cmd: `echo 'a'\''b'`},
	{cmd: "echo '$(rm x)' \"\\$(rm x)\""}, {cmd: "echo \"a && rm x\""}, {cmd: "echo 'a; rm x'"}, {cmd: `echo "#" '#' \#`},
	// Line continuations, where parsers and shells have disagreed.
	{cmd: "ls \\\n-la"}, {cmd: "ls\\\n-la"}, {cmd: "l\\\ns"}, {cmd: "su\\\ndo ls"},
	{cmd: "ls # a comment \\\nrm x"}, {cmd: "ls #\\\nrm x"}, {cmd: "ls # \\\n\\\nrm x"},
	{cmd: "echo \"a\\\n\"; rm x"}, {cmd: "echo \"a\\\nb\" && rm x"}, {cmd: "echo 'a\\\nb'; rm x"},
	{cmd: "cat <<EOF\nhi\\\nEOF\nrm x\nEOF"}, {cmd: "cat <<EOF\nx\nEO\\\nF\nrm x\nEOF"},
	{cmd: "cat <<'EOF'\na\\\nEOF\nrm x\nEOF"}, {cmd: "cat <<EOF\\\n\nhi\nEOF\nrm x"},
	{cmd: "echo a\\\n$'\\x72m' x"}, {cmd: "ls \\\n; rm x"}, {cmd: "ls \\"}, {cmd: "ls \\\n\\\n"},
	{cmd: "echo \\\n# rm x\nrm y"}, {cmd: "ls $\\\n(rm x)"}, {cmd: "ls `\\\nrm x`"},
	// Here-documents.
	{cmd: "cat <<EOF\nhello\nEOF"}, {cmd: "cat <<'EOF'\n$(rm x)\nEOF"}, {cmd: "cat <<EOF\n$(rm x)\nEOF"},
	{cmd: "cat <<-EOF\n\thello\n\tEOF"}, {cmd: "cat <<EOF | grep x\nx\nEOF"}, {cmd: "cat <<A <<B\na\nA\nb\nB"},
	{cmd: "cat <<EOF; rm x\nhi\nEOF"}, {cmd: "cat <<\"EOF\"\n`rm x`\nEOF"}, {cmd: "cat <<E'O'F\n$(rm x)\nEOF"},
	{cmd: "cat <<EOF\nEOF"}, {cmd: "cat <<EOF\nx\n EOF\nrm x\nEOF"}, {cmd: "cat <<EOF\nx\nEOF rm x\nEOF"},
	{cmd: "cat <<EOF\nx"}, {cmd: "cat <<< x"}, {cmd: "cat <<EOF && ls\nx\nEOF"}, {cmd: "cat <<EOF\nsudo ls\nEOF"},
	// Expansions.
	{cmd: "echo $HOME"}, {cmd: "echo ${HOME}"}, {cmd: "echo $(ls)"}, {cmd: "echo `ls`"}, {cmd: "echo $((1+2))"},
	{cmd: "ls $x"}, {cmd: "$x"}, {cmd: "echo ${x:-$(rm x)}"}, {cmd: "echo ${_@P}"}, {cmd: "echo $'\\x72m'"},
	{cmd: "$'\\x72m' x"}, {cmd: "echo $\"x\""}, {cmd: "ls <(rm x)"}, {cmd: "echo ~"}, {cmd: "ls .*"}, {cmd: "ls [a]"},
	{cmd: "echo {1..3}"}, {cmd: "ls @(a|b)"}, {cmd: "echo $0"}, {cmd: "echo \"$@\""}, {cmd: "ls \"$(rm x)\""},
	{cmd: "echo 'a[$(rm x)]'; echo $(( _ ))"}, {cmd: "cat ${HOME:_}"},
	// Variables set, loops and functions.
	{cmd: "X=1 ls"}, {cmd: "X=1"}, {cmd: "export X=1; ls"}, {cmd: "for x in a; do ls; done"},
	{cmd: "for PATH in .; do ls; done"}, {cmd: "while ls; do break; done"}, {cmd: "until ls; do break; done"},
	{cmd: "f() { ls; }; f"}, {cmd: "f() { rm x; }"}, {cmd: ":(){ :|:& };:", noShell: true},
	{cmd: "a() { b | b & }; b() { a | a & }; a", noShell: true},
	// Redirections.
	{cmd: "echo hi > out.txt"}, {cmd: "ls >> x"}, {cmd: "ls 2> e"}, {cmd: "ls &> x"}, {cmd: "ls <> x"}, {cmd: "ls >& x"},
	{cmd: "cat < calc.go"}, {cmd: "exec > x; ls"}, {cmd: "ls {fd}>/dev/null"}, {cmd: "ls > /dev/null"},
	// Wrappers and builtins.
	{cmd: "env ls"}, {cmd: "sh -c 'ls'"}, {cmd: "bash -c 'rm x'"}, {cmd: "eval ls"}, {cmd: "eval 'rm x'"},
	{cmd: "exec ls"}, {cmd: "command ls"}, {cmd: "builtin echo x"}, {cmd: "nice ls"}, {cmd: "timeout 5 ls"},
	{cmd: "xargs ls"}, {cmd: ". ./x"}, {cmd: "source x"}, {cmd: "nohup ls"}, {cmd: "cd . && ls"}, {cmd: "read x; ls"},
	{cmd: "trap 'rm x' EXIT; ls"}, {cmd: "set -x; ls"}, {cmd: "alias ls=rm; ls"}, {cmd: "hash ls"}, {cmd: "type ls"},
	{cmd: "true"}, {cmd: ":"}, {cmd: "[ -f x ] && ls"}, {cmd: "test -f x || ls"},
	// Background jobs, look-alikes, commands that never end, git, parse errors.
	{cmd: "ls &"}, {cmd: "ls & rm x"}, {cmd: "LS"}, {cmd: "./ls"}, {cmd: "ls\u00a0-la"}, {cmd: "ｌｓ"},
	{cmd: "tail -f calc.go"}, {cmd: "grep -R x ."}, {cmd: "git -c core.pager=sh log"}, {cmd: "git log --format=%G?"},
	{cmd: "git diff --ext-diff"}, {cmd: "git -C .. status"}, {cmd: "git diff --output=x"},
	// Reads outside, by the interpreter's own redirections: the sandbox holds them.
	{cmd: "cat < ../secret.txt"}, {cmd: "cat < ~/.ssh/id_ed25519"}, {cmd: "grep x < /proc/self/environ"},
	{cmd: "cat ../secret.txt"}, {cmd: "wc -l < /proc/$PPID/environ"}, {cmd: "cat 0< ../secret.txt"}, {cmd: "grep ~"},
	{cmd: "ls ("}, {cmd: "ls |"}, {cmd: "ls 'x"}, {cmd: "if true; fi"}, {cmd: "sudo ls"}, {cmd: "rm -rf ~"},
}

// stubNames are the programs every run has a stub for, besides the words
// of the command itself.
var stubNames = []string{
	"ls", "cat", "grep", "head", "tail", "wc", "git", "echo", "pwd", "rm", "touch", "sh", "bash", "dash",
	"env", "sudo", "printf", "test", "true", "false", "sleep", "nice", "timeout", "xargs", "nohup", "time",
}

// nameLike matches the words of a command that a shell could start as a
// program found on PATH.
var nameLike = regexp.MustCompile(`[A-Za-z0-9_][A-Za-z0-9_.+-]*`)

// TestMain lets the test binary be the logging stub: started with
// PLY_STUB_LOG set, under any name, it appends its name and arguments to
// a file of its own in that folder, each word ended by a unit separator
// and the record by a record separator, so that any word, new lines and
// all, reads back; then it copies its input to its output, so that what
// the interpreter fed it, from a file it opened, shows. A stub is a link
// to the test binary: a program of its own, which the sandbox lets start
// when the gate judged its name, where a script would need sh.
func TestMain(m *testing.M) {
	if log := os.Getenv("PLY_STUB_LOG"); log != "" {
		record := []byte(filepath.Base(os.Args[0]) + "\x1f")
		for _, arg := range os.Args[1:] {
			record = append(record, arg+"\x1f"...)
		}
		f, err := os.OpenFile(filepath.Join(log, strconv.Itoa(os.Getpid())), os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
		if err == nil {
			_, err = f.Write(append(record, '\x1e'))
			f.Close()
		}
		if err != nil {
			os.Exit(1)
		}
		_, _ = io.Copy(os.Stdout, io.LimitReader(os.Stdin, 1<<20)) // what it cannot copy, it leaves
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// canary is what the files outside a lab's workspace hold: output that
// shows that something read one of them.
const canary = "CANARY-c4n4ry"

// lab is the folder one command runs in: a workspace, a home with a key,
// the stubs, and a secret beside the workspace.
type lab struct {
	root, ws, bin string
}

// newLab makes a lab with stubs for stubNames and the words of cmd.
func newLab(t testing.TB, cmd string) lab {
	t.Helper()
	root, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	l := lab{root: root, ws: filepath.Join(root, "ws"), bin: filepath.Join(root, "bin")}
	for _, dir := range []string{l.ws, l.bin, filepath.Join(root, "home", ".ssh")} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// The workspace stays empty, so that a pattern matches nothing and
	// every shell hands it on as written; the secrets are outside it.
	for name, text := range map[string]string{"secret.txt": canary + "\n", "home/.ssh/id_ed25519": canary + "\n"} {
		if err := os.WriteFile(filepath.Join(root, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	names := slices.Concat(stubNames, nameLike.FindAllString(cmd, 64))
	for _, name := range names {
		if name == "." || name == ".." {
			continue
		}
		if err := os.Symlink(self, filepath.Join(l.bin, name)); err != nil && !os.IsExist(err) {
			t.Fatal(err)
		}
	}
	return l
}

// env returns the environment of a run whose stubs log into log.
func (l lab) env(log string) []string {
	return []string{"PATH=" + l.bin, "HOME=" + filepath.Join(l.root, "home"), "PLY_STUB_LOG=" + log, "LC_ALL=C"}
}

// started returns the programs the stubs of a run logged, each as its
// words, sorted.
func started(t testing.TB, log string) [][]string {
	t.Helper()
	entries, err := os.ReadDir(log)
	if err != nil {
		t.Fatal(err)
	}
	var runs [][]string
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(log, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		for record := range strings.SplitSeq(strings.TrimSuffix(string(data), "\x1e"), "\x1e") {
			runs = append(runs, strings.Split(strings.TrimSuffix(record, "\x1f"), "\x1f"))
		}
	}
	slices.SortFunc(runs, func(a, b []string) int { return slices.Compare(a, b) })
	return runs
}

// shellTimeout bounds one run by a real shell.
const shellTimeout = 10 * time.Second

// runShell runs cmd with the shell at path in the lab, as run_command's
// sh would: in the workspace, no input, a group of its own killed when
// it is done, and the lab's environment. It returns the programs started.
func runShell(t testing.TB, l lab, shell, cmd, name string) [][]string {
	t.Helper()
	log := filepath.Join(l.root, "log-"+name)
	if err := os.Mkdir(log, 0o755); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), shellTimeout)
	defer cancel()
	c := exec.CommandContext(ctx, shell, "-c", cmd)
	c.Dir, c.Env = l.ws, l.env(log)
	c.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	c.Cancel = func() error { return killGroup(c) }
	c.WaitDelay = waitDelay
	_ = c.Run() // how the shell ended does not matter: what it started does
	_ = killGroup(c)
	return started(t, log)
}

// runGate runs cmd as run_command runs what the gate allowed, from the
// tree, in the sandbox, and returns the programs started. It fails t when
// the run changed a file of the lab or showed the canary: with the
// sandbox, a command allowed without asking changes nothing and reads
// nothing outside the workspace, whatever the gate let through.
func runGate(t testing.TB, l lab, d approval.Decision, cmd string) [][]string {
	t.Helper()
	log := filepath.Join(l.root, "log-gate")
	if err := os.Mkdir(log, 0o755); err != nil {
		t.Fatal(err)
	}
	ws, err := NewWorkspace(l.ws)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	places := sandbox.Default(ws.Dir())
	if places == nil {
		t.Skip("no sandbox on this machine: nothing runs without asking")
		return nil
	}
	places.Devices = append(slices.Clone(places.Devices), log) // the stubs' log, written as a device is: their one way out
	before := labFiles(t, l)
	args, _ := json.Marshal(map[string]any{"command": cmd, "timeout_s": 10}) // a map of a string and a number always encodes
	out, err := NewRunCommand(ws, l.env(log), places).Run(WithProgram(context.Background(), d.Program), args)
	if err != nil {
		t.Fatalf("run_command %q from the gate's tree: %v", cmd, err)
	}
	if strings.Contains(out, canary) {
		t.Errorf("the gate allows %q, and its output shows a file outside the workspace: %q", cmd, out)
	}
	if after := labFiles(t, l); !maps.Equal(before, after) {
		t.Errorf("the gate allows %q, and it changed files: before %q, after %q", cmd, before, after)
	}
	return started(t, log)
}

// labFiles returns every file of the lab but the logs, with its content
// (a link, where it points).
func labFiles(t testing.TB, l lab) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.WalkDir(l.root, func(path string, e os.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case e.IsDir() && strings.HasPrefix(e.Name(), "log-"):
			return filepath.SkipDir
		case e.Type()&os.ModeSymlink != 0:
			files[path], err = os.Readlink(path)
		case e.Type().IsRegular() && !strings.HasPrefix(path, l.bin):
			var data []byte
			data, err = os.ReadFile(path)
			files[path] = string(data)
		default:
			files[path] = e.Type().String()
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// judged returns the simple commands of cmd's trees, as bash and a POSIX
// sh read it, each as its words: once as written, once with braces
// expanded as bash expands them. A word worked out only as the shell runs
// ($x, $(…)) is "*", which stands for any one word.
func judged(cmd string) [][]string {
	var all [][]string
	for _, lang := range []syntax.LangVariant{syntax.LangBash, syntax.LangPOSIX} {
		f, err := syntax.NewParser(syntax.Variant(lang)).Parse(strings.NewReader(cmd), "")
		if err != nil {
			continue
		}
		var calls []*syntax.CallExpr
		syntax.Walk(f, func(n syntax.Node) bool {
			if call, ok := n.(*syntax.CallExpr); ok && len(call.Args) > 0 {
				calls = append(calls, call)
			}
			return true
		})
		for _, call := range calls { // after the walk: expanding braces changes the tree
			expanded := words(call.Args, true)
			all = append(all, words(call.Args, false), expanded, slices.DeleteFunc(slices.Clone(expanded), isEmpty))
		}
	}
	return all
}

// isEmpty reports whether a word is empty: bash drops the empty words a
// brace makes ({,}), where mvdan.cc/sh's expansion keeps them.
func isEmpty(word string) bool { return word == "" }

// words returns the values of ws, as the shell gives them to a command,
// with braces expanded when braces is true.
func words(ws []*syntax.Word, braces bool) []string {
	var values []string
	for _, w := range ws {
		if !plain(w) {
			values = append(values, "*")
			continue
		}
		if !braces {
			w = withoutBraces(w)
		}
		fields, err := expand.Fields(nil, w) // quotes removed and braces expanded, as bash does
		if err != nil {
			fields = []string{"*"}
		}
		for _, f := range fields {
			values = append(values, strings.ReplaceAll(f, braceStandIn, "{"))
		}
	}
	return values
}

// braceStandIn stands for "{" in a word whose braces must stay as they
// are: a character of private use, which no command of the tests holds.
const braceStandIn = "\ue000"

// withoutBraces returns w with its braces put out of expand's reach, as
// a POSIX sh leaves them: {a,b} is the word {a,b}.
func withoutBraces(w *syntax.Word) *syntax.Word {
	kept := &syntax.Word{}
	for _, part := range w.Parts {
		if lit, ok := part.(*syntax.Lit); ok {
			part = &syntax.Lit{Value: strings.ReplaceAll(lit.Value, "{", braceStandIn)}
		}
		kept.Parts = append(kept.Parts, part)
	}
	return kept
}

// plain reports whether w is known before the shell runs: plain text and
// plain quotes, with no expansion in them. A word that starts with ~ is
// the home folder, worked out as the shell runs.
func plain(w *syntax.Word) bool {
	for i, part := range w.Parts {
		switch part := part.(type) {
		case *syntax.Lit:
			if i == 0 && strings.HasPrefix(part.Value, "~") {
				return false
			}
		case *syntax.SglQuoted:
			if part.Dollar {
				return false
			}
		case *syntax.DblQuoted:
			if part.Dollar || slices.ContainsFunc(part.Parts, func(p syntax.WordPart) bool { _, lit := p.(*syntax.Lit); return !lit }) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// among reports whether the program run, as a stub logged it, is one of
// the commands the gate judged: the same name, as PATH found it, and the
// same words after it.
func among(run []string, judged [][]string) bool {
	for _, j := range judged {
		if len(j) != len(run) || path.Base(j[0]) != run[0] && j[0] != "*" {
			continue
		}
		same := true
		for i := 1; i < len(j); i++ {
			same = same && (j[i] == run[i] || j[i] == "*")
		}
		if same {
			return true
		}
	}
	return false
}

// shells are the real shells found here, by name.
func shells(t testing.TB) map[string]string {
	found := map[string]string{}
	for _, name := range []string{"dash", "bash"} {
		if p, err := exec.LookPath(name); err == nil {
			found[name] = p
		}
	}
	return found
}

// differential judges cmd and runs it every way, and returns what each
// run started that the gate did not judge, by run.
func differential(t testing.TB, cmd string, real map[string]string, withShells bool) (approval.Decision, map[string][][]string) {
	t.Helper()
	l := newLab(t, cmd)
	d := approval.CheckCommand(cmd, approval.DefaultRules(), l.ws)
	tree := judged(cmd)
	unjudged := map[string][][]string{}
	note := func(name string, runs [][]string) {
		for _, r := range runs {
			if !among(r, tree) {
				unjudged[name] = append(unjudged[name], r)
			}
		}
	}
	if d.Verdict == approval.Allow && strings.TrimSpace(cmd) != "" { // run_command refuses an empty command
		note("run_command", runGate(t, l, d, cmd))
	}
	if withShells {
		for name, shell := range real {
			note(name, runShell(t, l, shell, cmd, name))
		}
	}
	return d, unjudged
}

func TestDifferential(t *testing.T) {
	real := shells(t)
	if len(real) == 0 {
		t.Skip("neither dash nor bash is here to compare with")
	}
	var allowed, asked atomic.Int32
	t.Run("cases", func(t *testing.T) {
		for _, tt := range differentialCases {
			t.Run(short(tt.cmd), func(t *testing.T) {
				t.Parallel()
				d, unjudged := differential(t, tt.cmd, real, !tt.noShell)
				switch {
				case d.Verdict == approval.Allow && len(unjudged) > 0:
					t.Errorf("the gate allows %q (%s), and it started programs the gate did not judge: %q", tt.cmd, d.Reason, unjudged)
				case d.Verdict == approval.Allow:
					allowed.Add(1)
				case len(unjudged) > 0:
					asked.Add(1)
				}
			})
		}
	})
	t.Logf("%d commands; %d allowed, where run_command, %s started only what the gate judged; %d that a shell reads otherwise than the gate's tree, and the gate asks about or refuses",
		len(differentialCases), allowed.Load(), strings.Join(slices.Sorted(maps.Keys(real)), " and "), asked.Load())
}

// short names a case's subtest: its command, cut.
func short(cmd string) string {
	if len(cmd) > 40 {
		return cmd[:40]
	}
	return cmd
}

// FuzzDifferential judges any command line and, when the gate allows it,
// runs it every way, with the oracle of TestDifferential. The real shells
// run what the fuzzer made, so they run it only when it could not reach
// out of its folder even if the gate were wrong: no slash, no "..", no
// "~", no output redirection, no expansion.
func FuzzDifferential(f *testing.F) {
	for _, tt := range differentialCases {
		if !tt.noShell {
			f.Add(tt.cmd)
		}
	}
	real := shells(f)
	f.Fuzz(func(t *testing.T, cmd string) {
		if d := approval.CheckCommand(cmd, approval.DefaultRules(), "/ws"); d.Verdict != approval.Allow {
			return // nothing runs without a human
		}
		safe := !strings.ContainsAny(cmd, "/~>$`\x00") && !strings.Contains(cmd, "..")
		d, unjudged := differential(t, cmd, real, safe)
		if d.Verdict == approval.Allow && len(unjudged) > 0 {
			t.Fatalf("the gate allows %q (%s), and it started programs the gate did not judge: %q", cmd, d.Reason, unjudged)
		}
	})
}
