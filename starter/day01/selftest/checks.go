package selftest

// checks is the day's self-check, in the order the lesson teaches. A check
// with an exercise number fails until that exercise is done.
var checks = []Check{
	{"mock greets", 1, mockGreets},
	{"mock remembers only what the conversation holds", 1, mockRecalls},
	{"mock is a pure function of the messages", 1, mockIsPure},
	{"mock answers a conversation with no user message", 1, mockNoUserMessage},
	{"mock stops when the context is cancelled", 0, mockCancelled},
	{"conversation starts with the system prompt", 2, sendsSystemPrompt},
	{"conversation keeps every reply", 2, keepsHistory},
	{"a failed turn leaves the conversation as it was", 2, failedTurnUnchanged},
	{"/clear keeps only the system prompt", 2, clearKeepsSystemPrompt},
	{"openai posts the conversation to /chat/completions", 4, openaiRequestShape},
	{"openai sends the key as a bearer token", 0, openaiBearer},
	{"openai stops when the context is cancelled", 0, openaiCancelled},
	{"openai reads the reply", 4, openaiReadsReply},
	{"openai reports an answer with no choices", 4, openaiNoChoices},
	{"openai shows OpenAI's error message and status", 5, openaiErrorObject},
	{"openai shows an error given as a plain string", 5, openaiErrorString},
	{"openai shows a refusal in plain text", 5, openaiErrorPlainText},
	{"nothing configured means the scripted model", 0, configDefault},
	{"the API key is never shown", 0, configHidesKey},
}
