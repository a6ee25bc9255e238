package selftest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"

	"ply/day02/llm"
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

// mockReply streams the Mock's answer to msgs and joins it up.
func mockReply(ctx context.Context, msgs []llm.Message) (string, error) {
	s, err := llm.Mock{}.Stream(ctx, llm.Request{Messages: msgs})
	if err != nil {
		return "", err
	}
	c := collect(s)
	return c.text, c.err
}

func mockFragments(ctx context.Context) error {
	s, err := llm.Mock{}.Stream(ctx, llm.Request{Messages: conversation("héllo, what can you do?")})
	if err != nil {
		return err
	}
	c := collect(s)
	switch {
	case c.err != nil:
		return c.err
	case c.pieces < 10 || c.largest > 4:
		return fmt.Errorf("the reply came in %s of up to %s, want many pieces of at most 4", llm.Count(c.pieces, "piece"), llm.Count(c.largest, "character"))
	case c.broken > 0:
		return fmt.Errorf("%s of the reply split a character in two: cut characters, not bytes", llm.Count(c.broken, "piece"))
	case !strings.HasPrefix(c.text, "I know a few phrases"):
		return fmt.Errorf("the pieces join up to %q, want the whole scripted reply", c.text)
	case c.usage.Input == 0 || c.usage.Output == 0 || c.finish != "stop":
		return fmt.Errorf("the stream ended with usage %+v and finish %q, want both token counts and \"stop\"", c.usage, c.finish)
	}
	return nil
}

func mockGreets(ctx context.Context) error {
	got, err := mockReply(ctx, conversation("Hi there!"))
	if err != nil {
		return err
	}
	if !strings.HasPrefix(got, "Hello") {
		return fmt.Errorf(`reply to "Hi there!" = %q, want a greeting that starts with "Hello"`, got)
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

func mockCancelled(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	s, err := llm.Mock{}.Stream(ctx, llm.Request{Messages: conversation("hello")})
	if err != nil {
		return err
	}
	cancel() // the user presses Ctrl-C before the first fragment
	if c := collect(s); !errors.Is(c.err, context.Canceled) {
		return fmt.Errorf("after cancel, the stream gave %q and error %v, want context.Canceled", c.text, c.err)
	}
	return nil
}

// answer is what a server sent back.
type answer struct {
	status      int
	contentType string
	body        string
}

// postMock sends body to the Mock's HTTP handler and returns its answer.
func postMock(ctx context.Context, body string) (answer, error) {
	srv := httptest.NewServer(llm.MockHandler())
	defer srv.Close()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, srv.URL+"/v1/chat/completions", strings.NewReader(body))
	if err != nil {
		return answer{}, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return answer{}, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	return answer{resp.StatusCode, resp.Header.Get("Content-Type"), string(data)}, err
}

func mockServerStreams(ctx context.Context) error {
	got, err := postMock(ctx, `{"model":"m","stream":true,"stream_options":{"include_usage":true},`+
		`"messages":[{"role":"user","content":"hello"}]}`)
	if err != nil {
		return err
	}
	if !strings.HasPrefix(got.contentType, "text/event-stream") {
		return fmt.Errorf("Content-Type %q, want text/event-stream", got.contentType)
	}
	var events []string
	for _, line := range strings.Split(got.body, "\n") {
		data, ok := strings.CutPrefix(line, "data: ")
		if line != "" && !ok {
			return fmt.Errorf("line %q is neither \"data: …\" nor blank", line)
		}
		if ok {
			events = append(events, data)
		}
	}
	if n := len(events); n < 3 || events[n-1] != "[DONE]" {
		return fmt.Errorf("got %s, want chunks, a usage chunk, then [DONE] last", llm.Count(n, "event"))
	}
	var usage struct {
		Choices []any          `json:"choices"`
		Usage   map[string]int `json:"usage"`
	}
	last := events[len(events)-2]
	if err := json.Unmarshal([]byte(last), &usage); err != nil ||
		usage.Choices == nil || len(usage.Choices) != 0 || usage.Usage["total_tokens"] == 0 {
		return fmt.Errorf("the event before [DONE] is %s, want a chunk with \"choices\":[] and the usage", last)
	}
	return nil
}

func mockServerBadBody(ctx context.Context) error {
	got, err := postMock(ctx, `{"messages": [`)
	if err != nil {
		return err
	}
	if got.status != http.StatusBadRequest || !strings.Contains(got.body, `"message"`) {
		return fmt.Errorf("got %d %s, want 400 with an OpenAI error body", got.status, got.body)
	}
	return nil
}
