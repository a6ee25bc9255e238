// Package approval is the gate every tool call passes before it runs. It
// decides one of three things, and says why:
//
//   - Allow: the call runs. Read-only tools are allowed, and so are
//     commands that every rule of the allow-list lets through.
//   - Deny: the call never runs, and the reason is the result the model
//     reads: "denied: sudo runs a command as another user".
//   - Ask: a human decides, through an Asker. Writes ask, and so does
//     every command the gate cannot show to be harmless.
//
// A decision is a value, never an error or a panic: a refusal is news for
// the model, which reads it and tries something else, and the turn goes
// on.
//
// # Commands are parsed, not matched
//
// A shell command is read into a syntax tree (mvdan.cc/sh/v3/syntax) the
// way bash and a POSIX sh read it, and every part of the tree is judged:
// each simple command in a list, a pipeline, a subshell, a function, a
// $(…) inside an argument or a here-document; each redirection; each
// expansion. The command is allowed only when every part is. So
// "go test ./... && rm -rf ~" is refused for its second half, and
// "ls $(rm x)" asks, though it starts with ls.
//
// The gate fails closed: what it cannot read (a parse error, a control
// character, a command too long), a word the shell works out only as it
// runs ($x, $(…)), a node of the tree it does not know, all ask. The zero
// Verdict is Ask for the same reason. So do the shapes that can run for
// ever or hide a second reading: a loop, a function, a job in the
// background, a backslash before a new line.
//
// # What runs is what was judged
//
// A command allowed by the rules comes with its tree (Decision.Program),
// and run_command interprets that tree (mvdan.cc/sh/v3/interp) instead
// of handing the text to sh: a second parser would be a second reading,
// and wherever two readings differ, a way round the gate. The tree runs
// in ply's helper, in the sandbox (helper.go), and as it runs every simple
// command is judged again on its expanded words, by the same judge, so
// that tail -n 1 * is refused when a file named -f makes it tail -f. A
// command a human approved runs in sh, as they read it.
//
// # What the gate leaves to the kernel
//
// The gate judges which programs run, with which options, and for how
// long; it does not judge where a path leads. A program it lets run opens
// files the gate never saw named, and the sandbox of the kernel holds
// each open to the policy (see package sandbox): what the gate allowed by
// its rules reads the workspace and writes nothing, and what a human
// approved writes the workspace and no further. Where no sandbox can be
// had, every command asks (Gate.Unconfined). Tests are code, so go test
// is not on the default allow-list: allowing it would allow whatever the
// model wrote into a test.
package approval
