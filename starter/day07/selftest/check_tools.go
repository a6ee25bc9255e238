package selftest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"unicode/utf8"

	"ply/day07/tools"
)

// run calls the named tool of the scratch workspace with args.
func (s *scratch) run(ctx context.Context, name string, args map[string]any) tools.Result {
	data, _ := json.Marshal(args) // a map of strings and numbers always marshals
	return tools.NewRegistry(tools.ReadOnly(s.ws)...).Run(ctx, name, string(data))
}

// lines returns the lines of a tool's output, leaving out the notes in
// parentheses that tools add at the end.
func lines(output string) []string {
	var out []string
	for _, line := range strings.Split(output, "\n") {
		if line != "" && !strings.HasPrefix(line, "(") {
			out = append(out, line)
		}
	}
	return out
}

// shout is a tool with a very long answer: numbered lines of "é", a
// character of two bytes, so that counting bytes and counting characters
// give different answers.
type shout struct{ echo }

// shoutLine is one line of shout's answer, without its newline: 30
// characters, 50 bytes.
const shoutLine = "line %04d " + "éééééééééééééééééééé"

func (shout) Name() string   { return "shout" }
func (shout) ReadOnly() bool { return true }
func (shout) Run(context.Context, json.RawMessage) (string, error) {
	var b strings.Builder
	for i := range 5000 {
		fmt.Fprintf(&b, shoutLine+"\n", i)
	}
	return b.String(), nil
}

func longResultCut(ctx context.Context) error {
	output, _ := shout{}.Run(ctx, nil) // shout never fails
	total := utf8.RuneCountInString(output)
	r := tools.NewRegistry(shout{}).Run(ctx, "shout", "{}")
	kept := utf8.RuneCountInString(r.Text)
	switch {
	case !r.Truncated || r.Chars != total:
		return fmt.Errorf("the result has Truncated = %v and Chars = %d, want true and %d", r.Truncated, r.Chars, total)
	case !strings.HasPrefix(r.Text, fmt.Sprintf(shoutLine+"\n", 0)) || !strings.HasSuffix(r.Text, fmt.Sprintf(shoutLine+"\n", 4999)):
		return errors.New("the result does not keep both the first and the last line")
	case kept < 15_000 || kept > 17_000:
		return fmt.Errorf("the model would read %d characters, want about 16,000: count characters, not bytes", kept)
	case !strings.Contains(r.Text, fmt.Sprintf("of %d characters cut", total)):
		return fmt.Errorf("no line says how many of the %d characters were cut", total)
	}
	for _, line := range strings.Split(strings.TrimSuffix(r.Text, "\n"), "\n") {
		whole := strings.HasPrefix(line, "line ") && utf8.RuneCountInString(line) == 30 && utf8.ValidString(line)
		if !whole && !strings.HasPrefix(line, "[…") {
			return fmt.Errorf("the line %q was cut in the middle: cut at line ends, and between characters", line)
		}
	}
	return nil
}

func searchHits(ctx context.Context) error {
	return inScratch(func(s *scratch) error {
		r := s.run(ctx, "search", map[string]any{"pattern": `^func Test\w+`})
		want := []string{
			"calc_test.go:3: func TestAdd(t *testing.T) {}",
			"internal/deep/deep_test.go:3: func TestDeep(t *testing.T) {}",
		}
		if got := lines(r.Text); r.Err != nil || !reflect.DeepEqual(got, want) {
			return fmt.Errorf("search ^func Test\\w+ gave %q, want %q", got, want)
		}
		return nil
	})
}

func searchSkips(ctx context.Context) error {
	return inScratch(func(s *scratch) error {
		r := s.run(ctx, "search", map[string]any{"pattern": "TestHidden|TestBinary|TestAdd"})
		if strings.Contains(r.Text, ".git") || strings.Contains(r.Text, "image.bin") {
			return fmt.Errorf("search looked into .git or a binary file: %q", r.Text)
		}
		if !strings.Contains(r.Text, "calc_test.go:3:") {
			return fmt.Errorf("search gave %q, want the hit in calc_test.go", r.Text)
		}
		return nil
	})
}

