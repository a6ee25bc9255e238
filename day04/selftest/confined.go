package selftest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"ply/day04/sandbox"
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
