// Wrong: the fallback sits inside the loop, so only the first rule of the
// script is ever tried.
// Exercise: 1
// Caught by: TestMockReply/greeting, self-check "mock greets"
package llm

func scriptReply(msgs []Message) string {
	last := lastUser(msgs)
	for _, r := range script {
		if hasPhrase(last, r.phrase) {
			return r.answer(msgs)
		}
		return fallback(last)
	}
	return fallback(last)
}
