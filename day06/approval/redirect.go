package approval

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// judgeRedirect judges one redirection. Reading a file with < is fine
// (the sandbox decides which files can be read), and so are
// here-documents, whose words the walk judges like any other. Every operator that opens a file for writing asks: >,
// >>, >|, <>, &>, &>> and >&FILE. Writing to /dev/null writes no file and
// passes; writing to a disk device is refused.
func (c *checker) judgeRedirect(r *syntax.Redirect) Decision {
	if r.N != nil && strings.HasPrefix(r.N.Value, "{") {
		return ask("%s sets a variable to a new file descriptor", source(c.src, r))
	}
	switch r.Op {
	case syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
		return allow("a here-document only feeds input")
	case syntax.DplIn, syntax.DplOut:
		if target, ok := literal(r.Word); ok && isDescriptor(target) {
			return allow("%s joins two descriptors", source(c.src, r))
		}
	case syntax.RdrIn:
		return c.judgeRead(r)
	}
	target, ok := literal(r.Word)
	switch {
	case ok && target == "/dev/null":
		return allow("output to /dev/null is thrown away")
	case ok && isDevice(target):
		return deny("%s writes straight to a device", source(c.src, r))
	}
	return ask("%s writes to a file", source(c.src, r))
}

// judgeRead judges an input redirection, < FILE.
func (c *checker) judgeRead(r *syntax.Redirect) Decision {
	target, ok := literal(r.Word)
	switch {
	case !ok:
		return ask("%s reads a file worked out only when it runs", source(c.src, r))
	case c.waits(c.workspace, target):
		return ask("%s reads what is no file or folder, and may never end", source(c.src, r))
	}
	return allow("%s reads a file", source(c.src, r))
}

// isDescriptor reports whether the target of >& or <& is a file
// descriptor (2>&1) or "-" (close), not a file name.
func isDescriptor(target string) bool {
	if target == "-" {
		return true
	}
	for _, r := range target {
		if r < '0' || r > '9' {
			return false
		}
	}
	return target != ""
}
