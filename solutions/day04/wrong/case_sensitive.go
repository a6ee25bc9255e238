// Wrong: comparing the name as it is lets github_token and db_password through: names are any case, and on Windows they mean the same.
// Exercise: 3
// Caught by: TestScrubEnv/in_any_case, self-check "run_command hides the API key and every *_KEY, *_TOKEN, *_SECRET and *_PASSWORD"
package tools

import "strings"

func scrubEnv(environ []string) []string {
	kept := make([]string, 0, len(environ))
	for _, entry := range environ {
		name, _, _ := strings.Cut(entry, "=")
		if !isSecret(name) {
			kept = append(kept, entry)
		}
	}
	return kept
}
