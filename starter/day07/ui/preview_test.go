package ui

import (
	"bytes"
	"errors"
	"slices"
	"strings"
	"testing"

	"ply/day07/agent"
)

func TestPreview(t *testing.T) {
	long := strings.Repeat("x", previewWidth+50)
	tests := []struct {
		name   string
		output string
		want   []string
	}{
		{"empty", "", nil},
		{"blank lines only", "\n  \n\t\n", nil},
		{"one line", "ok  \tcalc\t0.003s\n", []string{"ok  \tcalc\t0.003s"}},
		{"short output whole", "a\nb\n\nc\n", []string{"a", "b", "c"}},
		{"long output: head, count, tail", "1\n2\n3\n4\n5\n6\n7\n8\n",
			[]string{"1", "2", "3", "… 3 more lines", "7", "8"}},
		{"one line left out", "1\n2\n3\n4\n5\n6\n", []string{"1", "2", "3", "… 1 more line", "5", "6"}},
		{"a long line is cut", long, []string{long[:previewWidth-1] + "…"}},
		{"control characters shown, not obeyed", "\x1b[2Jgone\r\n", []string{"␛[2Jgone"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := preview(tt.output); !slices.Equal(got, tt.want) {
				t.Errorf("preview(%q) = %q, want %q", tt.output, got, tt.want)
			}
		})
	}
}

// TestToolEndShowsPreview expects a call that worked to show its preview
// under its line, and a call that failed its error alone.
func TestToolEndShowsPreview(t *testing.T) {
	tests := []struct {
		name string
		end  agent.ToolEnd
		want []string // the lines after the tool's own
	}{
		{"worked", agent.ToolEnd{Name: "read_file", Arguments: "{}", Chars: 6, Output: "one\ntwo\n"}, []string{"    one", "    two"}},
		{"nothing returned", agent.ToolEnd{Name: "list_dir", Arguments: "{}"}, nil},
		{"failed", agent.ToolEnd{Name: "read_file", Arguments: "{}", Err: errors.New("no such file"), Output: "error: no such file"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			v := &turnView{out: &out, styles: NewStyles(&out), spin: noSpinner}
			v.spinner = v.spin()
			v.show(tt.end)
			lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			if got := lines[1:]; !slices.Equal(got, tt.want) && len(got)+len(tt.want) > 0 {
				t.Errorf("after the tool's line came %q, want %q", got, tt.want)
			}
		})
	}
}
