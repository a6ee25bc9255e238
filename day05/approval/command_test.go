package approval

import (
	"strings"
	"testing"
)

// workspace is the workspace the command tests run in.
const workspace = "/ws"

// commandCase is a command, and a piece of the reason its decision must
// give: the reason is what the human reads, so it must name the part that
// decided.
type commandCase struct {
	cmd    string
	reason string
}

// allowedCommands are read-only commands, alone and put together.
var allowedCommands = []commandCase{
	{"ls", "ls is on the allow-list"},
	{"ls -la", "ls"},
	{"cat calc.go", "cat"},
	{"echo hello, world", "echo"},
	{"pwd", "pwd"},
	{"head -n 5 calc.go", "head"},
	{"tail -20 calc_test.go", "tail"},
	{"wc -l calc.go", "wc"},
	{"grep -rn Div .", "grep"},
	{"grep -rn --include=*.go Div .", "grep"},
	{"git status", "git status is on the allow-list"},
	{"git diff", "git diff"},
	{"git diff HEAD~1 -- calc.go", "git diff"},
	{"git log --oneline -5", "git log"},
	{"git diff --output-indicator-new=x", "git diff"},
	{"'ls' \"-la\"", "ls"},
	{`\ls`, "ls"},
	{"l's'", "ls"},
	{"cat calc.go | grep -n Div | wc -l", "grep"},
	{"ls && cat calc.go", "cat"},
	{"ls || pwd", "pwd"},
	{"ls; pwd", "pwd"},
	{"ls\npwd", "pwd"},
	{"(ls)", "ls"},
	{"{ ls; pwd; }", "ls"},
	{"if ls calc.go; then cat calc.go; fi", "cat"},
	{"! grep -q panic calc.go", "grep"},
	{"ls 2>&1", "joins two descriptors"},
	{"ls >/dev/null 2>&1", "/dev/null"},
	{"cat < calc.go", "reads a file"},
	{"cat <<EOF\nhello\nEOF", "here-document"},
	{"cat <<'EOF'\n$(rm -rf x)\nEOF", "here-document"},
	{"echo 'a; rm x'", "echo"},
	{"echo \"a && rm x\"", "echo"},
	{"echo '$(rm x)' \"\\$(rm x)\"", "echo"},
	{"ls # rm -rf x", "ls"},
	// Understood, not matched: dangerous words as text are only text.
	{"echo sudo rm -rf x", "echo"},
	{"grep -rn 'rm -rf /' .", "grep"},
	{"git log --grep=sudo", "git log"},
	{"cat <<'EOF'\nsudo ls\nEOF", "here-document"},
	{"cat /ws/calc.go", "cat"},
	{"ls {a,b}", "ls"},
	{"echo {a,b,c,d}{a,b,c,d}{a,b,c,d}{a,b,c,d}", "echo"},
	{"cat *.go src/*", "cat"},
	{"ls .git/* ?.txt", "ls"},
	{"grep -n5 Div calc.go", "grep"},
	{"cat calc.go 1>&2", "joins two descriptors"},
	{"ls >&-", "joins two descriptors"},
	{"cat <<-EOF\n\thello\n\tEOF", "here-document"},

	// Looking around, which the read-only sandbox makes harmless whatever
	// the arguments say.
	{"git show HEAD~1:calc.go", "git show"},
	{"git branch -a", "git branch"},
	{"git rev-parse --show-toplevel", "git rev-parse"},
	{"git grep -n Div", "git grep"},
	{"git ls-files", "git ls-files"},
	{"git blame calc.go", "git blame"},
	{"diff calc.go calc_test.go", "diff"},
	{"sort -u calc.go | uniq -c", "uniq"},
	{"sed -n 10,20p calc.go", "sed -n"},
	{"sed -n '5,$p' calc.go", "sed -n"},
	{"find . -name '*.go' -newer calc.go", "find"},
	{"test -f calc.go && [ -d internal ]", "test"},
	{"go version", "go version"},
	{"cut -d: -f1 calc.go | tr a-z A-Z | nl", "nl"},
	{"du -sh . && stat calc.go", "stat"},
	{"realpath calc.go; basename /ws/calc.go; dirname a/b", "dirname"},
	{"tail --retry calc.go", "tail"},
	{"tail -n +1 calc.go", "tail"},
	{strings.Repeat("cat calc.go | ", 31) + "wc -l", "wc"},

	{"ls -- -weird", "ls"},
	{"", "nothing to run"},
	{"# only a comment", "nothing to run"},
	{"   \n\t\n", "nothing to run"},
}

