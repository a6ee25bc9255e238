package selftest

import (
	"os"
	"testing"
)

// TestMain lets the test binary stand in for ply when the self-check
// starts it as a second process.
func TestMain(m *testing.M) {
	if child := os.Getenv(ChildEnv); child != "" {
		os.Exit(Child(child))
	}
	os.Exit(m.Run())
}
