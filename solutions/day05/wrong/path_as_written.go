// Wrong: the path is kept as the model wrote it, so always for calc.go does not cover ./calc.go, and the human is asked again and again.
// Exercise: 2
// Caught by: TestGrantKey, TestGrantsTurnAskIntoAllow, self-check "always for an edit covers the file however its path is written"
package approval

func workspacePath(p, workspace string) string {
	return p
}
