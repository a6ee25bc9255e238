package session_test

import (
	"fmt"
	"strings"

	"ply/day07/session"
)

// A log is read event by event, and the reader stops at the first line
// it cannot trust: here the fourth, whose seq is not one more than the
// last.
func ExampleReader() {
	log := `{"seq":1,"ts":"2026-09-07T10:00:00.000Z","type":"meta","v":1,"id":"s-20260907-100000-k3x9","model":"qwen3","cwd":"/home/ann/calc","agent":"ply day07"}
{"seq":2,"ts":"2026-09-07T10:00:04.210Z","type":"message","message":{"role":"user","content":"run the tests"}}
{"seq":3,"ts":"2026-09-07T10:00:07.400Z","type":"message","message":{"role":"assistant","content":"TestDivide fails."}}
{"seq":3,"ts":"2026-09-07T10:00:07.401Z","type":"usage","input_tokens":1830,"output_tokens":96,"total_tokens":1926}
{"seq":5,"ts":"2026-09-07T10:00:09.000Z","type":"message","message":{"role":"user","content":"never read"}}
`
	r := session.NewReader(strings.NewReader(log), "demo.jsonl")
	for r.Next() {
		fmt.Println(session.Describe(r.Event()))
	}
	fmt.Println(r.Err())
	// Output:
	//    1 meta     v1 qwen3 in /home/ann/calc, by ply day07
	//    2 message  user: run the tests
	//    3 message  assistant: TestDivide fails.
	// demo.jsonl:4: seq is not one more than the last: 3 after 3
}
