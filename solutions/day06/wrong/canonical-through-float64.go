// Wrong: json.Unmarshal into an any reads every number as a float64, so
// ids past 2^53 that differ in their last digits are one call.
// Exercise: 4
// Caught by: TestCanonical, TestRepeatsSee/numbers_are_the_same_only_when_written_the_same
package agent

import (
	"encoding/json"
	"strings"
)

func canonical(args string) string {
	if strings.TrimSpace(args) == "" {
		return "{}"
	}
	var value any
	if err := json.Unmarshal([]byte(args), &value); err != nil {
		return args
	}
	data, err := json.Marshal(value)
	if err != nil {
		return args
	}
	return string(data)
}
