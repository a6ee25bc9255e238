package selftest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"ply/day07/approval"
	"ply/day07/llm"
	"ply/day07/tools"
)

// workspace is where the gate's checks pretend to work: an absolute path
// that need not exist, since the gate judges paths by their words.
const workspace = "/ws"

// verdict is a command and the verdict the gate must give it.
type verdict struct {
	cmd  string
	want approval.Verdict
}

// verdicts checks CheckCommand with the default rules on each command, in
// order, and says which first gets another verdict.
func verdicts(cases []verdict) error {
	for _, c := range cases {
		if d := approval.CheckCommand(c.cmd, approval.DefaultRules(), workspace); d.Verdict != c.want {
			return fmt.Errorf("CheckCommand(%q) = %v (%s), want %v", c.cmd, d.Verdict, d.Reason, c.want)
		}
	}
	return nil
}

// call is a tool call of name with the arguments args.
func call(name, args string) llm.ToolCall {
	return llm.ToolCall{ID: "c1", Name: name, Arguments: args}
}

// questions is an asker that keeps the questions it is asked and gives
// the same answer to each.
type questions struct {
	answer approval.Answer
	asked  []approval.Question
}

func (q *questions) Ask(_ context.Context, question approval.Question) approval.Answer {
	q.asked = append(q.asked, question)
	return q.answer
}

// changer is a tool as the gate sees one that changes things: the gate
// asks it nothing but ReadOnly, and judges the call by its name and
// arguments.
type changer struct{}

func (changer) ReadOnly() bool { return false }

func readOnlyPasses(ctx context.Context) error {
	gate := approval.New(workspace, approval.DefaultRules())
	ask := &questions{}
	for _, tool := range tools.ReadOnly(nil) {
		d := gate.Approve(ctx, tool, call(tool.Name(), `{"path":"../../etc/passwd"}`), ask)
		if d.Verdict != approval.Allow {
			return fmt.Errorf("%s was %v (%s), want allowed: it only reads", tool.Name(), d.Verdict, d.Reason)
		}
	}
	if len(ask.asked) > 0 {
		return fmt.Errorf("a read-only tool was asked about: %+v", ask.asked[0])
	}
	return nil
}

func allowedPartsRun(context.Context) error {
	return verdicts([]verdict{
		{"ls", approval.Allow},
		{"ls -la && cat calc.go | grep Div", approval.Allow},
		{"git status; git diff || git log -3", approval.Allow},
		{"(pwd; ls) 2>&1 | tail -5 | wc -l", approval.Allow},
		{"grep -n 'a; b' calc.go > /dev/null", approval.Allow},
	})
}

func onePartAsks(context.Context) error {
	return verdicts([]verdict{
		{"ls; pwd", approval.Allow},
		{"ls; rm x", approval.Ask},
		{"rm x; ls", approval.Ask},
		{"ls && go test", approval.Ask},
		{"cat calc.go | sh", approval.Ask},
		{"ls || (pwd; rm x)", approval.Ask},
		{"for PATH in .; do ls; done", approval.Ask}, // ls is ./ls then
	})
}

func substitutionsJudged(context.Context) error {
	return verdicts([]verdict{
		{"ls $(sudo id)", approval.Deny},
		{"echo `sudo id`", approval.Deny},
		{"cat <<EOF\n$(sudo id)\nEOF", approval.Deny},
		{"echo \"$(rm -rf ~)\"", approval.Deny},
		{"ls $(pwd)", approval.Ask},
		{"echo $HOME", approval.Ask},
		{"cat <<'EOF'\n$(sudo id)\nEOF", approval.Allow},
		{"echo '$(sudo id)' '`rm -rf ~`'", approval.Allow},
	})
}

func redirectionsJudged(context.Context) error {
	return verdicts([]verdict{
		{"echo hi > out.txt", approval.Ask},
		{"echo hi >> out.txt", approval.Ask},
		{"ls &> out.txt", approval.Ask},
		{"cat < calc.go > out.txt", approval.Ask},
		{"ls 2>&1", approval.Allow},
		{"ls > /dev/null 2>&1", approval.Allow},
		{"cat < calc.go", approval.Allow},
		{"echo x > /dev/sda", approval.Deny},
	})
}

