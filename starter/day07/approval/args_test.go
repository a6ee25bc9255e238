package approval

import (
	"strings"
	"testing"
)

func TestReadArguments(t *testing.T) {
	tests := []struct {
		name    string
		raw     string
		command string
		err     string // a piece of the error; "" for none
	}{
		{"a command", `{"command":"ls"}`, "ls", ""},
		{"other keys too", `{"command":"ls","timeout_s":5}`, "ls", ""},
		{"nothing", ``, "", ""},
		{"blank", " \n", "", ""},
		{"escapes decoded", `{"command":"l\u0073"}`, "ls", ""},
		{"a NUL decoded", `{"command":"ls\u0000rm"}`, "ls\x00rm", ""},
		{"a name twice", `{"command":"ls","command":"rm x"}`, "", `name "command" twice`},
		{"a name twice, case aside", `{"command":"ls","COMMAND":"rm x"}`, "", "twice"},
		{"a name twice, folded", `{"path":"a","PATH":"b"}`, "", "twice"},
		{"not an object", `["ls"]`, "", "not a JSON object"},
		{"a string", `"ls"`, "", "not a JSON object"},
		{"broken", `{"command":"ls"`, "", "not valid JSON"},
		{"more after", `{"command":"ls"} {"command":"rm x"}`, "", "more after"},
		{"a wrong type", `{"command":5}`, "", "do not fit the schema"},
		{"too many keys", "{" + manyKeys(maxKeys+1) + "}", "", "more than 32 keys"},
		{"nested past the decoder's depth", `{"command":"ls","x":` + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + "}", "", "not valid JSON"},
		{"a key that is not a string", `{1:"ls"}`, "", "not valid JSON"},
		{"a command of a megabyte", `{"command":"` + strings.Repeat("l", 1<<20) + `"}`, strings.Repeat("l", 1<<20), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args, err := readArguments(tt.raw)
			switch {
			case tt.err == "" && err != nil:
				t.Errorf("readArguments(%q): %v, want no error", tt.raw, err)
			case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
				t.Errorf("readArguments(%q): error %v, want one that says %q", tt.raw, err, tt.err)
			case err == nil && args.Command != tt.command:
				t.Errorf("readArguments(%q).Command = %q, want %q", tt.raw, args.Command, tt.command)
			}
		})
	}
}

// manyKeys returns n distinct "kN":0 members of a JSON object.
func manyKeys(n int) string {
	keys := make([]string, n)
	for i := range keys {
		keys[i] = `"k` + strings.Repeat("x", i) + `":0`
	}
	return strings.Join(keys, ",")
}
