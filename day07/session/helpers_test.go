package session

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"

	"ply/day07/llm"
)

// testSystem is the system prompt of the tests' windows.
const testSystem = "You are ply, under test."

// testCompact is a pure compaction like the agent's: it keeps the system
// prompt, puts the summary in a user message, and keeps the last user
// message and what follows it.
func testCompact(window []llm.Message, summary string) []llm.Message {
	last := len(window)
	for i := len(window) - 1; i > 0; i-- {
		if window[i].Role == llm.RoleUser {
			last = i
			break
		}
	}
	out := []llm.Message{window[0], {Role: llm.RoleUser, Content: "Summary of the conversation so far: " + summary}}
	return append(out, window[last:]...)
}

// newTestStore returns a store in a new temporary folder.
func newTestStore(t testing.TB) Store {
	t.Helper()
	return Store{Dir: filepath.Join(t.TempDir(), "sessions")}
}

// create starts a session in s and fails the test when it cannot.
func create(t testing.TB, s Store) *Log {
	t.Helper()
	l, err := s.Create(Meta{Model: "scripted", Cwd: "/home/ann/calc", Agent: "ply test"}, testSystem, nil)
	if err != nil {
		t.Fatalf("Create: %v", err)
	}
	return l
}

// logOf returns the path of session id's log in s, whatever its name.
func logOf(t testing.TB, s Store, id string) string {
	t.Helper()
	path, err := s.find(id)
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// fileSize returns the size of the file at path.
func fileSize(t testing.TB, path string) int64 {
	t.Helper()
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return info.Size()
}

// lockOf takes the lock of session id of s, as Resume does.
func lockOf(s Store, id string) (*lock, error) {
	path, err := s.find(id)
	if err != nil {
		return nil, err
	}
	return acquire(id, path, s.pidPath(id))
}

// folderNames returns the files in the sessions folder of s, and in the
// folder of new logs inside it, by their paths from s.Dir, sorted.
func folderNames(t testing.TB, s Store) []string {
	t.Helper()
	var names []string
	err := filepath.WalkDir(s.Dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(s.Dir, path)
			names = append(names, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return names
}

// unlocked reports whether the log of session id of s can be locked, as
// a second ply would lock it, and unlocks it again.
func unlocked(t testing.TB, s Store, id string) bool {
	t.Helper()
	f, err := os.Open(logOf(t, s, id))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got, err := tryLock(f)
	if err != nil {
		t.Fatal(err)
	}
	if got {
		unlock(f)
	}
	return got
}

// mustAppend appends d to l and fails the test when it cannot.
func mustAppend(t testing.TB, l *Log, d Data) Event {
	t.Helper()
	ev, err := l.Append(d)
	if err != nil {
		t.Fatalf("Append(%T): %v", d, err)
	}
	return ev
}

// user, answer, calls and result make the messages of the tests.
func user(text string) Message {
	return Message{Message: llm.Message{Role: llm.RoleUser, Content: text}}
}
func answer(text string) Message {
	return Message{Message: llm.Message{Role: llm.RoleAssistant, Content: text}}
}

func calls(ids ...string) Message {
	m := llm.Message{Role: llm.RoleAssistant}
	for _, id := range ids {
		m.ToolCalls = append(m.ToolCalls, llm.ToolCall{ID: id, Name: "read_file", Arguments: `{"path":"calc.go"}`})
	}
	return Message{Message: m}
}

func result(id, text string) Message {
	return Message{Message: llm.Message{Role: llm.RoleTool, ToolCallID: id, Content: text}}
}

// line writes one log line by hand: seq, a fixed ts, type, and the rest,
// which is either "" or the type's fields, such as `"content":"x"`.
func line(seq int, typ, rest string) string {
	s := fmt.Sprintf(`{"seq":%d,"ts":"2026-09-07T10:00:00.000Z","type":%q`, seq, typ)
	if rest != "" {
		s += "," + rest
	}
	return s + "}\n"
}

// metaLine is a good first line.
func metaLine() string {
	return line(1, "meta", `"v":1,"id":"s-20260907-100000-k3x9","model":"scripted","cwd":"/home/ann/calc","agent":"ply test"`)
}

// msgLine is a message line with the given role and content.
func msgLine(seq int, role, content string) string {
	return line(seq, "message", fmt.Sprintf(`"message":{"role":%q,"content":%q}`, role, content))
}

// readAll reads every event of data, a byte at a time so that every line
// crosses buffer boundaries, and returns them with the reader's error.
func readAll(t testing.TB, data string, max int) ([]Event, *Reader) {
	t.Helper()
	r := NewReader(iotest.OneByteReader(strings.NewReader(data)), "test.jsonl")
	if max > 0 {
		r.max = max
	}
	evs, _ := Tail(r, 0)
	return evs, r
}

// seqs returns the seqs of evs.
func seqs(evs []Event) []int64 {
	var out []int64
	for _, ev := range evs {
		out = append(out, ev.Seq)
	}
	return out
}

// readFile returns the bytes of the file at path.
func readFile(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// writeFile writes data to the file at path.
func writeFile(t testing.TB, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
}

// events reads the whole log at path with a strict reader.
func events(t testing.TB, path string) []Event {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	evs, err := Tail(NewReader(f, path), 0)
	if err != nil {
		t.Fatalf("reading %s: %v", path, err)
	}
	return evs
}

// sameFile fails the test unless the file at path holds exactly want.
func sameFile(t testing.TB, path string, want []byte) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s changed: %d bytes, want the %d it had (first difference at byte %d)",
			filepath.Base(path), len(got), len(want), firstDiff(got, want))
	}
}

// firstDiff returns the offset of the first byte where a and b differ.
func firstDiff(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// callsAnswered fails the test when an assistant message of window has a
// tool call with no tool message after it: no server takes that window.
func callsAnswered(t testing.TB, window []llm.Message) {
	t.Helper()
	answered := map[string]bool{}
	for _, m := range window {
		if m.Role == llm.RoleTool {
			answered[m.ToolCallID] = true
		}
	}
	for i, m := range window {
		for _, c := range m.ToolCalls {
			if !answered[c.ID] {
				t.Errorf("window[%d] calls %s, and nothing answers it", i, c.ID)
			}
		}
	}
}
