// Wrong: the decoder's error is returned as it is, and the user reads
// "unexpected EOF" with no word of where it came from.
// Exercise: 4
// Caught by: TestOpenAIBadJSON
package llm

import (
	"encoding/json"
	"io"
)

func decodeReply(r io.Reader) (Message, error) {
	var resp chatResponse
	if err := json.NewDecoder(r).Decode(&resp); err != nil {
		return Message{}, err
	}
	if len(resp.Choices) == 0 {
		return Message{}, ErrNoChoices
	}
	choice := resp.Choices[0]
	if err := replyError(choice.FinishReason == "length", choice.Message.Content == ""); err != nil {
		return Message{}, err
	}
	return Message{Role: RoleAssistant, Content: choice.Message.Content}, nil
}
