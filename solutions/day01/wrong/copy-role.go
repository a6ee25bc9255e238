// Wrong: the role is copied from the wire, so an answer that leaves it out
// puts a message with no role in the conversation, and the next request
// sends it back.
// Exercise: 4
// Caught by: TestOpenAIReply/no_role, TestOpenAIReply/first_of_two_choices, self-check "openai reads the reply"
package llm

import (
	"encoding/json"
	"fmt"
	"io"
)

func decodeReply(r io.Reader) (Message, error) {
	var resp chatResponse
	if err := json.NewDecoder(r).Decode(&resp); err != nil {
		return Message{}, fmt.Errorf("read the server's answer: %w", err)
	}
	if len(resp.Choices) == 0 {
		return Message{}, ErrNoChoices
	}
	m := resp.Choices[0].Message
	if err := replyError(resp.Choices[0].FinishReason == "length", m.Content == ""); err != nil {
		return Message{}, err
	}
	return Message{Role: m.Role, Content: m.Content}, nil
}
