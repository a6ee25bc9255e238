package approval

import "mvdan.cc/sh/v3/syntax"

// decide judges a parsed command line by every part of it, however deep:
// each simple command, redirection and expansion, in lists (; && ||),
// pipelines, subshells, blocks, loops, functions, $(…) and `…`, inside
// arguments, double quotes and here-documents. The strictest part
// decides: one refused part refuses the whole, one that asks makes the
// whole ask, and the whole is allowed only when every part is.
//
//lab:exercise 1 Judge every node of f, at any depth, with judgeNode, and return the strictest decision (deny, then ask, then allow) with the reasons of the parts that strict; nothing to judge is allowed.
func (c *checker) decide(f *syntax.File) Decision {
	result := allowed()
	syntax.Walk(f, func(n syntax.Node) bool {
		result.add(c.judgeNode(n))
		return true
	})
	return result.decision()
}

// judgeNode judges one node of the tree by itself: its children are
// judged when the walk reaches them. A simple command, a redirection, a
// function and a quoted string have judges of their own (judgeCall,
// judgeRedirect, judgeFunc, judgeQuote). An expansion ($x, $(…), $((…)),
// <(…), @(…)) asks, since its value is known only as the shell runs; so
// does a node that sets a variable (for, declare, export, X=1), evaluates
// arithmetic ((( )), let, [[ ]]), loops (while, until) or runs in the
// background (&). A node that only groups others (a statement, a list, a
// pipeline, a subshell, an if) is allowed.
// A node the gate does not know asks.
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
		return ask("%s sets a variable, which changes what later commands do", source(c.src, n))
	case *syntax.ArithmCmd, *syntax.LetClause, *syntax.TestClause:
		return ask("%s evaluates arithmetic, which can run commands in bash", source(c.src, n))
	}
	return ask("the gate does not know what %s does", source(c.src, n))
}

// judgeFunc refuses a function that calls itself, the shape of a fork
// bomb, :(){ :|:& };: — and asks about every other: two functions that
// call each other are a fork bomb too, and whether a call ends is more
// than the gate can tell. The commands in the body are judged by the
// walk, like any others.
func (c *checker) judgeFunc(f *syntax.FuncDecl) Decision {
	if f.Name == nil {
		return ask("%s defines functions the gate cannot name", source(c.src, f))
	}
	recursive := false
	syntax.Walk(f.Body, func(n syntax.Node) bool {
		if call, ok := n.(*syntax.CallExpr); ok && len(call.Args) > 0 {
			if name, ok := literal(call.Args[0]); ok && name == f.Name.Value {
				recursive = true
			}
		}
		return !recursive
	})
	if recursive {
		return deny("the function %s calls itself, as a fork bomb does", short(f.Name.Value))
	}
	return ask("it defines the function %s, which may call others that call it back, and never end", short(f.Name.Value))
}

// judgeQuote judges a quoted string. Plain quotes are plain text; $'…'
// and $"…" are decoded as the shell runs ($'\x72m' is rm), so they ask.
func (c *checker) judgeQuote(q syntax.Node, dollar bool) Decision {
	if dollar {
		return ask("%s is decoded only when it runs", source(c.src, q))
	}
	return Decision{Verdict: Allow}
}
