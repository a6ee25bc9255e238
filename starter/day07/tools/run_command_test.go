package tools

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// runArgs writes run_command's arguments as the model would.
func runArgs(command string, timeoutS int) json.RawMessage {
	data, err := json.Marshal(runCommandArgs{Command: command, TimeoutS: timeoutS})
	if err != nil {
		panic(err)
	}
	return data
}

func TestRunCommandRefuses(t *testing.T) {
	tests := []struct {
		name string
		args json.RawMessage
		want string
	}{
		{"no command", runArgs("", 0), "command is required"},
		{"only spaces", runArgs("  \t", 0), "command is required"},
		{"a negative timeout", runArgs("true", -5), "timeout_s is -5; it must be between 1 and 600 seconds"},
		{"a timeout too long", runArgs("true", 100_000), "timeout_s is 100000; it must be between 1 and 600 seconds"},
		{"a timeout no int holds", json.RawMessage(`{"command":"true","timeout_s":1e30}`), "the arguments do not fit the schema"},
		{"a timeout in pieces of a second", json.RawMessage(`{"command":"true","timeout_s":1.5}`), "the arguments do not fit the schema"},
		{"a NUL byte", runArgs("echo a\x00b", 0), "the command holds a NUL byte, which no shell can take"},
		{"a command too long", runArgs(strings.Repeat("x", maxCommandSize+1), 0), "the command is 16385 bytes, more than run_command takes (16 KiB)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := NewRunCommand(tree(t, nil), nil, nil).Run(context.Background(), tt.args)
			if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
				t.Errorf("run_command %s = %q, %v; want an error starting %q", shortLine(string(tt.args)), got, err, tt.want)
			}
		})
	}
}

func TestEndingString(t *testing.T) {
	tests := []struct {
		name string
		end  ending
		want string
	}{
		{"success", ending{code: 0, elapsed: 610 * time.Millisecond}, "(exit code 0 · 0.61s)"},
		{"failure", ending{code: 1, elapsed: 2 * time.Second}, "(exit code 1 · 2.00s)"},
		{"a signal", ending{code: -1, state: "signal: segmentation fault"}, "(ended by a signal: segmentation fault · 0.00s)"},
		{"timed out", ending{code: -1, timedOut: 30 * time.Second, elapsed: 30 * time.Second},
			"(killed: it ran past its timeout of 30s, and its process group was killed with it · 30.00s)"},
		{"cancelled", ending{code: -1, cancelled: true, elapsed: time.Second},
			"(stopped: the user cancelled it, and its process group was stopped with it · 1.00s)"},
		{"cut", ending{code: 0, elapsed: time.Second, total: 100_000_000, cut: true},
			"(exit code 0 · 1.00s · 100000000 bytes of output, the middle cut)"},
		{"left processes behind", ending{code: 0, elapsed: time.Second, leftBehind: true},
			"(exit code 0 · 1.00s · it left processes running that held its output open; they were killed)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.end.String(); got != tt.want {
				t.Errorf("%+v reads %q, want %q", tt.end, got, tt.want)
			}
		})
	}
}
