package ui

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"

	"ply/day07/agent"
)

func isBidi(r rune) bool { return unicode.Is(unicode.Bidi_Control, r) }

// TestToolLineIsOneShortLine feeds the screen's summary of a call what a
// hostile model can put in it, and expects one line of bounded length
// with no control character in it.
func TestToolLineIsOneShortLine(t *testing.T) {
	huge := strings.Repeat("x", 100_000)
	tests := []struct {
		name string
		end  agent.ToolEnd
		want string // the start of the line
	}{
		{"a huge name", agent.ToolEnd{Name: huge, Arguments: "{}", Err: errors.New("there is no tool")}, "✗ " + huge[:39] + "… {} · there is no tool"},
		{"huge arguments", agent.ToolEnd{Name: "search", Arguments: `{"pattern":"` + huge + `"}`}, `✓ search {"pattern":"xxx`},
		{"a huge error", agent.ToolEnd{Name: "read_file", Arguments: `{"path":` + huge, Err: errors.New("the arguments are not valid JSON: " + huge)},
			`✗ read_file {"path":xxx`},
		{"line ends everywhere", agent.ToolEnd{Name: "a\nb", Arguments: "{\n\"path\":\r\n1", Err: errors.New("not\rvalid\nJSON")},
			"✗ a␊b {␊\"path\":␍␊1 · not␍valid␊JSON"},
		{"escape sequences", agent.ToolEnd{Name: "\x1b[2J", Arguments: "{}", Err: errors.New("\x1b]52;c;c2VjcmV0\a\u009b31m: it is outside")},
			"✗ ␛[2J {} · ␛]52;c;c2VjcmV0␇\uFFFD31m: it is outside"},
		{"right to left", agent.ToolEnd{Name: "read_file", Arguments: "{\"path\":\"\u202eog.clac\"}"},
			"✓ read_file {\"path\":\"\uFFFDog.clac\"}"},
		{"cancelled", agent.ToolEnd{Name: "run_command", Arguments: `{"command":"sleep 30"}`, Cancelled: true, Elapsed: 1500 * time.Millisecond},
			`✗ run_command {"command":"sleep 30"} · cancelled after 1500ms`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			v := &turnView{out: &out, styles: NewStyles(&out), spin: noSpinner}
			v.spinner = v.spin()
			v.show(tt.end)
			got := strings.TrimSuffix(out.String(), "\n")
			if !strings.HasPrefix(got, tt.want) {
				t.Errorf("the summary begins %.120q, want %.120q", got, tt.want)
			}
			if strings.ContainsFunc(got, unicode.IsControl) || strings.ContainsFunc(got, isBidi) || utf8.RuneCountInString(got) > 400 {
				t.Errorf("the summary is %d characters, with control characters %v; want one line of at most 400, with none:\n%.300q",
					utf8.RuneCountInString(got), strings.ContainsFunc(got, unicode.IsControl), got)
			}
		})
	}
}
