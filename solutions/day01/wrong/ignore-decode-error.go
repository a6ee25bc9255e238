// Wrong: the decoder's error is dropped, so a cut answer is reported as
// an answer with no choices: an error, but one that names the wrong cause.
// Exercise: 4
// Caught by: TestOpenAIBadJSON
package llm

import (
	"encoding/json"
	"io"
)

func decodeReply(r io.Reader) (Message, error) {
	var resp chatResponse
	_ = json.NewDecoder(r).Decode(&resp)
	if len(resp.Choices) == 0 {
		return Message{}, ErrNoChoices
	}
	choice := resp.Choices[0]
	if err := replyError(choice.FinishReason == "length", choice.Message.Content == ""); err != nil {
		return Message{}, err
	}
	return Message{Role: RoleAssistant, Content: choice.Message.Content}, nil
}
