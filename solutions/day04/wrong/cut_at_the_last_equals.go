// Wrong: cutting an entry at its last "=" makes "OPENAI_API_KEY=c2stMTIz=" a name that ends in "=", and a key with base64 padding leaks.
// Exercise: 3
// Caught by: TestScrubEnv/a_key_that_ends_in_=, self-check "run_command hides the API key and every variable that holds a secret"
package tools

import "strings"

func scrubEnv(environ []string) []string {
	kept := make([]string, 0, len(environ))
	for _, entry := range environ {
		name, value := entry, ""
		if i := strings.LastIndex(entry, "="); i >= 0 {
			name, value = entry[:i], entry[i+1:]
		}
		if !HoldsSecret(name, value) {
			kept = append(kept, entry)
		}
	}
	return kept
}
