package selftest

// checks is the day's self-check, in the order the lesson teaches. A check
// with an exercise number fails until that exercise is done.
var checks = []Check{
	{"sse: an event ends at a blank line", 1, sseEvents},
	{"sse: CRLF and a lone CR end lines too", 1, sseLineEnds},
	{"sse: comments and other fields are skipped", 1, sseComments},
	{"sse: the data lines of one event join", 1, sseMultiLine},
	{"sse: an event the stream cuts short is dropped", 1, sseCutShort},
	{"openai reads the usage chunk that has no choices", 1, openaiUsageChunk},
	{"openai reports an error sent mid-stream", 1, openaiMidStreamError},
	{"a stream that ends before its reply says it was cut", 2, streamCut},
	{"openai stops when the context is cancelled", 0, openaiCancelled},
	{"openai asks for a stream with the usage", 0, openaiRequestShape},
	{"openai sends the key as a bearer token", 0, openaiBearer},
	{"openai shows the server's refusal", 0, openaiRefusal},
	{"mock streams its reply in small fragments", 3, mockFragments},
	{"mock greets", 3, mockGreets},
	{"mock remembers only what the conversation holds", 3, mockRecalls},
	{"mock is a pure function of the messages", 3, mockIsPure},
	{"mock stops when the context is cancelled", 0, mockCancelled},
	{"a turn shows its text as it arrives, then ends", 4, turnEvents},
	{"a finished turn joins the conversation", 4, finishedTurnKept},
	{"a failed turn leaves the conversation as it was", 4, failedTurnUnchanged},
	{"a cancelled turn keeps what the user saw", 4, cancelledTurnKeepsPartial},
	{"mock server streams SSE chunks and ends with [DONE]", 5, mockServerStreams},
	{"mock server refuses a body that is not JSON", 0, mockServerBadBody},
	{"nothing configured means the scripted model", 0, configDefault},
	{"the API key is never shown", 0, configHidesKey},
}
