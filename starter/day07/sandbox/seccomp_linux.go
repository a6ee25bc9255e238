package sandbox

import (
	"fmt"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Landlock confines TCP, and only TCP: a socket of another protocol of
// the internet is not its business. Multipath TCP (IPPROTO_MPTCP) makes a
// connection Landlock does not see, and UDP sends what it likes. So a
// policy without the network has a second lock, a seccomp filter: the
// kernel refuses to make any socket of the internet at all (AF_INET,
// AF_INET6), whatever its protocol. A socket of the machine itself
// (AF_UNIX) stays, for the programs that talk to their own helpers.
//
// The filter is a small program of the kernel's BPF, run at each system
// call of the confined process. It looks at the architecture first: a
// 64-bit process may still make a 32-bit call, whose numbers are other
// ones, and such a call is refused whatever it is.

// seccomp_data's layout: the call's number, the architecture, and the
// arguments after the instruction pointer.
const (
	dataNumber = 0
	dataArch   = 4
	dataArg0   = 16 // the low half of the first argument, on a little-endian machine
)

// denyInternetSockets installs, on the calling thread, the filter that
// refuses a socket of the internet with EACCES, as Landlock refuses a
// connection. It needs no_new_privs, and passes to every process the
// thread starts; like Landlock's, it is never lifted.
func denyInternetSockets() error {
	if auditArch == 0 {
		return fmt.Errorf("sandbox: no filter of sockets for this architecture")
	}
	deny := unix.SECCOMP_RET_ERRNO | uint32(unix.EACCES)
	filter := []unix.SockFilter{
		stmt(unix.BPF_LD|unix.BPF_W|unix.BPF_ABS, dataArch),
		jump(unix.BPF_JMP|unix.BPF_JEQ|unix.BPF_K, auditArch, 1, 0),
		stmt(unix.BPF_RET|unix.BPF_K, deny), // another architecture's calls
		stmt(unix.BPF_LD|unix.BPF_W|unix.BPF_ABS, dataNumber),
		jump(unix.BPF_JMP|unix.BPF_JGE|unix.BPF_K, foreignCalls, 0, 1),
		stmt(unix.BPF_RET|unix.BPF_K, deny), // x32's calls, on amd64
		jump(unix.BPF_JMP|unix.BPF_JEQ|unix.BPF_K, unix.SYS_SOCKET, 0, 4),
		stmt(unix.BPF_LD|unix.BPF_W|unix.BPF_ABS, dataArg0),
		jump(unix.BPF_JMP|unix.BPF_JEQ|unix.BPF_K, unix.AF_INET, 1, 0),
		jump(unix.BPF_JMP|unix.BPF_JEQ|unix.BPF_K, unix.AF_INET6, 0, 1),
		stmt(unix.BPF_RET|unix.BPF_K, deny),
		stmt(unix.BPF_RET|unix.BPF_K, unix.SECCOMP_RET_ALLOW),
	}
	prog := unix.SockFprog{Len: uint16(len(filter)), Filter: &filter[0]}
	if _, _, errno := unix.Syscall(unix.SYS_PRCTL, unix.PR_SET_SECCOMP, unix.SECCOMP_MODE_FILTER, uintptr(unsafe.Pointer(&prog))); errno != 0 {
		return fmt.Errorf("sandbox: a seccomp filter: %w", errno)
	}
	return nil
}

// stmt is a BPF statement.
func stmt(code uint16, k uint32) unix.SockFilter { return unix.SockFilter{Code: code, K: k} }

// jump is a BPF jump: to the next instruction plus jt when the test holds,
// plus jf when it does not.
func jump(code uint16, k uint32, jt, jf uint8) unix.SockFilter {
	return unix.SockFilter{Code: code, Jt: jt, Jf: jf, K: k}
}
