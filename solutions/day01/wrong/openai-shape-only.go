// Wrong: only OpenAI's shape, {"error":{"message":…}}, is read, so
// Ollama's {"error":"…"} is shown as raw JSON, and JSON of another shape
// as nothing at all.
// Exercise: 5
// Caught by: TestOpenAIErrors/Ollama's_shape, TestOpenAIErrors/JSON_of_another_shape, self-check "openai shows an error given as a plain string"
package llm

import "encoding/json"

func serverMessage(body []byte) string {
	var shape struct {
		Error struct {
			Message string `json:"message"`
		} `json:"error"`
	}
	if err := json.Unmarshal(body, &shape); err != nil {
		return plainText(body)
	}
	return shape.Error.Message
}
