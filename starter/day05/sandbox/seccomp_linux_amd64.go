package sandbox

import "golang.org/x/sys/unix"

// auditArch is the architecture the filter lets make calls.
const auditArch = unix.AUDIT_ARCH_X86_64

// foreignCalls is the first number of the calls of x32, the 32-bit
// pointers of amd64, which the filter refuses.
const foreignCalls = 0x40000000
