package llm

import (
	"fmt"
	"regexp"
)

// advise says what the user can do about a refusal, in words that name
// the setting to change: the variable that holds the key, the model's
// name and the server's address, the size of the conversation. It returns
// "" when ply has nothing to add to the server's own message. keySet says
// whether a key was sent; the key itself is never part of the advice.
func advise(e *APIError, baseURL, model string, keySet bool) string {
	switch {
	case e.Status == 401 && keySet:
		return "the server refused the API key: check OPENAI_API_KEY"
	case e.Status == 401:
		return "the server wants an API key: set OPENAI_API_KEY"
	case e.Status == 403:
		return fmt.Sprintf("the key may not use model %q: check OPENAI_API_KEY and PLY_MODEL", model)
	case e.Status == 404:
		return fmt.Sprintf("no model %q at %s: check PLY_MODEL, and that OPENAI_BASE_URL ends in /v1", model, baseURL)
	case e.Code == "context_length_exceeded":
		return "the conversation is longer than " + contextLimit(e.Message) +
			": /compact or /clear it, and set PLY_CONTEXT to the model's window so ply compacts in time"
	case e.Code == "insufficient_quota":
		return "this is the account's billing, not a busy server: waiting will not help; check the plan and billing"
	case e.Status == 429 && e.RetryAfter > 0:
		return "the server limits how fast this key may ask, and asks to wait " + waitText(e.RetryAfter) + " before asking again"
	case e.Status == 429:
		return "the server limits how fast this key may ask: wait a minute, then ask again"
	case e.RetryAfter > 0:
		return "the server asks to wait " + waitText(e.RetryAfter) + " before asking again"
	}
	return ""
}

// contextLimit finds the size of the model's window in OpenAI's message
// ("This model's maximum context length is 4097 tokens. …"), or says it in
// general words.
func contextLimit(message string) string {
	if m := maxContext.FindStringSubmatch(message); m != nil {
		return "the model's window of " + m[1] + " tokens"
	}
	return "the model's window"
}

var maxContext = regexp.MustCompile(`maximum context length is (\d+) tokens`)
