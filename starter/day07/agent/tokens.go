package agent

import (
	"unicode/utf8"

	"ply/day07/llm"
)

// ply cannot count tokens the way the model does: each model has its own
// tokenizer, and a server says how many tokens a request took only after
// it has taken them. So ply estimates from characters, on the safe side,
// and trusts the server's own count where it has one (see size).
const (
	// charsPerToken is for prose and code. OpenAI's rule of thumb is four
	// characters a token of English; the captured gpt-4o stream in the
	// course's fixtures comes to 5.3, and code runs denser than prose. Four
	// errs towards compacting a little early, never late.
	charsPerToken = 4
	// jsonCharsPerToken is for tool names, JSON arguments and schemas:
	// braces, quotes and short keys each take a token of their own. The
	// captured tool calls come to 2.0 to 2.5 characters a token, their
	// framing included.
	jsonCharsPerToken = 2
	// tokensPerMessage is each message's role and the markers around it,
	// which OpenAI's cookbook counts as three tokens.
	tokensPerMessage = 3
)

// estimate guesses how many tokens m takes in a request.
func estimate(m llm.Message) int {
	n := tokensPerMessage + tokens(m.Content, charsPerToken)
	for _, call := range m.ToolCalls {
		n += tokens(call.Name+call.Arguments, jsonCharsPerToken)
	}
	return n
}

// estimateAll guesses the tokens of a whole conversation.
func estimateAll(msgs []llm.Message) int {
	n := 0
	for _, m := range msgs {
		n += estimate(m)
	}
	return n
}

// estimateTools guesses the tokens the tool definitions take: they go
// with every request, so they take their share of the window every time.
func estimateTools(specs []llm.ToolSpec) int {
	n := 0
	for _, t := range specs {
		n += tokensPerMessage + tokens(t.Description, charsPerToken) + tokens(t.Name+string(t.Parameters), jsonCharsPerToken)
	}
	return n
}

// tokens is the number of tokens text takes at perToken characters each,
// rounded up.
func tokens(text string, perToken int) int {
	return (utf8.RuneCountInString(text) + perToken - 1) / perToken
}
