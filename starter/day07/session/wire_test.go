package session

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"ply/day07/llm"
)

// at is the fixed time of the format tests.
var at = time.Date(2026, 9, 7, 10, 0, 4, 210_000_000, time.UTC)

// wireTests is every type as one line: the three fields first, then the
// type's own, in the order the format gives them.
var wireTests = []struct {
	data Data
	want string
}{
	{Meta{V: 1, ID: "s-20260907-100000-k3x9", Model: "qwen3", Cwd: "/home/ann/calc", Agent: "ply day07"},
		`{"seq":7,"ts":"2026-09-07T10:00:04.210Z","type":"meta","v":1,"id":"s-20260907-100000-k3x9","model":"qwen3","cwd":"/home/ann/calc","agent":"ply day07"}`},
	{System{Content: "You are ply."},
		`{"seq":7,"ts":"2026-09-07T10:00:04.210Z","type":"system","content":"You are ply."}`},
	{user("run the tests & see <why>"),
		`{"seq":7,"ts":"2026-09-07T10:00:04.210Z","type":"message","message":{"role":"user","content":"run the tests & see <why>"}}`},
	{Message{Message: llm.Message{Role: llm.RoleAssistant, ToolCalls: []llm.ToolCall{{ID: "call_1", Name: "run_command", Arguments: `{"command":"go test ./..."}`}}}},
		`{"seq":7,"ts":"2026-09-07T10:00:04.210Z","type":"message","message":{"role":"assistant","content":"","tool_calls":[{"id":"call_1","type":"function","function":{"name":"run_command","arguments":"{\"command\":\"go test ./...\"}"}}]}}`},
	{result("call_1", "--- FAIL: TestDivide\n"),
		`{"seq":7,"ts":"2026-09-07T10:00:04.210Z","type":"message","message":{"role":"tool","content":"--- FAIL: TestDivide\n","tool_call_id":"call_1"}}`},
	{ToolEnd{ID: "call_1", Name: "run_command", Outcome: OutcomeOK, ElapsedMS: 812, Chars: 311},
		`{"seq":7,"ts":"2026-09-07T10:00:04.210Z","type":"tool_end","id":"call_1","name":"run_command","outcome":"ok","elapsed_ms":812,"chars":311,"truncated":false}`},
	{Usage{InputTokens: 1830, OutputTokens: 96, TotalTokens: 1926},
		`{"seq":7,"ts":"2026-09-07T10:00:04.210Z","type":"usage","input_tokens":1830,"output_tokens":96,"total_tokens":1926}`},
	{Failure{Message: "401 Unauthorized"},
		`{"seq":7,"ts":"2026-09-07T10:00:04.210Z","type":"error","message":"401 Unauthorized"}`},
	{Compact{Summary: "the user wants TestDivide fixed", ThroughSeq: 41, TokensBefore: 20500, TokensAfter: 3100},
		`{"seq":7,"ts":"2026-09-07T10:00:04.210Z","type":"compact","summary":"the user wants TestDivide fixed","through_seq":41,"tokens_before":20500,"tokens_after":3100}`},
	{Grants{Grants: []string{"run_command go test ./...", "edit_file"}, Cwd: "/home/ann/calc"},
		`{"seq":7,"ts":"2026-09-07T10:00:04.210Z","type":"grants","grants":["edit_file","run_command go test ./..."],"cwd":"/home/ann/calc"}`},
	{Grants{Cwd: "/home/ann/calc"},
		`{"seq":7,"ts":"2026-09-07T10:00:04.210Z","type":"grants","grants":[],"cwd":"/home/ann/calc"}`},
	{Fork{From: "s-20260907-100000-k3x9", AtSeq: 6},
		`{"seq":7,"ts":"2026-09-07T10:00:04.210Z","type":"fork","from":"s-20260907-100000-k3x9","at_seq":6}`},
}

func TestEncodeLine(t *testing.T) {
	enc := newLineEncoder()
	for _, tt := range wireTests {
		t.Run(tt.data.Type(), func(t *testing.T) {
			got, err := enc.encode(Event{Seq: 7, Time: at, Data: tt.data})
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want+"\n" {
				t.Errorf("encode(%#v) =\n%s\nwant\n%s", tt.data, got, tt.want)
			}
		})
	}
}

