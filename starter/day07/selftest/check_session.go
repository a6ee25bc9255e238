package selftest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"ply/day07/agent"
	"ply/day07/llm"
	"ply/day07/session"
	"ply/day07/tools"
)

// canned is a tool that answers every call with the same output, so that
// a check of the log runs no real command.
type canned struct{ name, output string }

func (c canned) Name() string            { return c.name }
func (c canned) Description() string     { return "Answers with a fixed output." }
func (c canned) Schema() json.RawMessage { return json.RawMessage(`{"type":"object"}`) }
func (c canned) Args() any               { return new(map[string]any) }
func (c canned) ReadOnly() bool          { return true }
func (c canned) Run(context.Context, json.RawMessage) (string, error) {
	return c.output, nil
}

// loggedTurns runs the Mock on each request in a new session of a store
// in a temporary folder, and returns the log's events.
func loggedTurns(ctx context.Context, requests ...string) ([]session.Event, error) {
	evs, _, err := loggedTurnsCost(ctx, requests...)
	return evs, err
}

// loggedTurnsCost is loggedTurns, and also returns what each turn cost,
// as the agent reported it.
func loggedTurnsCost(ctx context.Context, requests ...string) ([]session.Event, []llm.Usage, error) {
	dir, err := os.MkdirTemp("", "ply-selftest-")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(dir)
	a := agent.New(llm.Mock{}, "scripted", tools.NewRegistry(canned{"read_file", calcRead}, canned{"run_command", testsRed}))
	rec := session.NewRecorder(session.Store{Dir: dir}, a, dir)
	if err := rec.Start(); err != nil {
		return nil, nil, err
	}
	var costs []llm.Usage
	for _, r := range requests {
		a.Send(ctx, r, func(e agent.Event) {
			if done, ok := e.(agent.TurnDone); ok {
				costs = append(costs, done.Usage)
			}
		})
	}
	if err := rec.Close(); err != nil {
		return nil, nil, err
	}
	evs, err := readLog(rec.Path())
	return evs, costs, err
}

// readLog reads every event of the log at path, strictly.
func readLog(path string) ([]session.Event, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return readEvents(data)
}

// readEvents reads the events of a log's bytes, and what stopped the
// reader: nil at a clean end.
func readEvents(data []byte) ([]session.Event, error) {
	return session.Tail(session.NewReader(bytes.NewReader(data), "log.jsonl"), 0)
}

// types returns the type of each event, and checks that the seqs run 1,
// 2, 3 … without a gap.
func types(evs []session.Event) ([]string, error) {
	var out []string
	for i, ev := range evs {
		if ev.Seq != int64(i+1) {
			return nil, fmt.Errorf("event %d has seq %d, want %d: seqs run from 1 without a gap", i+1, ev.Seq, i+1)
		}
		out = append(out, ev.Data.Type())
	}
	return out, nil
}

func turnLogged(ctx context.Context) error {
	evs, err := loggedTurns(ctx, "what does calc.go do?")
	if err != nil {
		return err
	}
	got, err := types(evs)
	if err != nil {
		return err
	}
	want := []string{"meta", "system", "message", "message", "tool_end", "message", "message", "usage"}
	if !slices.Equal(got, want) {
		return fmt.Errorf("the log holds %v, want %v (is AddUsage writing the usage event?)", got, want)
	}
	return nil
}

func toolEndBetween(ctx context.Context) error {
	evs, err := loggedTurns(ctx, "what does calc.go do?")
	if err != nil {
		return err
	}
	for i, ev := range evs {
		end, ok := ev.Data.(session.ToolEnd)
		if !ok {
			continue
		}
		before, after := message(evs, i-1), message(evs, i+1)
		if !slices.ContainsFunc(before.ToolCalls, func(c llm.ToolCall) bool { return c.ID == end.ID }) || after.ToolCallID != end.ID {
			return fmt.Errorf("tool_end of %s at seq %d is not between the call and its tool message", end.ID, ev.Seq)
		}
		return nil
	}
	return errors.New("the turn logged no tool_end")
}

// message returns the message of event i, or an empty one.
func message(evs []session.Event, i int) llm.Message {
	if i < 0 || i >= len(evs) {
		return llm.Message{}
	}
	m, _ := evs[i].Data.(session.Message)
	return m.Message
}

