// Wrong: only the first statement is judged, so a command after ; or on a new line is allowed without a question; the run-time judge refuses it only as it starts, after the first has run.
// Exercise: 1
// Caught by: TestCheckCommand/asked/ls;_rm_x, TestCheckCommand/denied/rm_-rf_x;_sudo_ls, TestCompoundCommands, self-check "one part that is not allowed makes the whole command ask"
// Test exercise: 5
package approval

import "mvdan.cc/sh/v3/syntax"

func (c *checker) decide(f *syntax.File) Decision {
	result := allowed()
	if len(f.Stmts) > 0 {
		syntax.Walk(f.Stmts[0], func(n syntax.Node) bool {
			result.add(c.judgeNode(n))
			return true
		})
	}
	return result.decision()
}