func TestDecodeLine(t *testing.T) {
	for _, tt := range wireTests {
		t.Run(tt.data.Type(), func(t *testing.T) {
			text, seq := tt.want, int64(7)
			if tt.data.Type() == TypeMeta {
				// Only seq 1 may be a meta line.
				text, seq = strings.Replace(text, `{"seq":7,`, `{"seq":1,`, 1), 1
			}
			ev, err := decode([]byte(text))
			if err != nil {
				t.Fatal(err)
			}
			want := tt.data
			if g, ok := want.(Grants); ok {
				// The set is written sorted, and [] when empty.
				want = Grants{Grants: append([]string{}, g.Grants...), Cwd: g.Cwd}
				slices.Sort(want.(Grants).Grants)
			}
			if ev.Seq != seq || !ev.Time.Equal(at) || !reflect.DeepEqual(ev.Data, want) {
				t.Errorf("decode(%s) = %+v, want seq %d at %v with %#v", text, ev, seq, at, want)
			}
		})
	}
}

// TestDecodeBadMessageLines checks that a message line that is not good
// gets its reason.
func TestDecodeBadMessageLines(t *testing.T) {
	tests := []struct {
		line string
		want error
	}{
		{`{"seq":7,"ts":"2026-09-07T10:00:04.210Z","type":"message","message":null}`, ErrBadFields},
		{`{"seq":7,"ts":"2026-09-07T10:00:04.210Z","type":"message","message":{"content":"hi"}}`, ErrBadFields},
		{`{"seq":7,"ts":"2026-09-07T10:00:04.210Z","type":"message","message":"hi"}`, ErrBadFields},
		{`{"seq":7,"ts":"2026-09-07T10:00:04.210Z","type":"message"}`, ErrBadFields},
		{`{"seq":"7","ts":"2026-09-07T10:00:04.210Z","type":"message","message":{"role":"user"}}`, ErrNoSeq},
		{`{"seq":7.0,"ts":"2026-09-07T10:00:04.210Z","type":"message","message":{"role":"user"}}`, ErrNoSeq},
		{`{"seq":7,"ts":"2026-09-07T10:00:04.210Z","type":["message"],"message":{"role":"user"}}`, ErrNoType},
		{`null`, ErrNotJSON},
	}
	for _, tt := range tests {
		if _, err := decode([]byte(tt.line)); !errors.Is(err, tt.want) {
			t.Errorf("decode(%s) gave %v, want %v", tt.line, err, tt.want)
		}
	}
}

func TestDecodeKeepsUnknownTypes(t *testing.T) {
	text := `{"seq":3,"ts":"2026-09-07T10:00:04.210Z","type":"note","message":42}`
	ev, err := decode([]byte(text))
	u, ok := ev.Data.(Unknown)
	if err != nil || !ok || u.Name != "note" || string(u.Line) != text {
		t.Errorf("decode(%s) = %+v, %v; want an Unknown named note holding the line", text, ev, err)
	}
}

// TestDecodeRefusesATimeNotPlysOwn checks that a ts that is not an RFC
// 3339 time in a plain string is refused: ply writes one on every line.
func TestDecodeRefusesATimeNotPlysOwn(t *testing.T) {
	for _, ts := range []string{`"yesterday"`, `12`, `null`, `"2026-09-07T10:00:04\u002e210Z"`, `"2026-09-07 10:00:04"`} {
		text := strings.Replace(wireTests[1].want, `"2026-09-07T10:00:04.210Z"`, ts, 1)
		if ev, err := decode([]byte(text)); !errors.Is(err, ErrNoTime) {
			t.Errorf("decode with ts %s = %+v, %v; want %v", ts, ev, err, ErrNoTime)
		}
	}
}

// TestDecodeTextThatIsNotJSON checks that text that only looks like an
// object is refused as not JSON, whatever the walk over its keys made of
// it: brackets that do not match, a string with no end, nesting deeper
// than encoding/json reads.
func TestDecodeTextThatIsNotJSON(t *testing.T) {
	deep := strings.Repeat("[", 20_000) + strings.Repeat("]", 20_000)
	for _, text := range []string{
		`{]}`,
		`{"a":1}}`,
		`{"seq":1}]}`,
		`{"seq":1,"ts":"2026-09-07T10:00:04.210Z","type":"meta","v":1}}`,
		`{"seq":"}`,
		`{"seq":1,"ts":"2026-09-07T10:00:04.210Z","type":"note","x":` + deep + `}`,
		`{"seq":1,"SEQ":2,` + deep + `}`,
		`{"a":1,"a":2,}`,
		`{,"seq":1}`,
		`{]0"}`,
	} {
		if ev, err := decode([]byte(text)); !errors.Is(err, ErrNotJSON) {
			t.Errorf("decode(%.80s) = %+v, %v; want %v", text, ev, err, ErrNotJSON)
		}
	}
}
