package llm

import "testing"

// ExpectedCalls reads, from the SOURCES.md beside the captured streams,
// the whole tool calls each capture assembles to, by file name. It is
// for the tests of this directory that live outside the package, and it
// skips the test when there are no captures.
func ExpectedCalls(t *testing.T) (dir string, calls map[string][]ToolCall) {
	dir = wireFixtures(t)
	calls = map[string][]ToolCall{}
	for name, c := range readSources(t, dir) {
		for _, a := range c.calls {
			calls[name] = append(calls[name], ToolCall{ID: a.id, Name: a.name, Arguments: a.args})
		}
	}
	return dir, calls
}

// RoundSchedule is the schedule with round numbers that the tests read
// easily, for those that live outside the package.
var RoundSchedule = schedule
