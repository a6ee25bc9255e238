//go:build !unix

package approval

// Elsewhere no program runs from the tree: on Windows every command
// asks (see Gate.judge), so the open handler is never reached.
const noWait = 0
