// Wrong: $x, $(…) and $((…)) count as parts of a word, not as parts that ask; ${_@P} in a case runs code the gate never saw.
// Exercise: 1
// Caught by: TestCheckCommand/asked/echo_$HOME, TestCheckCommand/asked/case_${_@P}_in_*)_ls;;_esac
package approval

import "mvdan.cc/sh/v3/syntax"

func (c *checker) judgeNode(n syntax.Node) Decision {
	switch n := n.(type) {
	case nil, *syntax.File, *syntax.Stmt, *syntax.Word, *syntax.Lit,
		*syntax.BinaryCmd, *syntax.Subshell, *syntax.Block, *syntax.IfClause, *syntax.WhileClause,
		*syntax.CaseClause, *syntax.CaseItem, *syntax.TimeClause, *syntax.Comment:
		return Decision{Verdict: Allow} // it only groups other nodes
	case *syntax.WordIter, *syntax.CStyleLoop, *syntax.ArrayExpr, *syntax.ArrayElem,
		*syntax.BinaryArithm, *syntax.UnaryArithm, *syntax.ParenArithm,
		*syntax.BinaryTest, *syntax.UnaryTest, *syntax.ParenTest:
		return Decision{Verdict: Allow} // found only inside a node that asks
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
		return Decision{Verdict: Allow} // part of a word, and the word's command is judged
	case *syntax.ForClause, *syntax.DeclClause, *syntax.Assign:
		return ask("%s sets a variable, which changes what later commands do", source(c.src, n))
	case *syntax.ArithmCmd, *syntax.LetClause, *syntax.TestClause:
		return ask("%s evaluates arithmetic, which can run commands in bash", source(c.src, n))
	}
	return ask("the gate does not know what %s does", source(c.src, n))
}
