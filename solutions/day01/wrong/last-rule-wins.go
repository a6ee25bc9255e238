// Wrong: the loop goes on after a match, so the last rule that matches
// answers, and "Hi, what can you do?" gets a greeting.
// Exercise: 1
// Caught by: TestMockReply/the_first_rule_that_matches_wins
package llm

func scriptReply(msgs []Message) string {
	last := lastUser(msgs)
	answer := fallback(last)
	for _, r := range script {
		if hasPhrase(last, r.phrase) {
			answer = r.answer(msgs)
		}
	}
	return answer
}
