// Package sandbox runs a command in a process the kernel confines: the
// files it may read, write and run, and whether it may open a network
// connection, are a Policy, which the kernel enforces for the process and
// for everything it starts, however it names a file.
//
// A policy is a list of rules, each a folder (or a file) and what may be
// done under it, and a policy gives nothing it does not name: a folder no
// rule covers cannot be read, written or run from. The rules speak of
// where a file is on the disk, not of how a command spells it, so a
// symbolic link, "..", a path padded past PATH_MAX or an option that
// names a file all end at the same check, made by the kernel as it opens
// the file.
//
// On Linux the kernel's Landlock does it (landlock_linux.go), on macOS
// Seatbelt, through sandbox-exec (seatbelt.go). Elsewhere, or where the
// kernel cannot, Start refuses to run anything and Supported says why.
//
// What the sandbox does not confine: time (the caller's timeout does),
// memory and processes (the caller's process group bounds how long they
// live), datagrams (UDP: Landlock confines TCP alone), a socket that
// already exists as a file, signals and abstract sockets before Landlock's
// version 6, and anything a command does inside the folders it may write.
package sandbox
