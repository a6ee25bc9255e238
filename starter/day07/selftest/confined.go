package selftest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"ply/day07/sandbox"
)

func runConfined(ctx context.Context) error {
	return inShell(func(s *scratch) error {
		if err := sandbox.DefaultPlaces(s.ws.Dir()).Check(); err != nil {
			return fmt.Errorf("this machine has no sandbox for ply's commands: %w", err)
		}
		made := s.secret + ".new"
		r := s.command(ctx, fmt.Sprintf("cat %s; echo x > %s", s.secret, made), 0)
		if strings.Contains(r.Text, "launch codes") {
			return fmt.Errorf("a command read the file beside the workspace: %q", r.Text)
		}
		if _, err := os.Stat(made); !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("a command wrote %s, beside the workspace (%v)", made, err)
		}
		return nil
	})
}

func readOnlyPolicy(context.Context) error {
	pl := sandbox.Places{
		Workspace: "/ws", System: []string{"/usr"}, Devices: []string{"/dev/null"},
		Caches: []string{"/home/ann/.cache/go-build"}, Settings: []string{"/home/ann/.gitconfig"},
		Read: []string{"/opt/sdk"}, Write: []string{"/srv"}, Network: true,
	}
	p := pl.ReadOnly([]string{"/usr/bin/ls"})
	if p.Network {
		return errors.New("the read-only policy lets a command open connections: Network is true")
	}
	got := map[string]sandbox.Access{}
	for _, r := range p.Rules {
		got[r.Path] |= r.Access
	}
	want := map[string]sandbox.Access{
		"/ws": sandbox.Read, "/usr": sandbox.Read, "/dev/null": sandbox.Read | sandbox.Write,
		"/usr/bin/ls": sandbox.Read | sandbox.Execute,
	}
	for path, access := range got {
		if access != want[path] {
			return fmt.Errorf("the read-only policy gives %s access %s, want %s", path, accessText(access), accessText(want[path]))
		}
	}
	for path, access := range want {
		if got[path] != access {
			return fmt.Errorf("the read-only policy gives %s no access %s", path, accessText(access))
		}
	}
	return nil
}

// accessText names an access as the lesson does: r, w and x, or none.
func accessText(a sandbox.Access) string {
	text := ""
	for _, bit := range []struct {
		access sandbox.Access
		letter string
	}{{sandbox.Read, "r"}, {sandbox.Write, "w"}, {sandbox.Execute, "x"}} {
		if a&bit.access != 0 {
			text += bit.letter
		}
	}
	if text == "" {
		return "none"
	}
	return text
}

func readOnlyHolds(ctx context.Context) error {
	return inShell(func(s *scratch) error {
		places := sandbox.Default(s.ws.Dir())
		if places == nil {
			return fmt.Errorf("this machine has no sandbox for ply's commands: %w", sandbox.DefaultPlaces(s.ws.Dir()).Check())
		}
		if err := os.Symlink(s.secret, filepath.Join(s.dir, "secret.txt")); err != nil {
			return err
		}
		cat, err := exec.LookPath("cat")
		if err != nil {
			return err
		}
		cmd := exec.CommandContext(ctx, cat, "calc.go", "secret.txt")
		cmd.Dir = s.ws.Dir()
		var out strings.Builder
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := sandbox.Start(cmd, places.ReadOnly([]string{cat})); err != nil {
			return fmt.Errorf("cat in the read-only sandbox: %v", err)
		}
		_ = cmd.Wait() // cat fails on secret.txt: what it printed tells the rest
		switch {
		case strings.Contains(out.String(), "the launch codes"):
			return fmt.Errorf("cat read secret.txt, a link out of the workspace: %q", out.String())
		case !strings.Contains(out.String(), "package calc"):
			return fmt.Errorf("cat calc.go printed %q: the read-only sandbox keeps cat from starting, or from the workspace", out.String())
		}
		return nil
	})
}