// askedCommands run code, write files, or do what the gate cannot see
// before they run: a human must say yes.
var askedCommands = []commandCase{
	// Not on the allow-list: running tests runs code the model may have written.
	{"go test ./...", "go is not on the allow-list"},
	{"go test -run TestDiv ./...", "go"},
	{"make test", "make"},
	{"rm calc.go", "rm is not on the allow-list"},
	{"touch x", "touch"},
	{"/bin/ls", "/bin/ls is not on the allow-list"},
	{"ls\\\n-la", "ls-la is not on the allow-list"},
	// A line continuation asks, wherever it is: the parser and sh read one
	// differently at the end of a comment and in a here-document's last
	// line, each a way round, and the next place they part could be any.
	{"ls \\\n-la", "it holds a line continuation"},
	{"ls # a comment \\\nrm x", "line continuation"},
	{"echo \"a\\\n\"; ls", "line continuation"},
	{"cat <<EOF\nhi\\\nEOF\nrm x\nEOF", "line continuation"},
	{"cat <<EOF\nx\nEO\\\nF\nrm x\nEOF", "line continuation"},
	{"echo a\\\n$'\\x72m' x", "line continuation"},
	{"echo 'a\\\nb'", "line continuation"},
	// Loops and functions may never end.
	{"while ls; do ls; done", "while ls; do ls; done is a loop"},
	{"until ls; do ls; done", "is a loop"},
	{"for ((;;)); do ls; done", "is a loop"},
	{"f() { ls; }", "it defines the function f"},
	{"ls &", "ls & runs in the background"},
	{"tail -n 1 calc.go & ls", "runs in the background"},
	{"a() { b; }; b() { a | a & }; a", "defines the function a"},
	// Options that never end, write, or start a program, and lines that
	// start too many.
	{"tail -f calc.go", "tail -f does not end on its own"},
	{"tail -F calc.go", "does not end on its own"},
	{"tail -5f calc.go", "does not end on its own"},
	{"tail --follow=name calc.go", "does not end on its own"},
	{"tail --fo calc.go", "does not end on its own"},
	{"tail +1f calc.go", "tail +1f does not end on its own"},
	{"tail +f calc.go", "does not end on its own"},
	{"sort -o out.txt calc.go", "sort -o writes a file"},
	{"sort -uo out.txt calc.go", "writes a file"},
	{"sort --output=out.txt calc.go", "writes a file"},
	{"sort --compress-program=sh calc.go", "runs a program"},
	{"sort -T tmp calc.go", "temporary files"},
	{"sed -n 1p -i calc.go", "sed -i writes the files in place"},
	{"sed -n 'w out.txt' calc.go", "sed -n runs without asking only to print lines"},
	{"sed -n '1e rm x' calc.go", "only to print lines"},
	{"sed -n '/x/p' calc.go", "only to print lines"},
	{"sed -n", "only to print lines"},
	{"sed s/a/b/ calc.go", "sed is not on the allow-list"},
	{"find . -delete", "find -delete removes files"},
	{"find . -name x -exec rm {} +", "runs a command"},
	{"find . -execdir sh -c x \\;", "runs a command"},
	{"find . -ok rm {} \\;", "runs a command"},
	{"find . -fprint out.txt", "writes a file"},
	{"git grep --open-files-in-pager=vi x", "runs a pager"},
	{strings.Repeat("cat calc.go | ", 32) + "wc -l", "it runs 33 commands, more than the 32"},
	{"echo " + strings.Repeat("{a,b}", 30), "turns into more than 256 words"},
	{"echo {a,b,c,d}{a,b,c,d}{a,b,c,d}{a,b,c,d}{a,b}", "turns into more than 256 words"},
	{"echo {1..100000000}", "turns into more than 256 words"},
	{"echo {x{1..9},y}", "turns into more than 256 words"},
	{"git log --show-signature", "runs gpg"},
	{"git log --format=%G?", "runs gpg"},
	{"git diff --ext-diff", "runs the diff program"},
	{"git log -p --ext", "runs the diff program"},
	// Builtins that change what runs next.
	{"cd .. && cat secret.txt", "cd is a builtin of the shell"},
	{"read x", "read is a builtin"},
	{"trap 'rm x' EXIT", "trap is a builtin"},
	{"set -x", "set is a builtin"},
	{"alias ls=rm", "alias is a builtin"},
	{"hash -p ./evil ls", "hash is a builtin"},
	{"true", "true is not on the allow-list"},
	{"./ls", "./ls"},
	{"LS", "LS"},
	{"git push", "git is not on the allow-list"},
	{"git -c core.pager=sh log", "git"},
	{"git -C .. status", "git"},
	// Every part of a compound command counts.
	{"ls && rm x", "rm is not on the allow-list"},
	{"ls || rm x", "rm"},
	{"ls; rm x", "rm"},
	{"ls | rm x", "rm"},
	{"ls\nrm x", "rm"},
	{"ls\n\nrm x", "rm"},
	{"(ls; rm x)", "rm"},
	{"{ ls; rm x; }", "rm"},
	{"if ls; then rm x; fi", "rm"},
	{"while ls; do rm x; done", "rm"},
	{"case x in x) rm x;; esac", "rm"},
	{"f() { rm x; }", "rm"},
	{"f() { ls; }; f", "f is not on the allow-list"},
	{"ls & rm x", "rm"},
	// Substitutions, in arguments, quotes, here-documents and arithmetic.
	{"go test $(rm x)", "$(rm x) is worked out only when it runs"},
	{"go test `rm x`", "`rm x`"},
	{"ls $(rm x)", "rm is not on the allow-list"},
	{"ls `rm x`", "rm"},
	{"ls $(ls)", "$(ls) is worked out only when it runs"},
	{"echo \"$(rm x)\"", "rm"},
	{"echo \"a`rm x`b\"", "rm"},
	{"cat <<EOF\n$(rm x)\nEOF", "rm"},
	{"cat <<EOF\n`rm x`\nEOF", "rm"},
	{"echo $((1 + $(rm x)))", "rm"},
	{"echo ${x:-$(rm x)}", "rm"},
	{"ls <(rm x)", "rm"},
	{"cat < $(rm x)", "rm"},
	{"echo $(echo $(echo $(rm x)))", "rm"},
	// Words worked out as the shell runs.
	{"echo $HOME", "$HOME is worked out only when it runs"},
	{"$cmd calc.go", "$cmd"},
	{"ls ${_@P}", "${_@P}"},
	{"cat ${HOME:_}", "${HOME:_}"},
	{"ls ${!x}", "${!x}"},
	{"echo $'\\x72m'", "$'\\x72m' is decoded only when it runs"},
	{"$'\\x72m' -rf x", "decoded"},
	{"echo $\"hi\"", "decoded"},
	{"echo $((1+2))", "$((1+2))"},
	{"ls @(a|b)", "@(a|b)"},
	{"case ${_@P} in *) ls;; esac", "${_@P} is worked out only when it runs"},
	{"echo 'a[$(rm x)]'; echo $(( _ ))", "$(( _ ))"},
	// Variables set: they change what later commands do.
	{"X=1 ls", "X=1 sets a variable"},
	{"PATH=. ls", "PATH=."},
	{"X=1", "X=1"},
	{"export PATH=.; ls", "sets a variable"},
	{"declare x=1", "sets a variable"},
	{"local x=1", "sets a variable"},
	{"for PATH in .; do ls; done", "sets a variable"},
	{"a=(1 2)", "sets a variable"},
	{"let x=1", "arithmetic"},
	{"((x = 1))", "arithmetic"},
	{"[[ -f calc.go ]]", "arithmetic"},
	// Redirections that write files.
	{"echo hi > out.txt", "> out.txt writes to a file"},
	{"echo hi >> out.txt", ">>"},
	{"ls >| out.txt", ">|"},
	{"ls &> out.txt", "&>"},
	{"ls &>> out.txt", "&>>"},
	{"ls <> out.txt", "<>"},
	{"ls >& out.txt", ">&"},
	{"ls 2> err.txt", "2>"},
	{"ls 3> x", "3>"},
	{"go test > /etc/x", "> /etc/x writes to a file"},
	{"cat > calc.go <<EOF\npackage calc\nEOF", "> calc.go"},
	{"ls {fd}>/dev/null", "sets a variable"},
	{"exec > out.txt", "exec"},
	// Wrappers run the command in their arguments.
	{"env ls", "env runs another command"},
	{"env -i sh -c 'ls'", "env runs another command"},
	{"env -i sh -c 'rm x'", "env"},
	{"bash -c 'ls'", "bash runs another command"},
	{"sh -c 'rm -rf x'", "sh"},
	{"exec ls", "exec"},
	{"command ls", "command"},
	{"builtin echo", "builtin"},
	{"nice ls", "nice"},
	{"nohup ls", "nohup"},
	{"timeout 5 ls", "timeout"},
	{"time ls", "time"},
	{"xargs ls", "xargs"},
	{"find . | xargs rm", "xargs"},
	{"eval ls", "eval"},
	{". ./script.sh", "."},
	{"source script.sh", "source"},
	{"busybox rm -rf x", "busybox"},
	// Options that write, and words that may turn into them.
	{"git diff --output=x", "--output=x writes a file"},
	{"git diff --output x", "--output"},
	{"git log --output=/tmp/x", "--output"},
	{"git diff --outp=x", "--outp"},
	{"git diff {--output=x,HEAD}", "may turn into other arguments"},
	{"git diff *", "may turn into other arguments"},
	// Patterns sh and bash expand otherwise: sh finds . and .. for a
	// pattern that starts with a dot.
	{"ls .*", ".* is a pattern that sh and bash expand otherwise"},
	{"cat .*/id_ed25519", "expand otherwise"},
	{"grep -r key .*", "expand otherwise"},
	{"cat .?/secret.txt", "expand otherwise"},
	{"cat [.][.]/secret.txt", "expand otherwise"},
	// Stricter than bash: a partly quoted delimiter keeps the body literal
	// in bash, but the parser reads the $(…), and the gate asks.
	{"cat <<E'O'F\n$(rm x)\nEOF", "rm"},
	// Look-alikes: the shell runs them by their bytes, and so does the gate.
	{"ｌｓ", "U+FF4C"},
	{"lѕ -la", "U+0455"},
	{"ls\u00a0-la", "is not on the allow-list"},
	// Input the gate will not read.
	{"ls\r\nrm x", "control character U+000D"},
	{"ls\x00; rm x", "control character U+0000"},
	{"ls \x1b[2K", "U+001B"},
	{"ls \u202e", "invisible character U+202E"},
	{"ls \u200b", "U+200B"},
	{"ls \xff", "not valid UTF-8"},
	{strings.Repeat("ls; ", maxCommand/4+1), "more than the 16384 the gate reads"},
	{strings.Repeat("$(", 200) + "ls" + strings.Repeat(")", 200), "nest 200 deep"},
	{strings.Repeat("sh -c ls; ", 20) + "sh -c 'sudo ls'", "more scripts than the gate reads"},
	{"ls (", "cannot read it"},
	{"ls |", "cannot read it"},
	{"ls 'unclosed", "cannot read it"},
	{"ls <<<", "cannot read it"},
	{"if true", "cannot read it"},
	{"cat <<< x", "a POSIX sh such as dash cannot read it"},
	{"coproc ls", "the gate does not know what coproc ls does"},
}