func replaySkips(context.Context) error {
	call := llm.Message{Role: llm.RoleAssistant, ToolCalls: []llm.ToolCall{{ID: "c1", Name: "read_file", Arguments: "{}"}}}
	data := []session.Data{
		session.Meta{V: 1, ID: "s-20260907-100000-k3x9"}, session.System{Content: "old prompt"},
		session.Message{Message: llm.Message{Role: llm.RoleUser, Content: "hi"}},
		session.Message{Message: call},
		session.ToolEnd{ID: "c1", Name: "read_file", Outcome: session.OutcomeOK},
		session.Message{Message: llm.Message{Role: llm.RoleTool, ToolCallID: "c1", Content: "text"}},
		session.Usage{InputTokens: 5, OutputTokens: 1, TotalTokens: 6},
		session.Failure{Message: "502"}, session.Fork{From: "s-20260907-090000-aaaa", AtSeq: 2},
		session.Unknown{Name: "later"},
		session.Message{Message: llm.Message{Role: llm.RoleAssistant, Content: "done"}},
		session.Grants{Grants: []string{"read_file: a"}},
	}
	rp := session.NewReplay("new prompt", func(w []llm.Message, _ string) []llm.Message { return w })
	for i, d := range data {
		rp.Apply(session.Event{Seq: int64(i + 1), Data: d})
	}
	rp.Finish()
	if rp.Replayed != 4 || rp.Skipped != 7 || len(rp.Window) != 5 || len(rp.Grants.Grants) != 1 {
		return fmt.Errorf("replay of 4 messages, 7 other events and a grants event gave %d replayed, %d skipped, a window of %d and %d grants; want 4, 7, 5 and 1",
			rp.Replayed, rp.Skipped, len(rp.Window), len(rp.Grants.Grants))
	}
	if rp.Window[0].Content != "new prompt" || rp.Window[2].Role != llm.RoleAssistant || rp.Window[3].Role != llm.RoleTool {
		return errors.New("the rebuilt window is not today's prompt followed by the logged messages in order")
	}
	return nil
}

func usageRunningTotal(ctx context.Context) error {
	evs, costs, err := loggedTurnsCost(ctx, "hello", "what can you do?")
	if err != nil {
		return err
	}
	var usages []session.Usage
	for _, ev := range evs {
		if u, ok := ev.Data.(session.Usage); ok {
			usages = append(usages, u)
		}
	}
	if len(usages) != 2 || len(costs) != 2 {
		return fmt.Errorf("two turns logged %d usage events, want 2", len(usages))
	}
	in, out := costs[0].Input+costs[1].Input, costs[0].Output+costs[1].Output
	if last := usages[1]; last.InputTokens != in || last.OutputTokens != out || last.TotalTokens != in+out {
		return fmt.Errorf("after turns costing %+v and %+v the last usage event says %+v; want the running total of both", costs[0], costs[1], last)
	}
	return nil
}

// A hand-written log: meta, system, a user message, a tool round, the
// answer. Its seqs are 1 to 7.
const handLog = `{"seq":1,"ts":"2026-09-07T10:00:00.000Z","type":"meta","v":1,"id":"s-20260907-100000-k3x9","model":"m","cwd":"/p","agent":"ply day07"}
{"seq":2,"ts":"2026-09-07T10:00:00.001Z","type":"system","content":"You are ply."}
{"seq":3,"ts":"2026-09-07T10:00:01.000Z","type":"message","message":{"role":"user","content":"was ist kaputt?"}}
{"seq":4,"ts":"2026-09-07T10:00:02.000Z","type":"message","message":{"role":"assistant","content":"","tool_calls":[{"id":"c1","type":"function","function":{"name":"run_command","arguments":"{}"}}]}}
{"seq":5,"ts":"2026-09-07T10:00:03.000Z","type":"usage","input_tokens":10,"output_tokens":2,"total_tokens":12}
{"seq":6,"ts":"2026-09-07T10:00:03.000Z","type":"message","message":{"role":"tool","content":"FAIL","tool_call_id":"c1"}}
{"seq":7,"ts":"2026-09-07T10:00:04.000Z","type":"message","message":{"role":"assistant","content":"Die Division durch null – ein Fehler."}}
`

// handLines returns handLog's lines, each with its "\n".
func handLines() []string { return strings.SplitAfter(strings.TrimSuffix(handLog, "\n"), "\n") }

// expectStop checks that the reader reads want events of data and then
// stops at line with reason.
func expectStop(data string, want, line int, reason error) error {
	evs, err := readEvents([]byte(data))
	var le *session.LineError
	if !errors.As(err, &le) || le.Line != line || !errors.Is(err, reason) {
		return fmt.Errorf("the reader stopped with %v, want line %d: %v", err, line, reason)
	}
	if len(evs) != want {
		return fmt.Errorf("the reader gave %s before line %d, want %d", llm.Count(len(evs), "event"), line, want)
	}
	return nil
}

func cutLastLine(context.Context) error {
	i := strings.Index(handLog, "–") + 1 // inside the three bytes of the dash
	return expectStop(handLog[:i], 6, 7, session.ErrTorn)
}

func damagedMiddle(context.Context) error {
	lines := handLines()
	lines[2] = `{"seq":3,"ts":"2026-09-07T10:00:01.000Z","type":"message","message":{"role":"user","cont` + "\n"
	return expectStop(strings.Join(lines, ""), 2, 3, session.ErrNotJSON)
}

// seqOrder stops the reader at a seq repeated, as two writers leave, and
// at one that skips, as a line deleted from the middle leaves.
func seqOrder(context.Context) error {
	lines := handLines()
	lines[3] = strings.Replace(lines[3], `"seq":4`, `"seq":3`, 1)
	if err := expectStop(strings.Join(lines, ""), 3, 4, session.ErrBadSeq); err != nil {
		return fmt.Errorf("a seq repeated: %w", err)
	}
	lines = handLines()
	if err := expectStop(strings.Join(slices.Delete(lines, 4, 5), ""), 4, 5, session.ErrBadSeq); err != nil {
		return fmt.Errorf("a line deleted from the middle: %w", err)
	}
	return nil
}

