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

// Run runs every check in order and returns what each found.
func Run() []Result {
	results := make([]Result, len(checks))
	for i, c := range checks {
		results[i] = Result{Check: c, Err: runOne(c)}
	}
	return results
}

// runOne runs c with a deadline. A panic in the code under test is
// reported as that check's failure, and the other checks still run.
func runOne(c Check) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), checkTimeout)
	defer cancel()
	return c.Run(ctx)
}
