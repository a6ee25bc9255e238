// Wrong: the first choice is taken without looking whether there is one,
// and an answer with no choices panics instead of failing one turn.
// Exercise: 4
// Caught by: TestOpenAIReply/no_choices, self-check "openai reports an answer with no choices"
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
	choice := resp.Choices[0]
	if err := replyError(choice.FinishReason == "length", choice.Message.Content == ""); err != nil {
		return Message{}, err
	}
	return Message{Role: RoleAssistant, Content: choice.Message.Content}, nil
}
