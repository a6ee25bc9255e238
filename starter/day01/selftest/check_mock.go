package selftest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"ply/day01/llm"
)

// conversation builds a message array from alternating user and assistant
// texts, after the system prompt.
func conversation(texts ...string) []llm.Message {
	msgs := []llm.Message{{Role: llm.RoleSystem, Content: "test"}}
	for i, t := range texts {
		role := llm.RoleUser
		if i%2 == 1 {
			role = llm.RoleAssistant
		}
		msgs = append(msgs, llm.Message{Role: role, Content: t})
	}
	return msgs
}

// mockReply asks the Mock to answer msgs.
func mockReply(ctx context.Context, msgs []llm.Message) (string, error) {
	reply, err := llm.Mock{}.Complete(ctx, llm.Request{Messages: msgs})
	return reply.Content, err
}

func mockGreets(ctx context.Context) error {
	got, err := mockReply(ctx, conversation("Hi there!"))
	if err != nil {
		return err
	}
	if !strings.HasPrefix(got, "Hello") {
		return fmt.Errorf(`reply to "Hi there!" = %q, want a greeting that starts with "Hello"`, got)
	}
	// A phrase matches whole words: "this" holds the letters of "hi", and
	// is no greeting.
	got, err = mockReply(ctx, conversation("this is it"))
	if err != nil {
		return err
	}
	if strings.HasPrefix(got, "Hello") {
		return fmt.Errorf(`reply to "this is it" = %q, want no greeting: "hi" is only part of "this"`, got)
	}
	return nil
}

func mockRecalls(ctx context.Context) error {
	told := conversation("remember that the tests live in calc_test.go", "Noted.",
		"what did I ask you to remember?")
	got, err := mockReply(ctx, told)
	if err != nil {
		return err
	}
	if !strings.Contains(got, "calc_test.go") {
		return fmt.Errorf("after being told, reply = %q, want it to mention calc_test.go", got)
	}
	got, err = mockReply(ctx, conversation("what did I ask you to remember?"))
	if err != nil {
		return err
	}
	if strings.Contains(got, "calc_test.go") || !strings.Contains(got, "haven't") {
		return fmt.Errorf("in a fresh conversation, reply = %q, want \"You haven't asked me…\"", got)
	}
	return nil
}

func mockIsPure(ctx context.Context) error {
	msgs := conversation("hello", "Hello!", "how many messages have I sent?")
	before := slices.Clone(msgs)
	first, err := mockReply(ctx, msgs)
	if err != nil {
		return err
	}
	second, err := mockReply(ctx, msgs)
	if err != nil {
		return err
	}
	switch {
	case first == "":
		return errors.New("the reply is empty")
	case first != second:
		return fmt.Errorf("same messages, two replies: %q, then %q", first, second)
	case !reflect.DeepEqual(msgs, before):
		return errors.New("the Mock changed the messages it was sent")
	}
	return nil
}

func mockNoUserMessage(ctx context.Context) error {
	got, err := mockReply(ctx, conversation())
	if err != nil {
		return err
	}
	if !strings.Contains(got, "no user message") {
		return fmt.Errorf("reply to a conversation of only the system prompt = %q, want one that says there is no user message", got)
	}
	return nil
}

func mockCancelled(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	cancel()
	_, err := mockReply(ctx, conversation("hello"))
	if !errors.Is(err, context.Canceled) {
		return fmt.Errorf("with a cancelled context, error = %v, want context.Canceled", err)
	}
	return nil
}
