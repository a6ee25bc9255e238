// Wrong: the walk stops looking once a part asks, so a refused command after it is asked about instead of refused.
// Exercise: 1
// Caught by: TestCheckCommand/denied/rm_-rf_x;_sudo_ls, TestCompoundCommands, self-check "a command inside $(…), backticks or a here-document is judged"
// Test exercise: 5
package approval

import "mvdan.cc/sh/v3/syntax"

func (c *checker) decide(f *syntax.File) Decision {
	result := allowed()
	syntax.Walk(f, func(n syntax.Node) bool {
		result.add(c.judgeNode(n))
		return result.verdict == Allow
	})
	return result.decision()
}
