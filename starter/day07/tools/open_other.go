//go:build !unix

package tools

// Elsewhere the look before the open is enough (see open.go): on Windows
// named pipes do not live among a directory's files, and a device's name
// (NUL, CON) is not a local path, so Resolve refuses it.
const (
	noWait  = 0
	dirOnly = 0
)
