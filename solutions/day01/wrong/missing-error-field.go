// Wrong: a body with no "error" field decodes without an error, and the
// nil RawMessage fails both decodes, so JSON of another shape, such as
// {"detail":"Not Found"}, is shown as nothing.
// Exercise: 5
// Caught by: TestOpenAIErrors/JSON_of_another_shape
package llm

import "encoding/json"

func serverMessage(body []byte) string {
	var shape struct {
		Error json.RawMessage `json:"error"`
	}
	if err := json.Unmarshal(body, &shape); err != nil {
		return plainText(body)
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
