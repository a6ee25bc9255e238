package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"ply/day06/llm"
	"ply/day06/llm/llmtest"
	"ply/day06/tools"
)

// call is a call of tool "t" with the given ID and arguments.
func call(id, arguments string) llm.ToolCall {
	return llm.ToolCall{ID: id, Name: "t", Arguments: arguments}
}

// stubOf is the stub hold leaves for arguments, saying what they were.
func stubOf(t *testing.T, what string) string {
	t.Helper()
	data, err := json.Marshal(map[string]string{elidedKey: what})
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestHold(t *testing.T) {
	broken := `{"path":"a.txt","content":"` + strings.Repeat("x", 100_000)
	big := `{"content":"` + strings.Repeat("y", 20_000) + `"}`
	tests := []struct {
		name  string
		reply llm.Message
		want  llm.Message
	}{
		{"a reply that fits is kept as it is",
			llm.Message{Role: llm.RoleAssistant, Content: "Reading.", ToolCalls: []llm.ToolCall{call("c1", `{"path":"a"}`), call("c2", "")}},
			llm.Message{Role: llm.RoleAssistant, Content: "Reading.", ToolCalls: []llm.ToolCall{call("c1", `{"path":"a"}`), call("c2", "")}}},
		{"arguments cut short are a stub",
			llm.Message{Role: llm.RoleAssistant, ToolCalls: []llm.ToolCall{call("c1", broken)}},
			llm.Message{Role: llm.RoleAssistant, ToolCalls: []llm.ToolCall{call("c1", stubOf(t, "100027 bytes of arguments, cut short before the JSON ended"))}}},
		{"arguments that are not JSON are a stub, however short",
			llm.Message{Role: llm.RoleAssistant, ToolCalls: []llm.ToolCall{call("c1", `{"path":a}`), call("c2", "{}")}},
			llm.Message{Role: llm.RoleAssistant, ToolCalls: []llm.ToolCall{call("c1", stubOf(t, "10 bytes of arguments, not valid JSON")), call("c2", "{}")}}},
		{"arguments past the room are a stub",
			llm.Message{Role: llm.RoleAssistant, ToolCalls: []llm.ToolCall{call("c1", big), call("c2", "{}")}},
			llm.Message{Role: llm.RoleAssistant, ToolCalls: []llm.ToolCall{
				call("c1", stubOf(t, "20014 bytes of arguments, more than the conversation keeps of one reply")), call("c2", "{}")}}},
		{"text past half the room is cut, with a note",
			llm.Message{Role: llm.RoleAssistant, Content: strings.Repeat("z", 40_000)},
			llm.Message{Role: llm.RoleAssistant, Content: strings.Repeat("z", 16_384) +
				"\n[ply cut this reply here: it was 40000 characters, more than the conversation keeps of one reply]"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := hold(tt.reply, DefaultBudget); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("hold(%.80v…) = %.300v…\nwant %.300v… (see hold.go)", tt.reply, got, tt.want)
			}
		})
	}
}

// TestHoldLeavesOutWhatNoStubFits: calls that leave no room even for their
// stubs are left out from there on, and the text says how many.
func TestHoldLeavesOutWhatNoStubFits(t *testing.T) {
	var calls []llm.ToolCall
	for i := range 5000 {
		calls = append(calls, call(fmt.Sprintf("call_%d", i), `{"path":"a.txt"}`))
	}
	got := hold(llm.Message{Role: llm.RoleAssistant, ToolCalls: calls}, DefaultBudget)
	n := len(got.ToolCalls)
	if n == 0 || n >= len(calls) || !reflect.DeepEqual(got.ToolCalls, calls[:n]) {
		t.Fatalf("hold kept %d of %d calls, want the first ones whole and the rest left out", n, len(calls))
	}
	if want := fmt.Sprintf("[ply left out the last %d of this reply's 5000 calls", len(calls)-n); !strings.Contains(got.Content, want) {
		t.Errorf("content %q, want it to say %q", got.Content, want)
	}
}

