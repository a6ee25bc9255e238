// Wrong: a Decoder reads the first JSON value and stops, so text with
// another value after it is read as that first value alone.
// Exercise: 4
// Caught by: TestCanonical
package agent

import (
	"encoding/json"
	"strings"
)

func canonical(args string) string {
	if strings.TrimSpace(args) == "" {
		return "{}"
	}
	d := json.NewDecoder(strings.NewReader(args))
	d.UseNumber()
	var value any
	if err := d.Decode(&value); err != nil {
		return args
	}
	data, err := json.Marshal(value)
	if err != nil {
		return args
	}
	return string(data)
}
