// Wrong: the total is kept before the append, so a failed write still counts tokens the log never
// recorded.
// Exercise: 1
// Caught by: TestAddUsageKeepsTheTotalWhenTheAppendFails
package session

import "ply/day07/llm"

func (l *Log) AddUsage(turn llm.Usage) error {
	l.usage.InputTokens += turn.Input
	l.usage.OutputTokens += turn.Output
	l.usage.TotalTokens = l.usage.InputTokens + l.usage.OutputTokens
	_, err := l.Append(l.usage)
	return err
}
