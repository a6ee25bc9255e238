// Wrong: strings.Split cuts the value at its own "=" too, and HoldsSecret
// judges what comes before it: a password with an "=" in it is no longer
// a URL with a password, and the variable goes to the command.
// Exercise: 3
// Caught by: TestScrubEnv/a_value_is_all_after_the_first_=
package tools

import "strings"

func scrubEnv(environ []string) []string {
	kept := []string{}
	for _, entry := range environ {
		parts := strings.Split(entry, "=")
		value := ""
		if len(parts) > 1 {
			value = parts[1]
		}
		if !HoldsSecret(parts[0], value) {
			kept = append(kept, entry)
		}
	}
	return kept
}
