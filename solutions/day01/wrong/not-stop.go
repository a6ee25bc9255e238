// Wrong: every finish_reason but "stop" is taken for a cut reply, but
// servers may leave the field out, and a whole reply is then refused.
// Exercise: 4
// Caught by: TestOpenAIReply/no_finish_reason, TestOpenAIReply/first_of_two_choices, self-check "openai reads the reply"
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
	choice := resp.Choices[0]
	if err := replyError(choice.FinishReason != "stop", choice.Message.Content == ""); err != nil {
		return Message{}, err
	}
	return Message{Role: RoleAssistant, Content: choice.Message.Content}, nil
}
