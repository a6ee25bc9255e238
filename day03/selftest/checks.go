package selftest

// checks is the day's self-check, in the order the lesson teaches. A check
// with an exercise number fails until that exercise is done.
var checks = []Check{
	{"tool-call fragments join into whole calls", 1, fragmentsJoin},
	{"parallel calls run in index order, each answered by its ID", 1, parallelCalls},
	{"a call that arrives whole and without an ID still runs", 1, wholeCallWithoutID},
	{"a turn that calls tools forever stops at the round limit", 1, roundLimit},
	{"a cancelled turn keeps the rounds that finished and the text shown", 1, cancelKeepsRounds},
	{"a failed turn leaves the conversation as it was", 1, failureChangesNothing},
	{"the workspace refuses paths that climb out with ..", 2, refusesDotDot},
	{"the workspace refuses absolute paths elsewhere", 2, refusesAbsolute},
	{"the workspace refuses a symbolic link that points out", 2, refusesSymlinkOut},
	{"the workspace allows every path inside it", 2, allowsInside},
	{"a long result keeps its head and tail, and says what was cut", 3, longResultCut},
	{"search shows each matching line as file:line: text", 4, searchHits},
	{"search skips binary files and .git", 4, searchSkips},
	{"search counts every line, however long, and no more", 4, searchLongLines},
	{"find matches ** across directories", 5, findDoubleStar},
	{"find's * stays within one directory", 5, findSingleStar},
	{"find is quick with many ** in a pattern", 5, findManyStars},
	{"read_file numbers the lines and reads on from an offset", 0, readFileLines},
	{"list_dir marks directories and sizes files", 0, listDirEntries},
	{"an unknown tool is an error result, not a crash", 0, unknownTool},
	{"arguments that are not JSON are an error result", 0, badArguments},
	{"mock reads calc.go when asked what it does", 0, mockReadsFile},
	{"mock asks for two tools at once to find the tests", 0, mockParallelCalls},
	{"mock server streams tool calls to the real client", 0, mockServerToolCalls},
	{"nothing configured means the scripted model", 0, configDefault},
	{"the API key is never shown", 0, configHidesKey},
}
