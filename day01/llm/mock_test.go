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
			got, err := Mock{}.Complete(context.Background(), Request{Messages: tt.msgs})
			if err != nil {
				t.Fatalf("Complete: %v", err)
			}
			if got.Role != RoleAssistant || !strings.Contains(got.Content, tt.want) {
				t.Errorf("reply = %s %q, want an assistant message containing %q (see the script in mock.go)", got.Role, got.Content, tt.want)
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
	if _, err := (Mock{}).Complete(ctx, Request{Messages: chat("hello")}); err != context.Canceled {
		t.Errorf("Complete with a cancelled context: error = %v, want context.Canceled", err)
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