func searchLongLines(ctx context.Context) error {
	return inScratch(func(s *scratch) error {
		// Three lines: one longer than bufio.Scanner takes, the needle, and
		// an empty one, whose "\n" ends the file.
		text := strings.Repeat("x", 100_000) + "\nneedle\n\n"
		if err := os.WriteFile(filepath.Join(s.dir, "notes", "long.log"), []byte(text), 0o644); err != nil {
			return err
		}
		r := s.run(ctx, "search", map[string]any{"pattern": `^needle$|^$`, "path": "notes/long.log"})
		if want := "notes/long.log:2: needle\nnotes/long.log:3: \n"; r.Text != want {
			return fmt.Errorf("search for the needle or an empty line gave %q, want %q: "+
				"a line of any length is a line, and the file has three of them", r.Text, want)
		}
		return nil
	})
}

func findDoubleStar(ctx context.Context) error {
	return inScratch(func(s *scratch) error {
		r := s.run(ctx, "find", map[string]any{"pattern": "**/*_test.go"})
		want := []string{"calc_test.go", "internal/deep/deep_test.go"}
		if got := lines(r.Text); !reflect.DeepEqual(got, want) {
			return fmt.Errorf("find **/*_test.go gave %q, want %q", got, want)
		}
		r = s.run(ctx, "find", map[string]any{"pattern": "internal/**"})
		if got := lines(r.Text); len(got) != 3 {
			return fmt.Errorf("find internal/** gave %q, want the 3 files under internal", got)
		}
		return nil
	})
}

func findSingleStar(ctx context.Context) error {
	return inScratch(func(s *scratch) error {
		r := s.run(ctx, "find", map[string]any{"pattern": "*.go"})
		want := []string{"calc.go", "calc_test.go"}
		if got := lines(r.Text); !reflect.DeepEqual(got, want) {
			return fmt.Errorf("find *.go gave %q, want only the top's %q", got, want)
		}
		return nil
	})
}

func findManyStars(ctx context.Context) error {
	return inScratch(func(s *scratch) error {
		deep := filepath.Join(s.dir, "deep", strings.Repeat("a/", 30), "c.txt")
		if err := os.MkdirAll(filepath.Dir(deep), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(deep, nil, 0o644); err != nil {
			return err
		}
		// Sixteen "**", each of which could match any of thirty-two parts:
		// tried one way after another, that is more ways than there is time
		// for.
		stars := "**/" + strings.Repeat("a/**/", 15)
		if r := s.run(ctx, "find", map[string]any{"pattern": stars + "b.txt"}); r.Text != "(nothing matches)\n" {
			return fmt.Errorf("find %sb.txt gave %q, want nothing", stars, r.Text)
		}
		want := filepath.ToSlash(strings.TrimPrefix(deep, s.dir+string(filepath.Separator)))
		if got := lines(s.run(ctx, "find", map[string]any{"pattern": stars + "c.txt"}).Text); !reflect.DeepEqual(got, []string{want}) {
			return fmt.Errorf("find %sc.txt gave %q, want [%q]", stars, got, want)
		}
		return nil
	})
}

func readFileLines(ctx context.Context) error {
	return inScratch(func(s *scratch) error {
		r := s.run(ctx, "read_file", map[string]any{"path": "notes/todo.txt"})
		if want := "     1\tfix Div\n     2\tadd Mod\n"; r.Text != want {
			return fmt.Errorf("read_file gave %q, want %q", r.Text, want)
		}
		r = s.run(ctx, "read_file", map[string]any{"path": "calc.go", "offset": 3, "limit": 1})
		if !strings.HasPrefix(r.Text, "     3\tfunc Add") {
			return fmt.Errorf("read_file from offset 3 gave %q, want line 3 numbered 3", r.Text)
		}
		return nil
	})
}

func listDirEntries(ctx context.Context) error {
	return inScratch(func(s *scratch) error {
		r := s.run(ctx, "list_dir", map[string]any{"path": "internal/deep"})
		want := []string{"README.md (5 bytes)", "deep_test.go (45 bytes)", "more/"}
		if got := lines(r.Text); !reflect.DeepEqual(got, want) {
			return fmt.Errorf("list_dir internal/deep gave %q, want %q", got, want)
		}
		return nil
	})
}

func unknownTool(ctx context.Context) error {
	r := tools.NewRegistry(echo{}).Run(ctx, "rm_rf", "{}")
	if r.Err == nil || !strings.HasPrefix(r.Text, "error: there is no tool") {
		return fmt.Errorf("calling an unknown tool gave %+v, want an error result", r)
	}
	return nil
}

func badArguments(ctx context.Context) error {
	r := tools.NewRegistry(echo{}).Run(ctx, "echo", `{"path": "calc.go"`)
	if r.Err == nil || !strings.Contains(r.Text, "not valid JSON") {
		return fmt.Errorf("broken arguments gave %+v, want an error result saying they are not JSON", r)
	}
	return nil
}