func forkPointsClean(context.Context) error {
	r := session.NewReader(strings.NewReader(handLog), "log.jsonl")
	var seqs []int64
	for _, p := range session.ForkPoints(r) {
		seqs = append(seqs, p.Seq)
	}
	if !slices.Equal(seqs, []int64{3, 7}) || r.Err() != nil {
		return fmt.Errorf("the fork points are %v (%v), want [3 7]: the user's message and the answer, not the call, the usage or the result", seqs, r.Err())
	}
	return nil
}

// handStore writes handLog, changed by edit, as session
// s-20260907-100000-k3x9 of a store in a temporary folder. The caller
// removes the folder.
func handStore(edit func(string) string) (session.Store, string, error) {
	dir, err := os.MkdirTemp("", "ply-selftest-")
	if err != nil {
		return session.Store{}, "", err
	}
	path := filepath.Join(dir, "s-20260907-100000-k3x9.jsonl")
	return session.Store{Dir: dir}, path, os.WriteFile(path, []byte(edit(handLog)), 0o600)
}

func forkLeavesParent(context.Context) error {
	store, path, err := handStore(func(s string) string { return s })
	defer os.RemoveAll(store.Dir)
	if err != nil {
		return err
	}
	rec := session.NewRecorder(store, agent.New(llm.Mock{}, "scripted", tools.NewRegistry()), store.Dir)
	if _, err := rec.Fork("s-20260907-100000-k3x9", 3); err != nil {
		return err
	}
	defer rec.Close()
	parent, _ := os.ReadFile(path)
	child, _ := os.ReadFile(rec.Path())
	prefix := strings.Join(handLines()[:3], "")
	if string(parent) != handLog {
		return errors.New("the fork changed its parent's file")
	}
	if !strings.HasPrefix(string(child), prefix) || !strings.HasPrefix(string(child[len(prefix):]), `{"seq":4,`) {
		return errors.New("the fork's log is not the parent's first three lines, byte for byte, then an event with seq 4")
	}
	return nil
}

func repairTorn(context.Context) error {
	cut := func(s string) string { return s[:len(s)-10] }
	store, path, err := handStore(cut)
	defer os.RemoveAll(store.Dir)
	if err != nil {
		return err
	}
	rec := session.NewRecorder(store, agent.New(llm.Mock{}, "scripted", tools.NewRegistry()), store.Dir)
	rp, err := rec.Resume("s-20260907-100000-k3x9")
	if err != nil {
		return err
	}
	defer rec.Close()
	if rp.Repaired == nil || rp.Repaired.Line != 7 {
		return fmt.Errorf("resume repaired %v, want line 7 named", rp.Repaired)
	}
	data, _ := os.ReadFile(path)
	good := strings.Join(handLines()[:6], "")
	if !strings.HasPrefix(string(data), good) || !strings.HasPrefix(string(data[len(good):]), `{"seq":7,`) {
		return errors.New("after the repair the log is not its first six lines, then the next events from seq 7")
	}
	return nil
}

// ChildEnv names the variable that makes ply, or the self-check's test
// binary, run one turn of a session as a separate process: its value is
// "DIR MODE", the store's folder and "first" or "second".
const ChildEnv = "PLY_SELFTEST_SESSION"

// Child runs the turn ChildEnv asks for and returns the exit status. The
// first process starts a session and has the Mock run the tests; the
// second resumes the session and asks which test failed, which the Mock
// can answer only from the window the log rebuilt.
func Child(value string) int {
	dir, mode, _ := strings.Cut(value, " ")
	a := agent.New(llm.Mock{}, "scripted", tools.NewRegistry(canned{"run_command", testsRed}))
	rec := session.NewRecorder(session.Store{Dir: dir}, a, dir)
	var err error
	request := "run the tests and see which case fails"
	if mode == "first" {
		err = rec.Start()
	} else {
		_, err = rec.ResumeLatest()
		request = "which test failed?"
	}
	if err != nil {
		fmt.Println("error:", err)
		return 1
	}
	defer rec.Close()
	a.Send(context.Background(), request, func(e agent.Event) {
		if t, ok := e.(agent.Text); ok {
			fmt.Print(t.Text)
		}
	})
	fmt.Println()
	return 0
}

func secondProcess(ctx context.Context) error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "ply-selftest-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	var said string
	for _, mode := range []string{"first", "second"} {
		cmd := exec.CommandContext(ctx, exe)
		cmd.Env = append(os.Environ(), ChildEnv+"="+dir+" "+mode)
		out, err := cmd.CombinedOutput()
		if err != nil {
			return fmt.Errorf("the %s process: %v: %s", mode, err, out)
		}
		said = string(out)
	}
	if !strings.Contains(said, "TestDiv/by_zero failed") {
		return fmt.Errorf("the second process said %q; want it to cite TestDiv/by_zero from the first one's run", strings.TrimSpace(said))
	}
	return nil
}
