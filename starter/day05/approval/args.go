package approval

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// arguments are the parts of a tool call's arguments that the gate reads.
type arguments struct {
	raw      string          // the JSON text as the model wrote it
	Command  string          `json:"command"`   // run_command's command line
	TimeoutS json.RawMessage `json:"timeout_s"` // run_command's timeout, as written; empty when not given
	Path     string          `json:"path"`      // the file a write tool changes
}

// maxKeys is the most keys the arguments of one call may have; the tools'
// schemas have at most four.
const maxKeys = 32

// readArguments reads a call's arguments as the tools will: JSON decoded
// by encoding/json into named fields. It refuses arguments that could be
// read two ways. encoding/json matches names without regard to case and
// keeps the last of two equal names, so {"command":"ls","Command":"rm x"}
// runs rm x; a tool that decoded them another way would run ls. Either
// way, a gate that read one while the tool ran the other would be no gate.
func readArguments(raw string) (arguments, error) {
	args := arguments{raw: raw}
	text := strings.TrimSpace(raw)
	if text == "" {
		text = "{}" // the registry runs a call with no arguments as {}
	}
	if err := uniqueKeys(text); err != nil {
		return args, err
	}
	if err := json.Unmarshal([]byte(text), &args); err != nil {
		return args, fmt.Errorf("they do not fit the schema: %v", err)
	}
	return args, nil
}

// uniqueKeys checks that text is one JSON object whose keys all differ,
// case aside.
func uniqueKeys(text string) error {
	dec := json.NewDecoder(bytes.NewReader([]byte(text)))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return errors.New("they are not a JSON object")
	}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return fmt.Errorf("they are not valid JSON: %v", err)
		}
		name, ok := tok.(string)
		if !ok {
			return errors.New("they are not valid JSON")
		}
		key := foldKey(name)
		if seen[key] {
			return fmt.Errorf("they name %q twice", name)
		}
		if len(seen) == maxKeys {
			return fmt.Errorf("they have more than %d keys", maxKeys)
		}
		seen[key] = true
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return fmt.Errorf("they are not valid JSON: %v", err)
		}
	}
	if _, err := dec.Token(); err != nil {
		return fmt.Errorf("they are not valid JSON: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return errors.New("there is more after the JSON object")
	}
	return nil
}

// foldKey folds a key's case as encoding/json does when it matches names:
// "COMMAND", "Command" and "command" are one name, and so are "ſ" and "s".
func foldKey(key string) string {
	return strings.ToLower(strings.ToUpper(key))
}