// TestHoldBounds holds generated replies, of many sizes and every kind of
// character, and a few extreme ones, and checks what any held message
// must be: within its share of the budget, its JSON within maxHeldBytes,
// no arguments kept that are not JSON, and a message that hold leaves as
// it is the second time.
func TestHoldBounds(t *testing.T) {
	rnd := rand.New(rand.NewPCG(6, 21))
	alphabet := []string{"a", " ", "\n", "\x00", "\x1b", `"`, `\`, "<", "é", "日", "🙂", "\xff", "\u2028"}
	text := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(alphabet[rnd.IntN(len(alphabet))])
		}
		return b.String()
	}
	var replies []llm.Message
	for range 200 {
		reply := llm.Message{Role: llm.RoleAssistant, Content: text(rnd.IntN(1 << uint(rnd.IntN(17))))}
		for j := range rnd.IntN(8) {
			args := `{"s":` + fmt.Sprintf("%q", text(rnd.IntN(1<<uint(rnd.IntN(17))))) + `}`
			if rnd.IntN(3) == 0 {
				args = args[:rnd.IntN(len(args))]
			}
			reply.ToolCalls = append(reply.ToolCalls, call(fmt.Sprintf("c%d", j), args))
		}
		replies = append(replies, reply)
	}
	many := llm.Message{Role: llm.RoleAssistant}
	for i := range 100_000 {
		many.ToolCalls = append(many.ToolCalls, call(fmt.Sprintf("call_%d", i), "{}"))
	}
	replies = append(replies,
		llm.Message{Role: llm.RoleAssistant, Content: strings.Repeat("\x00", 3<<20)},
		llm.Message{Role: llm.RoleAssistant, ToolCalls: []llm.ToolCall{call("c1", `{"s":"`+strings.Repeat(`\"`, 2<<20)+`"}`)}},
		llm.Message{Role: llm.RoleAssistant, ToolCalls: []llm.ToolCall{{ID: strings.Repeat("i", 9<<20), Name: "t", Arguments: "{}"}}},
		many)
	for i, reply := range replies {
		for _, budget := range []int{1000, DefaultBudget, 1 << 30} {
			held := hold(reply, budget)
			data, err := json.Marshal(held)
			if err != nil {
				t.Fatal(err)
			}
			const notes = 400 // the notes hold adds are not counted in its room
			if len(data) > maxHeldBytes+notes {
				t.Errorf("reply %d, budget %d: the held message's JSON is %d bytes, more than %d", i, budget, len(data), maxHeldBytes)
			}
			if tokens := estimate(held); tokens > budget/4+notes {
				t.Errorf("reply %d, budget %d: the held message takes ~%d tokens, more than a quarter of the budget", i, budget, tokens)
			}
			for _, c := range held.ToolCalls {
				if _, stub := elided(c); !stub && unreadable(c.Arguments) != "" {
					t.Errorf("reply %d, budget %d: call %s kept arguments that are not JSON: %.60q", i, budget, c.ID, c.Arguments)
				}
			}
			if again := hold(held, budget); !strings.Contains(held.Content, "[ply ") && !reflect.DeepEqual(again, held) {
				t.Errorf("reply %d, budget %d: holding the held message again changes it", i, budget)
			}
		}
	}
}

// TestHoldRoom: the room is the one the day 6 lesson gives.
func TestHoldRoom(t *testing.T) {
	if maxHeldBytes != 8<<20 {
		t.Errorf("maxHeldBytes is %d, but the lesson says 8 MiB", maxHeldBytes)
	}
	if got := heldChars(DefaultBudget); got != DefaultBudget/4*2 {
		t.Errorf("heldChars(%d) = %d, want a quarter of the budget, at 2 characters a token", DefaultBudget, got)
	}
}

// TestJSONSize: the bound is never below what encoding/json writes.
func TestJSONSize(t *testing.T) {
	for _, s := range []string{"", "plain", "\x00\x1b\n\t", `"\`, "<>&", "é日🙂", "\xff\xfe", "\u2028\u2029", "\uFFFD"} {
		data, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		if got := jsonSize(s); got < len(data) {
			t.Errorf("jsonSize(%q) = %d, but encoding/json writes %d bytes", s, got, len(data))
		}
	}
}

