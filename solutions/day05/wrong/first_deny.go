// Wrong: the walk stops judging at the first refused part, so the verdict is right but the reasons of the other refused parts are lost, and the human reads one of them.
// Exercise: 1
// Caught by: TestCheckCommandKeepsEveryReason
package approval

import "mvdan.cc/sh/v3/syntax"

func (c *checker) decide(f *syntax.File) Decision {
	result := allowed()
	syntax.Walk(f, func(n syntax.Node) bool {
		if result.verdict == Deny {
			return false
		}
		result.add(c.judgeNode(n))
		return true
	})
	return result.decision()
}
