// Wrong: a body that is not JSON gets no message at all, but what a proxy
// sends in front of a server, such as "upstream connect error", is plain
// text.
// Exercise: 5
// Caught by: TestOpenAIErrors/plain_text, TestOpenAIErrors/JSON_of_another_shape, self-check "openai shows a refusal in plain text"
package llm

import "encoding/json"

func serverMessage(body []byte) string {
	var shape struct {
		Error json.RawMessage `json:"error"`
	}
	if err := json.Unmarshal(body, &shape); err != nil || shape.Error == nil {
		return ""
	}
	var text string
	if json.Unmarshal(shape.Error, &text) == nil {
		return text
	}
	var object struct {
		Message string `json:"message"`
	}
	if json.Unmarshal(shape.Error, &object) == nil {
		return object.Message
	}
	return ""
}
