package llm

import (
	"cmp"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// wireFixtures returns the folder of real captured server answers that
// sits beside a checkout of the course (shared/fixtures/wire), or skips
// the test when there is none. PLY_WIRE_FIXTURES names another folder.
func wireFixtures(t *testing.T) string {
	t.Helper()
	if dir := os.Getenv("PLY_WIRE_FIXTURES"); dir != "" {
		return dir
	}
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for {
		candidate := filepath.Join(dir, "shared", "fixtures", "wire")
		if _, err := os.Stat(candidate); err == nil {
			return candidate
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Skip("no shared/fixtures/wire folder beside the checkout")
		}
		dir = parent
	}
}

// TestCapturedErrorBodies reads every captured OpenAI error body and checks
// that serverMessage finds the message the server wrote.
func TestCapturedErrorBodies(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(wireFixtures(t), "openai_error_*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no openai_error_*.json captures found (%v)", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			body, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var want struct {
				Error struct{ Message string } `json:"error"`
			}
			if err := json.Unmarshal(body, &want); err != nil || want.Error.Message == "" {
				t.Fatalf("capture is not an OpenAI error body: %v", err)
			}
			if got := serverMessage(body); got != want.Error.Message {
				t.Errorf("serverMessage = %q, want %q", got, want.Error.Message)
			}
		})
	}
}

// capture is what SOURCES.md says a captured stream assembles to.
type capture struct {
	text   *string // nil when SOURCES.md does not say
	finish string
	usage  *Usage // nil when the stream has no usage chunk
	calls  []assembled
}

// assembled is one whole tool call: fragments joined by index.
type assembled struct {
	index          int
	id, name, args string
}

var (
	sourceHeading = regexp.MustCompile(`^(?:#+ |- \*\*)([a-z0-9_]+\.sse)`)
	sourceText    = regexp.MustCompile("Final text:? (?:`([^`]*)`|empty)|text empty")
	sourceFinish  = regexp.MustCompile("finish_reason:? `(\\w+)`")
	sourceUsage   = regexp.MustCompile(`Usage: (?:prompt )?(\d+)(?:, completion | / )(\d+)`)
	sourceCall    = regexp.MustCompile("Call index (\\d+): id `([^`]+)`, name `([^`]+)`, arguments `([^`]+)`")
)

// readSources reads the expected results of each .sse capture from the
// SOURCES.md beside them: each capture's heading or bullet, and the lines
// under it up to the next one.
func readSources(t *testing.T, dir string) map[string]capture {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "SOURCES.md"))
	if err != nil {
		t.Fatalf("the captures have no SOURCES.md: %v", err)
	}
	blocks := map[string]string{}
	current := ""
	for _, line := range strings.Split(string(data), "\n") {
		if m := sourceHeading.FindStringSubmatch(line); m != nil {
			current = m[1]
		} else if strings.HasPrefix(line, "## ") {
			current = ""
		}
		if current != "" {
			blocks[current] += line + "\n"
		}
	}
	sources := map[string]capture{}
	for name, block := range blocks {
		var c capture
		if m := sourceText.FindStringSubmatch(block); m != nil {
			c.text = &m[1]
		}
		if m := sourceFinish.FindStringSubmatch(block); m != nil {
			c.finish = m[1]
		}
		if m := sourceUsage.FindStringSubmatch(block); m != nil {
			in, _ := strconv.Atoi(m[1]) // the pattern matched digits
			out, _ := strconv.Atoi(m[2])
			c.usage = &Usage{Input: in, Output: out}
		}
		for _, m := range sourceCall.FindAllStringSubmatch(block, -1) {
			index, _ := strconv.Atoi(m[1]) // the pattern matched digits
			c.calls = append(c.calls, assembled{index, m[2], m[3], m[4]})
		}
		sources[name] = c
	}
	return sources
}

// joinCalls joins tool-call fragments by index, the way SOURCES.md did to
// find its expected results: id and name from the first fragment with
// them, arguments concatenated.
func joinCalls(fragments []ToolCallDelta) []assembled {
	var calls []assembled
	for _, f := range fragments {
		for len(calls) <= f.Index {
			calls = append(calls, assembled{index: len(calls)})
		}
		c := &calls[f.Index]
		c.id = cmp.Or(c.id, f.ID)
		c.name = cmp.Or(c.name, f.Name)
		c.args += f.Arguments
	}
	return calls
}

// TestCapturedStreams streams every captured .sse file through the client
// and checks the text, finish reason, usage and tool-call fragments
// against the results SOURCES.md lists. Each is served with its right
// label and with the wrong ones servers have been seen to send, since
// ply reads what a body holds, not what it is called.
func TestCapturedStreams(t *testing.T) {
	dir := wireFixtures(t)
	sources := readSources(t, dir)
	files, err := filepath.Glob(filepath.Join(dir, "*.sse"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no .sse captures in %s (%v)", dir, err)
	}
	for _, file := range files {
		name := filepath.Base(file)
		t.Run(name, func(t *testing.T) {
			want, ok := sources[name]
			if !ok || want.text == nil || want.finish == "" {
				t.Fatalf("SOURCES.md lists no final text and finish reason for %s", name)
			}
			body, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			for _, label := range []string{"text/event-stream", "application/json", "text/plain; charset=utf-8"} {
				got := streamFrom(t, serve(t, &answer{status: 200, contentType: label, body: string(body)}))
				if got.err != nil || got.text != *want.text || got.finish != want.finish {
					t.Errorf("labelled %s: got text %q, finish %q, error %v;\nwant text %q, finish %q", label, got.text, got.finish, got.err, *want.text, want.finish)
				}
				if (got.usage == nil) != (want.usage == nil) || (got.usage != nil && *got.usage != *want.usage) {
					t.Errorf("labelled %s: usage %v, want %v", label, got.usage, want.usage)
				}
				if calls := joinCalls(got.calls); !slices.Equal(calls, want.calls) {
					t.Errorf("labelled %s: tool calls joined by index %+v, want %+v", label, calls, want.calls)
				}
			}
		})
	}
}
