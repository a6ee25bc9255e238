package llm

import (
	"context"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// chat builds a conversation from alternating user and assistant texts,
// after a system prompt.
func chat(texts ...string) []Message {
	msgs := []Message{{Role: RoleSystem, Content: "system"}}
	for i, t := range texts {
		role := RoleUser
		if i%2 == 1 {
			role = RoleAssistant
		}
		msgs = append(msgs, Message{Role: role, Content: t})
	}
	return msgs
}

var replyTests = []struct {
	name string
	msgs []Message
	want string // a part of the reply
}{
	{"greeting", chat("hello"), "Hello! I'm ply's scripted model."},
	{"greeting with punctuation", chat("Hi!"), "Hello!"},
	{"a word inside a word does not match", chat("this is it"), "I can't answer \"this is it\""},
	{"abilities", chat("What can you do?"), "I know a few phrases"},
	{"the first rule that matches wins", chat("Hi, what can you do?"), "I know a few phrases"},
	{"name", chat("what is your name"), "scripted model that ships with ply"},
	{"noted", chat("remember that tabs are 8 wide"), "Noted."},
	{"recall", chat("remember that tabs are 8 wide", "Noted.", "what did I ask you to remember?"),
		"You asked me to remember that tabs are 8 wide."},
	{"recall the latest", chat("remember that a", "Noted.", "remember that b!", "Noted.", "what did I ask you to remember"),
		"remember that b."},
	{"recall what was told after a colon", chat("remember that: tabs are 8 wide", "Noted.", "what did I ask you to remember?"),
		"You asked me to remember that tabs are 8 wide."},
	{"recall with nothing told", chat("what did I ask you to remember?"), "You haven't asked me"},
	{"first message, when it is this one", chat("what was my first message?"), "This is your first message"},
	{"first message quoted", chat("hello", "Hello!", "what was my first message?"), `Your first message was "hello".`},
	{"count one", chat("how many messages have I sent?"), "You have sent 1 message"},
	{"count three", chat("a", "b", "c", "d", "how many messages have I sent?"), "You have sent 3 messages"},
	{"only the last user message counts", chat("hello", "Hello!", "tell me a joke"), "can't answer \"tell me a joke\""},
	{"the model spoke last", chat("how many messages have I sent?", "Just one."), "You have sent 1 message"},
	{"no system prompt", []Message{{Role: RoleUser, Content: "hello"}}, "Hello!"},
	{"no user message", chat(), "There is no user message"},
	{"long input is shortened", chat(strings.Repeat("x", 100)), strings.Repeat("x", 59) + "…"},
}

func TestMockReply(t *testing.T) {
	for _, tt := range replyTests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := Mock{}.Stream(context.Background(), Request{Messages: tt.msgs})
			if err != nil {
				t.Fatalf("Stream: %v", err)
			}
			got := drain(s)
			if got.err != nil || !strings.Contains(got.text, tt.want) {
				t.Errorf("reply = %q (error %v), want one containing %q (see reply, and fragments, in mock.go)", got.text, got.err, tt.want)
			}
		})
	}
}

// TestMockIsPure checks that the Mock neither changes what it is sent nor
// answers the same conversation differently on a second call.
func TestMockIsPure(t *testing.T) {
	for _, tt := range replyTests {
		before := slices.Clone(tt.msgs)
		first := scriptReply(tt.msgs)
		second := scriptReply(tt.msgs)
		if first != second {
			t.Errorf("%s: two calls, two replies: %q, then %q", tt.name, first, second)
		}
		if !reflect.DeepEqual(tt.msgs, before) {
			t.Errorf("%s: scriptReply changed the messages it was sent", tt.name)
		}
	}
}

func TestMockCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := (Mock{}).Stream(ctx, Request{Messages: chat("hello")}); err != context.Canceled {
		t.Errorf("Stream with a cancelled context: error = %v, want context.Canceled", err)
	}
}

func TestMockCancelledMidStream(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s, err := Mock{}.Stream(ctx, Request{Messages: chat("hello")})
	if err != nil {
		t.Fatal(err)
	}
	if !s.Next() {
		t.Fatalf("no first fragment: %v", s.Err())
	}
	cancel()
	if s.Next() || s.Err() != context.Canceled {
		t.Errorf("after cancel, Next still runs or Err = %v; want it to stop with context.Canceled", s.Err())
	}
}

func TestMockStreamShape(t *testing.T) {
	s, err := Mock{}.Stream(context.Background(), Request{Messages: chat("héllo wörld, what can you do?")})
	if err != nil {
		t.Fatal(err)
	}
	got := drain(s)
	if got.pieces < 2 || got.largest > fragmentSize {
		t.Errorf("reply came in %d pieces of up to %d characters, want several of at most %d", got.pieces, got.largest, fragmentSize)
	}
	if got.finish != "stop" || got.usage == nil || got.usage.Input == 0 || got.usage.Output == 0 {
		t.Errorf("stream ended with finish %q and usage %+v, want \"stop\" and both counts", got.finish, got.usage)
	}
}

func TestFragments(t *testing.T) {
	tests := []struct {
		text string
		want []string
	}{
		{"", nil},
		{"abc", []string{"abc"}},
		{"abcdefghi", []string{"abcd", "efgh", "i"}},
		{"héllo wörld", []string{"héll", "o wö", "rld"}},
	}
	for _, tt := range tests {
		var got []string
		for _, d := range fragments(tt.text) {
			got = append(got, d.Text)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("fragments(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}

func TestHasPhrase(t *testing.T) {
	tests := []struct {
		text, phrase string
		want         bool
	}{
		{"Hi!", "hi", true},
		{"this", "hi", false},
		{"So, remember   that: x", "remember that", true},
		{"remembering that", "remember that", false},
		{"", "hi", false},
	}
	for _, tt := range tests {
		if got := hasPhrase(tt.text, tt.phrase); got != tt.want {
			t.Errorf("hasPhrase(%q, %q) = %v, want %v", tt.text, tt.phrase, got, tt.want)
		}
	}
}
