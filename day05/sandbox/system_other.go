//go:build !linux && !darwin

package sandbox

// systemFolders are none: on this system ply has no sandbox (see
// sandbox_other.go), and policies only describe what it would allow.
var systemFolders []string
