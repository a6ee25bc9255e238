package agent

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"ply/day06/llm"
)

// summaryOf is the summary message compact makes of n messages with the
// summary "S".
func summaryOf(n int) llm.Message { return llm.SummaryMessage("S", n) }

func TestCompact(t *testing.T) {
	earlier := llm.SummaryMessage("earlier", 9)
	tests := []struct {
		name   string
		window []llm.Message
		want   []llm.Message
	}{
		{"two turns: the first goes",
			[]llm.Message{system, user("q1"), model("a1"), user("q2"), model("a2")},
			[]llm.Message{system, summaryOf(2), user("q2"), model("a2")}},
		{"the last turn keeps its rounds whole",
			[]llm.Message{system, user("q1"), model("a1"), user("q2"), asked("c1", "c2"), result("c1"), result("c2"), model("a2")},
			[]llm.Message{system, summaryOf(2), user("q2"), asked("c1", "c2"), result("c1"), result("c2"), model("a2")}},
		{"a turn in progress is kept as it is",
			[]llm.Message{system, user("q1"), asked("c1"), result("c1"), model("a1"), user("q2"), asked("c2"), result("c2")},
			[]llm.Message{system, summaryOf(4), user("q2"), asked("c2"), result("c2")}},
		{"an earlier summary is replaced with the rest",
			[]llm.Message{system, earlier, user("q1"), model("a1"), user("q2")},
			[]llm.Message{system, summaryOf(3), user("q2")}},
		{"one message before the last turn",
			[]llm.Message{system, user("q1"), user("q2"), model("a2")},
			[]llm.Message{system, summaryOf(1), user("q2"), model("a2")}},
		{"nothing before the last turn", []llm.Message{system, user("q1"), model("a1")}, nil},
		{"only an earlier summary before the last turn", []llm.Message{system, earlier, user("q1"), model("a1")}, nil},
		{"no turn at all", []llm.Message{system}, nil},
		{"nothing", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want := tt.want
			if want == nil {
				want = tt.window // nothing to replace: the window comes back as it was
			}
			if got := compact(tt.window, "S"); !reflect.DeepEqual(got, want) {
				t.Errorf("compact =\n%v\nwant\n%v (see day06's exercise 5)", got, want)
			}
		})
	}
}

// TestCompactIsPure: compact must not write into the window it is given.
// The caller still holds it, and a compaction that fails its checks leaves
// the conversation as it was.
func TestCompactIsPure(t *testing.T) {
	window := []llm.Message{system, user("q1"), model("a1"), user("q2"), model("a2"), user("q3"), model("a3")}
	before := slices.Clone(window)
	first := compact(window, "S")
	if !reflect.DeepEqual(window, before) {
		t.Fatalf("compact changed the window it was given:\n%v\nwas\n%v (see day06's exercise 5)", window, before)
	}
	if again := compact(window, "S"); !reflect.DeepEqual(again, first) {
		t.Errorf("compact gave two results for one window and summary:\n%v\n%v", first, again)
	}
	if len(first) != 4 {
		t.Fatalf("compact gave %d messages, want 4: the system prompt, the summary and the last turn (see exercise 5)", len(first))
	}
	first[2].Content = "changed"
	if !reflect.DeepEqual(window, before) {
		t.Errorf("changing the result changed the window: they share an array (see day06's exercise 5)")
	}
}

// TestCompactProperties generates conversations of every shape a turn can
// leave, and checks compact's promises on each.
func TestCompactProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 6))
	for i := range 500 {
		window := conversation(r)
		where := fmt.Sprintf("conversation %d (%d messages)", i, len(window))
		if err := WellFormed(window); err != nil {
			t.Fatalf("%s: the generator made a broken conversation: %v", where, err)
		}
		checkCompact(t, where, window)
	}
}

// checkCompact checks compact's promises on one window.
func checkCompact(t *testing.T, where string, window []llm.Message) {
	t.Helper()
	before := slices.Clone(window)
	got := compact(window, "S")
	last := window[lastTurn(window):]
	switch {
	case !reflect.DeepEqual(window, before):
		t.Errorf("%s: compact changed its input (see day06's exercise 5)", where)
	case WellFormed(got) != nil:
		t.Errorf("%s: compact broke the conversation: %v (see day06's exercise 5)", where, WellFormed(got))
	case !reflect.DeepEqual(got[len(got)-len(last):], last):
		t.Errorf("%s: the last turn did not come through whole (see day06's exercise 5)", where)
	case len(older(window)) == 0 && !reflect.DeepEqual(got, window):
		t.Errorf("%s: with nothing to replace, compact changed the window", where)
	case len(older(window)) > 0 && (len(got) != len(last)+2 || !llm.IsSummary(got[1])):
		t.Errorf("%s: want the system prompt, one summary and the last turn, got %d messages", where, len(got))
	case len(older(window)) > 1 && len(got) >= len(window):
		t.Errorf("%s: %d messages became %d, want fewer", where, len(window), len(got))
	case !reflect.DeepEqual(compact(got, "S"), got):
		t.Errorf("%s: a second compaction with nothing new changed the window", where)
	}
	// It shrinks by what it replaces, less the summary's own size.
	if old := older(window); len(old) > 0 {
		want := estimateAll(window) - estimateAll(old) + estimate(summaryOf(len(old)))
		if estimateAll(got) != want {
			t.Errorf("%s: %d tokens after compaction, want %d", where, estimateAll(got), want)
		}
	}
	// A second compaction after one more turn keeps one summary, not two.
	more := append(slices.Clone(got), user("next"), model("ok"))
	again := compact(more, "S2")
	summaries := 0
	for _, m := range again {
		if llm.IsSummary(m) {
			summaries++
		}
	}
	if summaries > 1 || WellFormed(again) != nil {
		t.Errorf("%s: compacting twice left %d summaries (want at most 1), well formed: %v", where, summaries, WellFormed(again))
	}
}

// conversation makes a random conversation that a run of ply could leave:
// a system prompt, maybe the summary of an earlier compaction, then turns
// of rounds of parallel calls whose results come in any order, the last
// turn perhaps still in progress.
func conversation(r *rand.Rand) []llm.Message {
	window := []llm.Message{system}
	if r.IntN(3) == 0 {
		window = append(window, llm.SummaryMessage("earlier", 1+r.IntN(20)))
	}
	id := 0
	turns := r.IntN(5)
	for turn := range turns {
		window = append(window, user(fmt.Sprint("question ", turn)))
		for range r.IntN(4) {
			n := 1 + r.IntN(3)
			var ids []string
			for range n {
				id++
				ids = append(ids, fmt.Sprint("c", id))
			}
			window = append(window, asked(ids...))
			for _, i := range r.Perm(n) {
				window = append(window, result(ids[i]))
			}
		}
		if turn < turns-1 || r.IntN(2) == 0 {
			window = append(window, model(strings.Repeat("answer ", 1+r.IntN(30))))
		}
	}
	return window
}
