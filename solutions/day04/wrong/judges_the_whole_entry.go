// Wrong: asking about the whole entry as if it were a name looks at the end of the value, not of the name, and every secret with a value leaks.
// Exercise: 3
// Caught by: TestScrubEnv/ply's_own_key_goes, self-check "run_command hides the API key and every variable that holds a secret"
package tools

func scrubEnv(environ []string) []string {
	kept := make([]string, 0, len(environ))
	for _, entry := range environ {
		if !HoldsSecret(entry, "") {
			kept = append(kept, entry)
		}
	}
	return kept
}
