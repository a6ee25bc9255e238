package approval

import "mvdan.cc/sh/v3/syntax"

// decide judges a parsed command line by every part of it, however deep:
// each simple command, redirection and expansion, in lists (; && ||),
// pipelines, subshells, blocks, loops, functions, $(…) and `…`, inside
// arguments, double quotes and here-documents. The strictest part
// decides: one refused part refuses the whole, one that asks makes the
// whole ask, and the whole is allowed only when every part is.
func (c *checker) decide(f *syntax.File) Decision {
	// TODO(lab 1): Judge every node of f, at any depth, with judgeNode, and
	// return the strictest decision (deny, then ask, then allow) with the
	// reasons of the parts that strict; nothing to judge is allowed.
	// See "Exercise 1" in README.md; for hints: go run ply/cmd/lab hint day05 1
	return Decision{}
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
	// TODO(lab 1): Judge n alone: commands, redirections, functions and quotes
	// by their judge functions; grouping nodes are allowed; the rest asks,
	// naming the node in TestCheckCommand's words.
	// See "Exercise 1" in README.md; for hints: go run ply/cmd/lab hint day05 1
	return Decision{}
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
