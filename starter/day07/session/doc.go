// Package session keeps a conversation on disk as an append-only event
// log, so that another ply process can pick it up where this one stopped.
//
// One session is one file in $PLY_HOME/sessions, named for its id and
// the directory it began in (names.go), and one line of it is one event,
// written when the event happens:
//
//	{"seq":1,"ts":"2026-09-07T10:00:00.000Z","type":"meta","v":1,"id":"s-20260907-100000-k3x9","model":"qwen3","cwd":"/home/ann/calc","agent":"ply day07"}
//	{"seq":2,"ts":"2026-09-07T10:00:00.001Z","type":"system","content":"You are ply, a coding assistant…"}
//	{"seq":3,"ts":"2026-09-07T10:00:04.210Z","type":"message","message":{"role":"user","content":"run the tests"}}
//	{"seq":4,"ts":"2026-09-07T10:00:05.002Z","type":"message","message":{"role":"assistant","content":"","tool_calls":[{"id":"call_1","type":"function","function":{"name":"run_command","arguments":"{\"command\":\"go test ./...\"}"}}]}}
//	{"seq":5,"ts":"2026-09-07T10:00:05.814Z","type":"tool_end","id":"call_1","name":"run_command","outcome":"ok","elapsed_ms":812,"chars":311,"truncated":false}
//	{"seq":6,"ts":"2026-09-07T10:00:05.815Z","type":"message","message":{"role":"tool","content":"--- FAIL: TestDivide…","tool_call_id":"call_1"}}
//	{"seq":7,"ts":"2026-09-07T10:00:07.400Z","type":"message","message":{"role":"assistant","content":"TestDivide fails: divide by zero panics."}}
//	{"seq":8,"ts":"2026-09-07T10:00:07.401Z","type":"usage","input_tokens":1830,"output_tokens":96,"total_tokens":1926}
//
// Every line starts with the same three fields: seq numbers the events
// (1, 2, 3 … with no gap, so an event can be named, a fork point given,
// and a line that went missing seen), ts says when (UTC, to the
// millisecond), and type says which fields follow. The first event, and
// only it, is the meta line. Only message events rebuild the conversation;
// compact and grants events change it in their own ways, and the rest are
// for people reading the log later. The types and their fields are in
// event.go.
//
// Writing: [Store.Create] starts a log and [Log.Append] adds one event in
// one write of one whole line, so a process killed at any moment leaves
// at most a torn last line behind. One process at a time writes a log: a
// second one is refused with a [LockedError].
//
// Reading: [Reader] streams a log and stops at the first line it cannot
// trust, with a [LineError] saying which line and why. [Replay] turns the
// events back into the message window the model saw. [Store.Resume] does
// both and carries on appending to the same file; it is the one place
// that repairs anything, and only a torn last line. [Store.Fork] starts a
// new session from a clean point of an old one and leaves the old file as
// it was.
//
// Looking back: [Store.List] shows the most recent sessions, [Tail] and
// [Describe] the last events of one, [Store.Search] finds text in the
// messages of many, and [Export] writes one as Markdown with its secrets
// taken out.
package session