// TestBadCallDoesNotEndTheConversation is the case: the model's
// first reply calls a tool with 100 KB of broken JSON. The call never
// runs, its result says what to send instead, the window keeps a stub,
// and the turn goes on to the model's next reply, with the budget intact.
func TestBadCallDoesNotEndTheConversation(t *testing.T) {
	broken := `{"text":"` + strings.Repeat("x", 100_000)
	reply := []llm.StreamDelta{
		{ToolCalls: []llm.ToolCallDelta{{Index: 0, ID: "c1", Name: "upper", Arguments: broken}}},
		// What the model wrote counts 50,000 tokens: the window keeps a stub.
		{Finish: "tool_calls", Usage: &llm.Usage{Input: 900, Output: 50_000}},
	}
	g := &llmtest.Script{Replies: llmtest.Replies(reply, callsUpper("small"), final)}
	a := New(g, "m", tools.NewRegistry(upper{}))
	events := send(context.Background(), a, "write it")
	if _, ok := ending(t, events).(TurnDone); !ok || len(g.Requests()) != 3 {
		t.Fatalf("the turn ended with %#v after %d requests; want TurnDone after 3: the broken call, the retry, the answer", ending(t, events), len(g.Requests()))
	}
	msgs := a.Messages()
	stub := stubOf(t, "100009 bytes of arguments, cut short before the JSON ended")
	if got := msgs[2].ToolCalls[0].Arguments; got != stub {
		t.Errorf("the window holds the call as %.100q, want the stub %q", got, stub)
	}
	if got := msgs[3].Content; !strings.HasPrefix(got, "error: not run: the arguments were 100009 bytes of arguments, cut short") ||
		!strings.Contains(got, "write it in parts") {
		t.Errorf("the call's result is %q, want it to say what the arguments were and how to write in parts", got)
	}
	for i, req := range g.Requests() {
		if err := WellFormed(req.Messages); err != nil {
			t.Errorf("request %d: %v", i+1, err)
		}
		if n := estimateAll(req.Messages); n > DefaultBudget/2 {
			t.Errorf("request %d carries ~%d tokens: the broken call was not held as a stub", i+1, n)
		}
	}
	if size := a.Context().Size(); size > DefaultBudget/2 {
		t.Errorf("after the turn the conversation takes ~%d tokens, want the 50,000 the server counted left out", size)
	}
}

// TestHugeReplyIsCut: a reply of a megabyte of text is shown whole and
// kept cut, so that the next turn still fits.
func TestHugeReplyIsCut(t *testing.T) {
	huge := strings.Repeat("word ", 200_000)
	g := &llmtest.Script{Replies: llmtest.Replies(says(huge), says("short"))}
	a := New(g, "m", tools.NewRegistry())
	send(context.Background(), a, "talk")
	events := send(context.Background(), a, "again")
	if _, ok := ending(t, events).(TurnDone); !ok {
		t.Fatalf("the second turn ended with %#v, want TurnDone", ending(t, events))
	}
	got := g.Requests()[1].Messages[2].Content
	if !strings.HasPrefix(got, "word word") || !strings.HasSuffix(got, "it was 1000000 characters, more than the conversation keeps of one reply]") {
		t.Errorf("the second request carries the reply as %.60q…%.100q, want its start and a note", got, got[max(0, len(got)-100):])
	}
	if n := len(g.Requests()[1].Messages); n != 4 {
		t.Errorf("the second request has %d messages, want 4: system, user, the cut reply, user", n)
	}
}
