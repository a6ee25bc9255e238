// Wrong: strings.Contains finds a phrase inside other words, so "this is
// it" is greeted because "this" holds "hi".
// Exercise: 1
// Caught by: TestMockReply/a_word_inside_a_word_does_not_match, self-check "mock greets"
package llm

import "strings"

func scriptReply(msgs []Message) string {
	last := lastUser(msgs)
	for _, r := range script {
		if strings.Contains(strings.ToLower(last), r.phrase) {
			return r.answer(msgs)
		}
	}
	return fallback(last)
}
