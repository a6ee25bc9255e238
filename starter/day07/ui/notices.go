package ui

import (
	"errors"
	"fmt"
	"strconv"
	"time"

	"ply/day07/agent"
	"ply/day07/llm"
)

// This file holds the words ply shows for what day 6 adds to a turn: the
// waits before a retry, compactions, and the new ways a turn can end. They
// are plain text; the turn view gives them their colour.

// retryLine says why ply waits, how long, and which attempt comes next:
// "rate limited — retrying in 6 s, attempt 2 of 5".
func retryLine(e agent.Retrying) string {
	return fmt.Sprintf("%s — retrying in %s, attempt %d of %d", retryReason(e.Err), seconds(e.Wait), e.Attempt, e.Attempts)
}

// retryReason says in a few words why a request failed in a way that may
// pass.
func retryReason(err error) string {
	var apiErr *llm.APIError
	var netErr *llm.NetworkError
	switch {
	case errors.As(err, &apiErr) && apiErr.Status == 429:
		return "rate limited"
	case errors.As(err, &apiErr) && apiErr.Status == 408:
		return "the server timed out"
	case errors.As(err, &apiErr):
		return fmt.Sprintf("the server failed (%d)", apiErr.Status)
	case errors.As(err, &netErr):
		return netErr.Error()
	}
	return err.Error()
}

// seconds writes a wait to a tenth of a second, as "6 s", "0.5 s" or "1.5 s".
func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Round(100*time.Millisecond).Seconds(), 'f', -1, 64) + " s"
}

// compactedLine says what an automatic compaction did.
func compactedLine(e agent.Compacted) string {
	return fmt.Sprintf("compacted: %s replaced by a summary; ~%d → ~%d tokens", llm.Count(e.Replaced, "message"), e.Before, e.After)
}

// fixLine is the advice that goes under an error, when ply has any: what
// to change so that the next try works.
func fixLine(err error) string {
	var apiErr *llm.APIError
	if errors.As(err, &apiErr) && apiErr.Fix != "" {
		return "fix: " + apiErr.Fix
	}
	return ""
}

// repeatedLine ends a turn stopped by loop detection.
func repeatedLine(e agent.Repeated) string {
	return fmt.Sprintf("stopped: the model called %s %s %d times in a row; ask again, or ask differently",
		e.Name, llm.Shorten(e.Arguments, 60), agent.MaxRepeats)
}

// outOfRoomLine ends a turn that does not fit the budget.
func outOfRoomLine(e agent.OutOfRoom) string {
	return fmt.Sprintf("stopped: this turn takes ~%d tokens, more than the budget of %d even after compaction; "+
		"/clear, or set PLY_CONTEXT if the model's window is larger", e.Size, e.Budget)
}
