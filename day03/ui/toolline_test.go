package ui

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"ply/day03/agent"
)

// TestToolLineIsOneShortLine feeds the screen's summary of a call what a
// hostile model can put in it, and expects one line of bounded length.
func TestToolLineIsOneShortLine(t *testing.T) {
	huge := strings.Repeat("x", 100_000)
	tests := []struct {
		name string
		end  agent.ToolEnd
	}{
		{"a huge name", agent.ToolEnd{Name: huge, Arguments: "{}", Err: errors.New("there is no tool")}},
		{"huge arguments", agent.ToolEnd{Name: "search", Arguments: `{"pattern":"` + huge + `"}`}},
		{"a huge error", agent.ToolEnd{Name: "read_file", Arguments: `{"path":` + huge, Err: errors.New("the arguments are not valid JSON: " + huge)}},
		{"line ends everywhere", agent.ToolEnd{Name: "a\nb", Arguments: "{\n\"path\":\r\n1", Err: errors.New("not\rvalid\nJSON")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			v := &turnView{out: &out, styles: NewStyles(&out), spin: noSpinner}
			v.spinner = v.spin()
			v.show(tt.end)
			got := strings.TrimSuffix(out.String(), "\n")
			if strings.ContainsAny(got, "\r\n") || utf8.RuneCountInString(got) > 400 {
				t.Errorf("the summary is %d characters on %d lines, want one line of at most 400:\n%.300q",
					utf8.RuneCountInString(got), strings.Count(got, "\n")+1, got)
			}
		})
	}
}