// deniedCommands are refused whatever the rules and grants say, wherever
// they stand in a command.
var deniedCommands = []commandCase{
	{"sudo ls", "sudo runs a command as another user"},
	{"sudo -u root ls", "sudo"},
	{"ls && sudo rm x", "sudo"},
	{"go test ./... && rm -rf ~", "rm -r of / or of the home directory"},
	{"rm -rf /", "rm -r"},
	{"rm -rf /*", "rm -r"},
	{"rm -fr ~", "rm -r"},
	{"rm -r ~/", "rm -r"},
	{"rm -R -f //", "rm -r"},
	{"rm -rf $HOME", "rm -r"},
	{"rm -rf \"$HOME\"", "rm -r"},
	{"rm -rf ${HOME}/", "rm -r"},
	{"rm --recursive --force /", "rm -r"},
	{"/usr/bin/sudo ls", "sudo"},
	{"SUDO ls", "sudo"},
	{"su -c ls", "su runs"},
	{"doas ls", "doas"},
	{"pkexec ls", "pkexec"},
	{"mkfs.ext4 /dev/sda1", "formats a disk"},
	{"mkfs /dev/sda1", "formats a disk"},
	{"dd if=/dev/zero of=/dev/sda", "writes straight to a device"},
	{"echo x > /dev/sda", "writes straight to a device"},
	{"cat calc.go >> /dev/nvme0n1", "device"},
	{":(){ :|:& };:", "the function : calls itself"},
	{"bomb() { bomb | bomb & }; bomb", "calls itself"},
	{"shutdown -h now", "stops the machine"},
	{"env sudo ls", "sudo"},
	{"env -i PATH=/bin sudo ls", "sudo"},
	{"env -i sh -c 'sudo ls'", "sh would run a refused command: sudo"},
	{"nice -n 5 sudo ls", "sudo"},
	{"timeout 5 sudo ls", "sudo"},
	{"exec sudo ls", "sudo"},
	{"command sudo ls", "sudo"},
	{"time sudo ls", "sudo"},
	{"xargs sudo rm", "sudo"},
	{"bash -c 'rm -rf /'", "bash would run a refused command"},
	{"sh -ec 'sudo ls'", "sudo"},
	{"sh -c \"sh -c 'sudo ls'\"", "sudo"},
	{"eval 'sudo ls'", "eval would run a refused command"},
	{"eval sudo ls", "sudo"},
	{"ls $(sudo ls)", "sudo"},
	{"echo \"$(sudo ls)\"", "sudo"},
	{"cat <<EOF\n$(sudo ls)\nEOF", "sudo"},
	{"(sudo ls)", "sudo"},
	{"{ sudo ls; }", "sudo"},
	{"if ls; then sudo ls; fi", "sudo"},
	{"ls | sudo tee /etc/x", "sudo"},
	{"X=1 sudo ls", "sudo"},
	{"ls\nsudo ls", "sudo"},
	{"rm -rf x; sudo ls", "sudo"},
	{"ls&&sudo ls", "sudo"},
	{"s'u'do ls", "sudo"},
	{"\\sudo ls", "sudo"},
	{"su\\\ndo ls", "sudo"},
}

