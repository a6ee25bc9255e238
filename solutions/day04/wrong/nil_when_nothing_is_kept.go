// Wrong: a nil slice when every variable is a secret gives the command a nil Env, and os/exec then hands it all of ply's environment, secrets and all.
// Exercise: 3
// Caught by: TestScrubEnv/nothing_kept_is_not_nil, TestScrubEnv/nothing_at_all
package tools

import "strings"

func scrubEnv(environ []string) []string {
	var kept []string
	for _, entry := range environ {
		name, value, _ := strings.Cut(entry, "=")
		if !HoldsSecret(name, value) {
			kept = append(kept, entry)
		}
	}
	return kept
}