func refusedBehindWrappers(context.Context) error {
	return verdicts([]verdict{
		{"sudo ls", approval.Deny},
		{"rm -rf ~", approval.Deny},
		{"rm -r -f /", approval.Deny},
		{"env -i sudo ls", approval.Deny},
		{"X=1 sudo ls", approval.Deny},
		{"sh -c 'rm -rf ~'", approval.Deny},
		{"bash -c \"ls; sudo ls\"", approval.Deny},
		{"nice -n 5 timeout 9 sudo ls", approval.Deny},
		{"env ls", approval.Ask}, // a wrapper is never allowed, even round ls
	})
}

func lookAlikesAsk(context.Context) error {
	return verdicts([]verdict{
		{"ls", approval.Allow},
		{"ｌｓ", approval.Ask}, // fullwidth
		{"lѕ", approval.Ask}, // a Cyrillic ѕ
		{"LS", approval.Ask},
		{"/bin/ls", approval.Ask},
		{"ls\u200b", approval.Ask}, // a zero-width space
		{"ls\nrm -rf x", approval.Ask},
		{"ls\r\nrm x", approval.Ask},
		{"ls; if", approval.Ask}, // no shell can read it
		{"ls $'\\x72m' x", approval.Ask},
		{"echo\u00a0hi; ls", approval.Ask}, // a no-break space: one word to sh
	})
}

func duplicateKeysRefused(context.Context) error {
	gate := approval.New(workspace, approval.DefaultRules())
	for _, args := range []string{
		`{"command":"ls","Command":"rm -rf x"}`,
		`{"command":"ls","command":"rm -rf x"}`,
		`{"command":"ls","COMMAND":"rm -rf x"}`,
	} {
		d := gate.Check(changer{}, call("run_command", args))
		if d.Verdict != approval.Deny || !strings.Contains(d.Reason, "twice") {
			return fmt.Errorf("%s was %v (%s), want refused: it names a key twice", args, d.Verdict, d.Reason)
		}
	}
	return nil
}

func alwaysIsExact(ctx context.Context) error {
	gate := approval.New(workspace, approval.DefaultRules())
	run := func(cmd string) llm.ToolCall { return call("run_command", fmt.Sprintf("{%q:%q}", "command", cmd)) }
	gate.Approve(ctx, changer{}, run("go test ./..."), &questions{answer: approval.Answer{Reply: approval.Always}})
	if d := gate.Check(changer{}, run("go test ./...")); d.Verdict != approval.Allow {
		return fmt.Errorf("after always, go test ./... is %v (%s), want allowed", d.Verdict, d.Reason)
	}
	for _, other := range []string{"go test ./... -exec 'rm -rf x'", "go run evil.go", "go test  ./...", "go test ./...\nrm x"} {
		if d := gate.Check(changer{}, run(other)); d.Verdict == approval.Allow {
			return fmt.Errorf("after always for go test ./..., %q is allowed too", other)
		}
	}
	return nil
}

func alwaysCoversTheFile(ctx context.Context) error {
	gate := approval.New(workspace, approval.DefaultRules())
	edit := func(path string) llm.ToolCall { return call("edit_file", fmt.Sprintf("{%q:%q}", "path", path)) }
	gate.Approve(ctx, changer{}, edit("calc.go"), &questions{answer: approval.Answer{Reply: approval.Always}})
	for _, same := range []string{"calc.go", "./calc.go", "sub/../calc.go", workspace + "/calc.go"} {
		if d := gate.Check(changer{}, edit(same)); d.Verdict != approval.Allow {
			return fmt.Errorf("after always for an edit of calc.go, an edit of %s is %v (%s), want allowed", same, d.Verdict, d.Reason)
		}
	}
	for _, other := range []string{"calc_test.go", "sub/calc.go", "../calc.go", "/ws2/calc.go"} {
		if d := gate.Check(changer{}, edit(other)); d.Verdict == approval.Allow {
			return fmt.Errorf("after always for an edit of calc.go, an edit of %s is allowed too", other)
		}
	}
	gate.Approve(ctx, changer{}, edit("2/calc.go"), &questions{answer: approval.Answer{Reply: approval.Always}})
	if d := gate.Check(changer{}, edit(workspace+"2/calc.go")); d.Verdict == approval.Allow {
		return fmt.Errorf("after always for an edit of 2/calc.go, an edit of %s2/calc.go, outside, is allowed too", workspace)
	}
	if d := gate.Check(changer{}, call("write_file", `{"path":"calc.go"}`)); d.Verdict == approval.Allow {
		return fmt.Errorf("after always for an edit of calc.go, rewriting it with write_file is allowed too")
	}
	return nil
}