func TestCheckCommand(t *testing.T) {
	groups := []struct {
		name  string
		cases []commandCase
		want  Verdict
	}{
		{"allowed", allowedCommands, Allow},
		{"asked", askedCommands, Ask},
		{"denied", deniedCommands, Deny},
	}
	for _, g := range groups {
		for _, tt := range g.cases {
			t.Run(g.name+"/"+short(tt.cmd), func(t *testing.T) {
				got := CheckCommand(tt.cmd, DefaultRules(), workspace)
				if got.Verdict != g.want || !strings.Contains(got.Reason, tt.reason) {
					t.Errorf("CheckCommand(%q) = %v: %s\nwant %v, with a reason that says %q (see day05's exercise 1: decide and judgeNode in judge.go)",
						tt.cmd, got.Verdict, got.Reason, g.want, tt.reason)
				}
			})
		}
	}
}

// TestCheckCommandKeepsEveryReason checks that a decision names every
// part as strict as it, not only the first: the human reads them all.
func TestCheckCommandKeepsEveryReason(t *testing.T) {
	tests := []struct {
		cmd     string
		reasons []string
	}{
		{"sudo ls; su -c ls", []string{"sudo runs a command as another user", "su runs a command as another user"}},
		{"rm x; sudo ls; ls; mkfs /dev/sda1", []string{"sudo runs", "mkfs formats a disk"}},
		{"rm x && touch y", []string{"rm is not on the allow-list", "touch is not on the allow-list"}},
	}
	for _, tt := range tests {
		got := CheckCommand(tt.cmd, DefaultRules(), workspace)
		for _, want := range tt.reasons {
			if !strings.Contains(got.Reason, want) {
				t.Errorf("CheckCommand(%q) = %v: %s\nwant every reason of its strictest parts, %q among them (see day05's exercise 1: decide keeps on after the first refusal)",
					tt.cmd, got.Verdict, got.Reason, want)
			}
		}
	}
}

