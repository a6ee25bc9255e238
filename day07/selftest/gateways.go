package selftest

import (
	"fmt"

	"ply/day07/llm"
	"ply/day07/llm/llmtest"
)

// The doubles of the checks come from llmtest; what is the checks' own is
// the schedule they retry on.

// flaky is a model that fails with each of errs in turn, then answers with
// the Mock.
func flaky(errs ...error) *llmtest.Script {
	return llmtest.Failing(llmtest.Reply{Pass: llm.Mock{}}, errs...)
}

// retrying wraps g with the default schedule, a random number that is
// always one half, and c for a clock.
func retrying(g llm.Gateway, c *llmtest.Clock) *llm.Retrying {
	return &llm.Retrying{Gateway: g, Schedule: llm.DefaultSchedule, Random: func() float64 { return 0.5 }, Sleep: c.Sleep}
}

// calling is a reply that calls tool once with each of args, in parallel,
// giving the calls the IDs c1, c2 and so on.
func calling(tool string, args ...string) []llm.StreamDelta {
	var reply []llm.StreamDelta
	for i, a := range args {
		id := fmt.Sprintf("c%d", i+1)
		reply = append(reply, llm.StreamDelta{ToolCalls: []llm.ToolCallDelta{{Index: i, ID: id, Name: tool, Arguments: a}}})
	}
	return append(reply, llm.StreamDelta{Finish: "tool_calls"})
}
