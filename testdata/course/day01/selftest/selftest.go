// Package selftest is the test course's self-check.
package selftest

// Check is one self-check.
type Check struct {
	Name     string
	Exercise int          // the exercise it waits for; 0 for none
	Run      func() error // nil when the check passes
}

// Run runs every check in order and reports each.
func Run(report func(name string, exercise int, err error)) {
	for _, c := range checks {
		report(c.Name, c.Exercise, c.Run())
	}
}
