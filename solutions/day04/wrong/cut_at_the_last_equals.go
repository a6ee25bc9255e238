// Wrong: cutting an entry at its last "=" makes "OPENAI_API_KEY=c2stMTIz=" a name that ends in "=", and a key with base64 padding leaks.
// Exercise: 3
// Caught by: TestScrubEnv/a_key_that_ends_in_=, self-check "run_command hides the API key and every *_KEY, *_TOKEN, *_SECRET and *_PASSWORD"
package tools

import "strings"

func scrubEnv(environ []string) []string {
	kept := make([]string, 0, len(environ))
	for _, entry := range environ {
		name := entry
		if i := strings.LastIndex(entry, "="); i >= 0 {
			name = entry[:i]
		}
		if !isSecret(strings.ToUpper(name)) {
			kept = append(kept, entry)
		}
	}
	return kept
}
