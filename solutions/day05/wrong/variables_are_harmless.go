// Wrong: setting a variable runs nothing, so it is allowed: for PATH in .; do ls; done passes without a question, and only the run-time judge, which finds ls on the tool's PATH, keeps a planted ./ls from running.
// Exercise: 1
// Caught by: TestCheckCommand/asked/for_PATH_in_.;_do_ls;_done, TestCompoundCommands, self-check "one part that is not allowed makes the whole command ask"
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
		return c.judgeRedirect(n)
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
		return Decision{Verdict: Allow} // a variable is a name and a value; it runs nothing
	case *syntax.ArithmCmd, *syntax.LetClause, *syntax.TestClause:
		return ask("%s evaluates arithmetic, which can run commands in bash", source(c.src, n))
	}
	return ask("the gate does not know what %s does", source(c.src, n))
}
