// Wrong: each part's decision replaces the one before, so the last part that is not allowed decides, however lenient.
// Exercise: 1
// Caught by: TestCheckCommand/denied/X=1_sudo_ls, TestCheckCommand/allowed/ls;_pwd, TestCompoundCommands, self-check "sudo and rm -rf ~ are refused, even behind env or sh -c"
// Test exercise: 5
package approval

import "mvdan.cc/sh/v3/syntax"

func (c *checker) decide(f *syntax.File) Decision {
	d := Decision{Verdict: Allow, Reason: "there is nothing to run"}
	syntax.Walk(f, func(n syntax.Node) bool {
		if part := c.judgeNode(n); part.Verdict != Allow {
			d = part
		}
		return true
	})
	return d
}
