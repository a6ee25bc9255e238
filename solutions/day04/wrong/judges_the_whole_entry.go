// Wrong: asking whether the whole entry ends in a suffix looks at the value, not the name, and every secret with a value leaks.
// Exercise: 3
// Caught by: TestScrubEnv/ply's_own_key_goes, self-check "run_command hides the API key and every *_KEY, *_TOKEN, *_SECRET and *_PASSWORD"
package tools

import "strings"

func scrubEnv(environ []string) []string {
	kept := make([]string, 0, len(environ))
	for _, entry := range environ {
		if !isSecret(strings.ToUpper(entry)) {
			kept = append(kept, entry)
		}
	}
	return kept
}
