package sandbox

import "golang.org/x/sys/unix"

// auditArch is the architecture the filter lets make calls.
const auditArch = unix.AUDIT_ARCH_AARCH64

// foreignCalls is above every call's number: arm64 has no second set.
const foreignCalls = 0xffffffff
