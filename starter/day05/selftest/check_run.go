package selftest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"ply/day05/tools"
)

// command runs a shell command with run_command in the scratch workspace.
func (s *scratch) command(ctx context.Context, command string, timeoutS int) tools.Result {
	args := map[string]any{"command": command}
	if timeoutS > 0 {
		args["timeout_s"] = timeoutS
	}
	return s.act(ctx, "run_command", args)
}

// inShell is inScratch for a check that runs shell commands.
func inShell(check func(s *scratch) error) error {
	if err := needShell(); err != nil {
		return err
	}
	return inScratch(check)
}

func runExitCode(ctx context.Context) error {
	return inShell(func(s *scratch) error {
		// The command finds calc.go only if it runs in the workspace.
		r := s.command(ctx, "test -f calc.go && exit 3", 0)
		if r.Err != nil || !strings.Contains(r.Text, "(exit code 3 · ") {
			return fmt.Errorf("run_command gave %q, want the exit code 3 on its last line", r.Text)
		}
		return nil
	})
}

func runNoInput(ctx context.Context) error {
	return inShell(func(s *scratch) error {
		// cat reads until the end of its input; a command given none ends at once.
		r := s.command(ctx, "cat; cat", 2)
		if r.Err != nil || !strings.Contains(r.Text, "(exit code 0 · ") {
			return fmt.Errorf("run_command cat gave %q, want it to end at once with exit code 0: a command gets no input", r.Text)
		}
		return nil
	})
}

func runTimeoutKillsChild(ctx context.Context) error {
	return inShell(func(s *scratch) error {
		r := s.command(ctx, "sleep 30 & echo $! > child.pid; wait", 1)
		if !strings.Contains(r.Text, "killed: it ran past its timeout of 1s") {
			return fmt.Errorf("run_command gave %q, want it killed after its timeout of 1s", r.Text)
		}
		return s.gone("child.pid")
	})
}

func runCancelStops(ctx context.Context) error {
	return inShell(func(s *scratch) error {
		ctx, cancel := context.WithCancel(ctx)
		defer cancel()
		// Ctrl-C, as it were, as soon as the command says it is ready.
		ctx = tools.WithProgress(ctx, func(line string) {
			if line == "ready" {
				cancel()
			}
		})
		r := s.command(ctx, "sleep 30 & echo $! > child.pid; echo ready; wait", 0)
		if !strings.Contains(r.Text, "stopped: the user cancelled it") {
			return fmt.Errorf("run_command gave %q, want it stopped by the cancel", r.Text)
		}
		return s.gone("child.pid")
	})
}

// gone checks that the process whose pid a command wrote to the file name
// ends within a second or two: it was killed with its shell.
func (s *scratch) gone(name string) error {
	pid, err := strconv.Atoi(strings.TrimSpace(s.file(name)))
	if err != nil {
		return fmt.Errorf("the command wrote no pid to %s: %v", name, err)
	}
	for deadline := time.Now().Add(2 * time.Second); alive(pid); {
		if time.Now().After(deadline) {
			return fmt.Errorf("the child the command started (pid %d) is still alive: kill the whole process group", pid)
		}
		time.Sleep(5 * time.Millisecond) // polling a condition, with a deadline above
	}
	return nil
}

func runHeadAndTail(ctx context.Context) error {
	return inShell(func(s *scratch) error {
		r := s.command(ctx, `awk 'BEGIN { for (i = 1; i <= 30000; i++) print "line " i }'`, 0)
		output, _, _ := strings.Cut(r.Text, "\n(exit code")
		switch {
		case r.Err != nil:
			return fmt.Errorf("run_command failed: %v", r.Err)
		case !strings.HasPrefix(output, "line 1\nline 2\n"):
			return fmt.Errorf("the result begins %q, want the first lines of the output", firstLine(output))
		case !strings.HasSuffix(output, "\nline 29999\nline 30000"):
			return fmt.Errorf("the output kept ends %q, want its last lines, where a verdict is", lastLines(output))
		case !strings.Contains(output, "bytes of output cut …]\n"):
			return errors.New("the result does not say that the middle of the output was cut")
		}
		return nil
	})
}

func runStaysBounded(ctx context.Context) error {
	return inShell(func(s *scratch) error {
		r := s.command(ctx, "yes | head -c 20000000", 0)
		output, _, _ := strings.Cut(r.Text, "\n(exit code")
		switch {
		case r.Err != nil:
			return fmt.Errorf("run_command failed: %v", r.Err)
		case r.Truncated:
			return fmt.Errorf("the registry had to cut a result of %d characters: the capture kept more than its budget", r.Chars)
		case !strings.Contains(output, "of 20000000 bytes of output cut …]"):
			return errors.New("the result does not say how many of the 20,000,000 bytes were cut")
		case !strings.HasPrefix(output, "y\ny\n") || !strings.HasSuffix(output, "y\ny"):
			return fmt.Errorf("the result keeps %q … %q, want the output's head and tail", firstLine(output), lastLines(output))
		}
		return nil
	})
}

func runHidesSecrets(ctx context.Context) error {
	return inShell(func(s *scratch) error {
		environ := []string{"PATH=" + os.Getenv("PATH"), "OPENAI_API_KEY=sk-ply-check=", "GITHUB_TOKEN=ghp_check",
			"db_password=hunter2", "DATABASE_URL=postgres://ply:pg-check@db/calc", "PLY_CHECK=kept"}
		// env writes to a file, so that this check does not need the capture.
		r := s.actWith(ctx, "run_command", map[string]any{"command": "env > env.txt"}, environ)
		if r.Err != nil {
			return fmt.Errorf("run_command failed: %v", r.Err)
		}
		env := s.file("env.txt")
		for _, secret := range []string{"sk-ply-check=", "ghp_check", "hunter2", "pg-check"} {
			if strings.Contains(env, secret) {
				return fmt.Errorf("the command's environment shows %q to the model", secret)
			}
		}
		if !strings.Contains(env, "PLY_CHECK=kept") {
			return errors.New("the command's environment lacks PLY_CHECK, which is no secret: give it ply's environment, less the secrets")
		}
		return nil
	})
}

// firstLine returns the first line of text.
func firstLine(text string) string {
	line, _, _ := strings.Cut(text, "\n")
	return line
}

// lastLines returns the last 40 bytes of text.
func lastLines(text string) string {
	return text[max(0, len(text)-40):]
}
