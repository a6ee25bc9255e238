package session

import (
	"errors"
	"io"
	"strings"
	"testing"

	"ply/day07/llm"
)

func TestDescribe(t *testing.T) {
	tests := []struct {
		d    Data
		want string
	}{
		{Meta{V: 1, Model: "qwen3", Cwd: "/home/ann/calc", Agent: "ply day07"}, "   7 meta     v1 qwen3 in /home/ann/calc, by ply day07"},
		{System{Content: "You are ply,\na coding assistant."}, "   7 system   You are ply, a coding assistant."},
		{user("run the tests"), "   7 message  user: run the tests"},
		{Message{Message: llm.Message{Role: llm.RoleAssistant, Content: "Let me look.", ToolCalls: []llm.ToolCall{{Name: "find"}, {Name: "read_file"}}}}, "   7 message  assistant calls find, read_file: Let me look."},
		{result("call_1", "--- FAIL"), "   7 message  tool call_1: --- FAIL"},
		{ToolEnd{ID: "call_1", Name: "search", Outcome: OutcomeDenied, ElapsedMS: 2, Chars: 16000, Truncated: true}, "   7 tool_end call_1 search denied in 2 ms, 16000 characters, cut for the model"},
		{Usage{1830, 96, 1926}, "   7 usage    1830 in, 96 out, 1926 tokens so far"},
		{Failure{Message: "429 Too Many Requests"}, "   7 error    429 Too Many Requests"},
		{Compact{Summary: "divide is fixed", ThroughSeq: 41, TokensBefore: 20500, TokensAfter: 3100}, "   7 compact  through 41, 20500 → 3100 tokens: divide is fixed"},
		{Grants{}, "   7 grants   none"},
		{Grants{Grants: []string{"edit_file", "read_file"}}, "   7 grants   edit_file, read_file"},
		{Fork{From: "s-20260907-100000-k3x9", AtSeq: 6}, "   7 fork     from s-20260907-100000-k3x9 after 6"},
		{Unknown{Name: "note"}, "   7 note     (a type this ply does not know)"},
	}
	for _, tt := range tests {
		if got := Describe(Event{Seq: 7, Data: tt.d}); got != tt.want {
			t.Errorf("Describe(%T) =\n%q\nwant\n%q", tt.d, got, tt.want)
		}
	}
}

func TestTail(t *testing.T) {
	in := metaLine() + msgLine(2, "user", "a") + msgLine(3, "assistant", "b") + msgLine(4, "user", "c")
	for _, tt := range []struct {
		n    int
		want []int64
	}{{2, []int64{3, 4}}, {10, []int64{1, 2, 3, 4}}, {0, []int64{1, 2, 3, 4}}} {
		got, err := Tail(NewReader(strings.NewReader(in), "t.jsonl"), tt.n)
		if !equalSeqs(seqs(got), tt.want) || err != nil {
			t.Errorf("Tail(%d) = %v, %v; want %v", tt.n, seqs(got), err, tt.want)
		}
	}
	got, err := Tail(NewReader(strings.NewReader(in+"bad\n"), "t.jsonl"), 2)
	if !equalSeqs(seqs(got), []int64{3, 4}) || err == nil {
		t.Errorf("Tail of a damaged log = %v, %v; want the last events before the bad line, and its error", seqs(got), err)
	}
}

func TestPreview(t *testing.T) {
	for _, tt := range []struct {
		in   string
		n    int
		want string
	}{
		{"short", 10, "short"},
		{"  two\n\tlines  ", 10, "two lines"},
		{"exactly ten", 11, "exactly ten"},
		{"one more than ten", 10, "one more …"},
		{"ééééééééééé", 5, "éééé…"},
	} {
		var raw *Redactor
		if got := raw.Preview(tt.in, tt.n); got != tt.want {
			t.Errorf("Preview(%q, %d) = %q, want %q", tt.in, tt.n, got, tt.want)
		}
	}
}

func TestLookingNeverWrites(t *testing.T) {
	s, l, full := damagedLog(t)
	torn := full[:len(full)-5]
	writeFile(t, l.Path(), torn)
	r, err := s.Open(l.ID())
	if err != nil {
		t.Fatal(err)
	}
	evs, err := Tail(r, 3)
	r.Close()
	if len(evs) != 3 || evs[2].Seq != 12 || !errors.Is(err, ErrTorn) {
		t.Errorf("Tail of a torn log = %v, %v; want events 10-12 and the torn line's error", seqs(evs), err)
	}
	s.List("", "", 10)
	s.Search("calc", "", nil, func(Hit) {})
	r, _ = s.Open(l.ID())
	Export(io.Discard, "s-20260907-100000-k3x9", r, nil)
	r.Close()
	sameFile(t, l.Path(), torn)
	lk, err := lockOf(s, l.ID())
	if err != nil {
		t.Fatalf("looking at a session left it locked: %v", err)
	}
	lk.release()
}
