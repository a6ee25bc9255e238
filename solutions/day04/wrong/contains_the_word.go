// Wrong: dropping every name that holds KEY or TOKEN anywhere takes KEYBOARD and TOKENS_PER_MINUTE from commands that need them.
// Exercise: 3
// Caught by: TestScrubEnv/names_that_only_hold_the_words_stay
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
