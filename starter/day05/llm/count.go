package llm

import "fmt"

// Count writes n things, as "1 message" or "3 messages". Every line ply
// prints with a number of things in it, and every failure a test or the
// self-check reports, says the number through Count, so that none of them
// reads "1 messages". It adds an "s": name things whose plural does.
func Count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}