func unattendedRefuses(ctx context.Context) error {
	gate := approval.New(workspace, approval.DefaultRules())
	d := gate.Approve(ctx, changer{}, call("edit_file", `{"path":"calc.go"}`), approval.Unattended{})
	want := "denied: not approved (stdin is not a terminal, and ply was started without --yes)"
	if d.Verdict != approval.Deny || d.Reason != want {
		return fmt.Errorf("with nobody to ask, an edit is %v (%s), want refused: %s", d.Verdict, d.Reason, want)
	}
	return nil
}

func yesAllows(ctx context.Context) error {
	gate := approval.New(workspace, approval.DefaultRules())
	d := gate.Approve(ctx, changer{}, call("edit_file", `{"path":"calc.go"}`), approval.AllowAll{})
	if d.Verdict != approval.Allow {
		return fmt.Errorf("with --yes, an edit is %v (%s), want allowed", d.Verdict, d.Reason)
	}
	return nil
}

func yesKeepsRefusals(ctx context.Context) error {
	if err := needShell(); err != nil {
		return err
	}
	gate := approval.New(workspace, approval.DefaultRules())
	d := gate.Approve(ctx, changer{}, call("run_command", `{"command":"ls && sudo rm -rf /srv"}`), approval.AllowAll{})
	if d.Verdict != approval.Deny {
		return fmt.Errorf("with --yes, ls && sudo rm -rf /srv is %v (%s), want refused", d.Verdict, d.Reason)
	}
	return nil
}

func judgedAsItRuns(ctx context.Context) error {
	if err := needShell(); err != nil {
		return err
	}
	return inScratch(func(s *scratch) error {
		// A file named like an option: tail -n 1 * becomes tail -n 1 -f …,
		// which never ends.
		if err := os.WriteFile(filepath.Join(s.dir, "-f"), []byte("x\n"), 0o644); err != nil {
			return err
		}
		const command = "tail -n 1 *; echo after"
		d := approval.New(s.ws.Dir(), approval.DefaultRules()).Check(changer{}, call("run_command", `{"command":"`+command+`"}`))
		if d.Verdict != approval.Allow || d.Program == nil {
			return fmt.Errorf("%s is %v (%s), want allowed by its words, with the tree the gate judged", command, d.Verdict, d.Reason)
		}
		var out strings.Builder
		run := func(ctx context.Context, cmd *exec.Cmd) (int, error) { // a program the judge let start ends with the check
			if err := cmd.Start(); err != nil {
				return 0, err
			}
			defer context.AfterFunc(ctx, func() { _ = cmd.Process.Kill() })()
			return 0, cmd.Wait()
		}
		_, refused, err := d.Program.Run(ctx, approval.Host{Dir: s.ws.Dir(), Env: os.Environ(), Out: &out, Exec: run})
		switch {
		case err != nil:
			return fmt.Errorf("%s, run from its tree, failed: %v", command, err)
		case !strings.Contains(refused, "tail -n 1 -f") || strings.Contains(out.String(), "after"):
			return fmt.Errorf("%s printed %q and was refused with %q; want it refused as tail -n 1 -f, the words it ran with, and nothing after", command, out.String(), refused)
		}
		return nil
	})
}
