// Wrong: a redirection is taken as part of its command, so echo hi > out.txt is allowed without a question; the write is stopped only as it runs, by the open handler and the read-only sandbox.
// Exercise: 1
// Caught by: TestCheckCommand/asked/echo_hi_>_out.txt, TestCheckCommand/denied/echo_x_>_/dev/sda, TestCompoundCommands, self-check "a redirection that writes a file asks; 2>&1 and > /dev/null do not"
// Test exercise: 5
package approval

import "mvdan.cc/sh/v3/syntax"

func (c *checker) judgeNode(n syntax.Node) Decision {
	switch n := n.(type) {
	case *syntax.Stmt:
		if n.Background { // a coprocess and a disowned job are mksh's and zsh's, never read here
			return ask("%s runs in the background, where it outlives the command", source(c.src, n))
		}
		return Decision{Verdict: Allow}
	case nil, *syntax.File, *syntax.Word, *syntax.Lit,
		*syntax.BinaryCmd, *syntax.Subshell, *syntax.Block, *syntax.IfClause,
		*syntax.CaseClause, *syntax.CaseItem, *syntax.TimeClause, *syntax.Comment,
		*syntax.WordIter, *syntax.ArrayExpr, *syntax.ArrayElem,
		*syntax.BinaryArithm, *syntax.UnaryArithm, *syntax.ParenArithm,
		*syntax.BinaryTest, *syntax.UnaryTest, *syntax.ParenTest:
		// It only groups other nodes. (The second half are found only
		// inside a node that asks: a for loop, arithmetic, a test.)
		return Decision{Verdict: Allow}
	case *syntax.CallExpr:
		return c.judgeCall(n)
	case *syntax.Redirect:
		return Decision{Verdict: Allow} // part of the command it follows, which is judged
	case *syntax.FuncDecl:
		return c.judgeFunc(n)
	case *syntax.SglQuoted:
		return c.judgeQuote(n, n.Dollar)
	case *syntax.DblQuoted:
		return c.judgeQuote(n, n.Dollar)
	case *syntax.ParamExp, *syntax.CmdSubst, *syntax.ArithmExp, *syntax.ProcSubst, *syntax.ExtGlob:
		return ask("%s is worked out only when it runs", source(c.src, n))
	case *syntax.WhileClause, *syntax.CStyleLoop:
		return ask("%s is a loop, which may never end", source(c.src, n))
	case *syntax.ForClause, *syntax.DeclClause, *syntax.Assign:
		return ask("%s sets a variable, which changes what later commands do", source(c.src, n))
	case *syntax.ArithmCmd, *syntax.LetClause, *syntax.TestClause:
		return ask("%s evaluates arithmetic, which can run commands in bash", source(c.src, n))
	}
	return ask("the gate does not know what %s does", source(c.src, n))
}
