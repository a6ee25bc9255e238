// Wrong: whatever the first choice holds is the reply, so an empty reply,
// or half an answer cut at the output limit, stays in the conversation
// and goes back to the model on every turn.
// Exercise: 4
// Caught by: TestOpenAIReply/null_content, TestOpenAIReply/stopped_at_the_output_limit
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
	return Message{Role: RoleAssistant, Content: resp.Choices[0].Message.Content}, nil
}
