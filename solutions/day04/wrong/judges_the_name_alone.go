// Wrong: asking about the name alone lets DATABASE_URL=postgres://ann:pw@db through: a value can hold a secret its name does not announce.
// Exercise: 3
// Caught by: TestScrubEnv/a_password_in_a_value_goes, self-check "run_command hides the API key and every variable that holds a secret"
package tools

import "strings"

func scrubEnv(environ []string) []string {
	kept := make([]string, 0, len(environ))
	for _, entry := range environ {
		name, _, _ := strings.Cut(entry, "=")
		if !HoldsSecret(name, "") {
			kept = append(kept, entry)
		}
	}
	return kept
}
