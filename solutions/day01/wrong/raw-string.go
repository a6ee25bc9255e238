// Wrong: an "error" that is not an object is returned as its raw JSON
// text, so the user sees the quotes and the backslashes of the wire.
// Exercise: 5
// Caught by: TestOpenAIErrors/Ollama's_shape, self-check "openai shows an error given as a plain string"
package llm

import "encoding/json"

func serverMessage(body []byte) string {
	var shape struct {
		Error json.RawMessage `json:"error"`
	}
	if err := json.Unmarshal(body, &shape); err != nil || shape.Error == nil {
		return plainText(body)
	}
	var object struct {
		Message string `json:"message"`
	}
	if json.Unmarshal(shape.Error, &object) == nil {
		return object.Message
	}
	return string(shape.Error)
}