// TestPathsAreTheSandboxs checks that the gate does not judge where a
// path leads: each of these reads outside the workspace, by its words,
// by a pattern that may become such a path, through the links it follows
// or the files a file names, and the gate allows it by its rules. The
// sandbox refuses every open outside, whatever the words (the main
// package's TestGateAttacks runs such commands in it, and the differential
// test checks that no line the gate allows shows a file outside); a check
// of names here would be a second judge, and every one so far has had a
// way round it.
func TestPathsAreTheSandboxs(t *testing.T) {
	for _, cmd := range []string{
		"grep -R key .", "grep -nR key .", "grep --dereference-rec key .",
		"ls -lL .", "ls --dereference", "wc --files0-from=names.txt",
		"cat /etc/shadow",
		"cat ~/.ssh/id_ed25519",
		"cat ../secret.txt",
		"grep -r key ..",
		"grep --file=/etc/passwd x",
		"grep -f/etc/passwd x",
		"cat /ws/../../etc/passwd",
		"cat calc.go 0< /etc/shadow",
		"ls /",
		"cat /ws/../etc/passwd",
		"cat < /etc/shadow",
		"cat < /dev/tcp/example.com/80",
		"ls ~+ 2>/dev/null || ls",
		"cat {..,}/secret.txt",
		"cat {/etc,x}/passwd",
		"cat {~,x}/.ssh/id_ed25519",
		"cat x/..{,}/../secret.txt",
		"grep --file={/etc,x}/passwd x",
		"cat < .?/secret.txt",
	} {
		if d := CheckCommand(cmd, DefaultRules(), "/ws"); d.Verdict != Allow {
			t.Errorf("CheckCommand(%q) = %v: %s; want it allowed, the sandbox holding its paths", cmd, d.Verdict, d.Reason)
		}
	}
}
