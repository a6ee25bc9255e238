//go:build linux && !amd64 && !arm64

package sandbox

// auditArch is 0: ply has no filter of sockets for this architecture, so
// a policy without the network cannot be kept here.
const auditArch = 0

const foreignCalls = 0xffffffff
