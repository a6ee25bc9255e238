// Wrong: each usage event holds one reply's tokens, so the last one is the cost of the last reply,
// not of the session.
// Exercise: 1
// Caught by: TestAddUsageKeepsARunningTotal, TestReplayEqualsTheLiveWindow, self-check "usage events hold the session's running total"
package session

import "ply/day07/llm"

func (l *Log) AddUsage(turn llm.Usage) error {
	u := Usage{InputTokens: turn.Input, OutputTokens: turn.Output, TotalTokens: turn.Input + turn.Output}
	if _, err := l.Append(u); err != nil {
		return err
	}
	l.usage = u
	return nil
}
