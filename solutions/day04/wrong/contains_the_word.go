// Wrong: a rule of its own, every name that holds KEY or TOKEN anywhere, takes KEYBOARD and TOKENS_PER_MINUTE from commands that need them, and never looks at a value.
// Exercise: 3
// Caught by: TestScrubEnv/names_that_only_hold_the_words_stay, TestScrubEnv/a_password_in_a_value_goes, self-check "run_command hides the API key and every variable that holds a secret"
package tools

import "strings"

func scrubEnv(environ []string) []string {
	kept := make([]string, 0, len(environ))
	for _, entry := range environ {
		name, _, _ := strings.Cut(entry, "=")
		name = strings.ToUpper(name)
		secret := false
		for _, word := range []string{"KEY", "TOKEN", "SECRET", "PASSWORD"} {
			secret = secret || strings.Contains(name, word)
		}
		if !secret {
			kept = append(kept, entry)
		}
	}
	return kept
}
