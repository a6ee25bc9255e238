// Wrong: replyError gets its two facts the wrong way round, so an empty
// reply is reported as cut at the output limit, and a cut one as empty.
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
	choice := resp.Choices[0]
	if err := replyError(choice.Message.Content == "", choice.FinishReason == "length"); err != nil {
		return Message{}, err
	}
	return Message{Role: RoleAssistant, Content: choice.Message.Content}, nil
}
