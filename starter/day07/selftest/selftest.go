// Package selftest is the day's self-check: small checks of the day's
// behaviour, each tied to the lab exercise it depends on. MOCK=1 SELFTEST=1
// runs them and prints one line each; go test runs them too.
package selftest

import (
	"context"
	"fmt"
	"time"
)

// Check is one self-check.
type Check struct {
	Name     string
	Exercise int                             // the lab exercise it depends on; 0 for none
	Run      func(ctx context.Context) error // returns nil when the check passes
}

// Result is what running one check found.
type Result struct {
	Check
	Err error // nil when the check passed
}

// checkTimeout bounds one check, so that a half-written exercise that hangs
// fails its check instead of the whole self-check.
const checkTimeout = 5 * time.Second

// Run runs every check in order and hands each result to report as soon
// as the check ends.
func Run(report func(Result)) {
	for _, c := range checks {
		report(Result{Check: c, Err: runOne(c)})
	}
}

// runOne runs c on a goroutine of its own, with a deadline. A check that
// has not ended by then, stuck in a loop that never ends, fails, and the
// next check runs; its goroutine is left behind, and ends with the
// program. A panic in the code under test fails only its own check.
func runOne(c Check) error {
	ctx, cancel := context.WithTimeout(context.Background(), checkTimeout)
	defer cancel()
	done := make(chan error, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- fmt.Errorf("panic: %v", p)
			}
		}()
		done <- c.Run(ctx)
	}()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		return fmt.Errorf("still running after %v: is there a loop that never ends?", checkTimeout)
	}
}
