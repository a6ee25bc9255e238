// Wrong: filtering in place, environ[:0], writes the kept entries over the
// caller's: its slice now holds the kept entries and then leftovers, and
// the secrets it held are gone from it.
// Exercise: 3
// Caught by: TestScrubEnv/every_kind_of_name_goes, TestScrubEnv/a_password_in_a_value_goes
package tools

import "strings"

func scrubEnv(environ []string) []string {
	kept := []string{}
	if environ != nil {
		kept = environ[:0]
	}
	for _, entry := range environ {
		name, value, _ := strings.Cut(entry, "=")
		if !HoldsSecret(name, value) {
			kept = append(kept, entry)
		}
	}
	return kept
}
