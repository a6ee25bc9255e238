package sandbox

import (
	"debug/elf"
	"errors"
	"fmt"
	"os/exec"
	"runtime"
	"strings"
	"unsafe"

	"golang.org/x/sys/unix"
)

// Landlock is the Linux security module a process may use on itself,
// without privileges: it writes the rules of a policy into a ruleset,
// restricts itself to it, and from then on the kernel checks every file
// it opens and every connection it makes against those rules, and the
// same for every process it starts. A restriction can never be lifted.
//
// ply must stay free itself, so it restricts one thread of its own, starts
// the command from that thread, and lets the thread end: the command is
// confined from its first instruction, and the rest of ply never was.

// Landlock grows with the kernel: each version (its ABI) confines more.
// A policy needs some of them (see Supported); a newer one is used when
// the kernel has it.
const (
	truncateABI = 3 // truncate(2): before it, a file that may be read may also be emptied
	networkABI  = 4 // TCP connect and bind
	ioctlABI    = 5 // ioctl(2) on devices
	scopeABI    = 6 // signals and abstract unix sockets stay inside the sandbox
)

// Supported returns nil when this kernel can confine a command to p, and
// otherwise why not.
func Supported(p Policy) error {
	abi, err := landlockABI()
	if err != nil {
		return err
	}
	need := truncateABI
	if !p.Network {
		need = networkABI
		if auditArch == 0 {
			return fmt.Errorf("ply has no filter of sockets for this architecture, and keeping the %s policy needs one", p.Name)
		}
	}
	if abi < need {
		return fmt.Errorf("this kernel's Landlock is version %d, and keeping the %s policy needs version %d", abi, p.Name, need)
	}
	return nil
}

// landlockABI returns the version of Landlock the kernel has, or why it
// has none.
func landlockABI() (int, error) {
	abi, _, errno := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, 0, 0, unix.LANDLOCK_CREATE_RULESET_VERSION)
	switch errno {
	case 0:
		return int(abi), nil
	case unix.ENOSYS:
		return 0, errors.New("this kernel has no Landlock")
	case unix.EOPNOTSUPP:
		return 0, errors.New("this kernel's Landlock is turned off (it is not among the lsm= of its command line)")
	}
	return 0, fmt.Errorf("landlock_create_ruleset: %w", errno)
}

// Start starts cmd, as cmd.Start does, confined to p. When the kernel
// cannot confine it, nothing starts and the error says why.
func Start(cmd *exec.Cmd, p Policy) error {
	if err := Supported(p); err != nil {
		return err
	}
	abi, _ := landlockABI()
	started := make(chan error)
	go func() {
		// The thread is never unlocked: when this goroutine returns, Go
		// ends the thread, and its restriction goes with it.
		runtime.LockOSThread()
		started <- restrictAndStart(cmd, p, abi)
	}()
	return <-started
}

// restrictAndStart restricts the calling thread to p and starts cmd from
// it. It must run on a locked thread that ends afterwards.
func restrictAndStart(cmd *exec.Cmd, p Policy, abi int) error {
	ruleset, err := newRuleset(p, abi)
	if err != nil {
		return err
	}
	defer unix.Close(ruleset)
	// Without privileges, a thread may restrict itself only once it can
	// gain none: a setuid program it started could be fooled otherwise.
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("sandbox: no_new_privs: %w", err)
	}
	if !p.Network {
		if err := denyInternetSockets(); err != nil { // see seccomp_linux.go
			return err
		}
	}
	if _, _, errno := unix.Syscall(unix.SYS_LANDLOCK_RESTRICT_SELF, uintptr(ruleset), 0, 0); errno != 0 {
		return fmt.Errorf("sandbox: restrict: %w", errno)
	}
	return cmd.Start()
}

// newRuleset returns a ruleset that handles every access the kernel
// knows, so that what p does not allow is refused, with a rule for each of
// p's.
func newRuleset(p Policy, abi int) (int, error) {
	attr := unix.LandlockRulesetAttr{Access_fs: fsAccess(abi)}
	if !p.Network {
		attr.Access_net = unix.LANDLOCK_ACCESS_NET_BIND_TCP | unix.LANDLOCK_ACCESS_NET_CONNECT_TCP
	}
	if abi >= scopeABI {
		attr.Scoped = unix.LANDLOCK_SCOPE_SIGNAL | unix.LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET
	}
	fd, _, errno := unix.Syscall(unix.SYS_LANDLOCK_CREATE_RULESET, uintptr(unsafe.Pointer(&attr)), unsafe.Sizeof(attr), 0)
	if errno != 0 {
		return 0, fmt.Errorf("sandbox: create a ruleset: %w", errno)
	}
	for _, r := range p.Rules {
		if err := addRule(int(fd), r, attr.Access_fs); err != nil {
			unix.Close(int(fd))
			return 0, err
		}
	}
	return int(fd), nil
}

// fsAccess returns every access to files that Landlock's version abi
// knows.
func fsAccess(abi int) uint64 {
	access := uint64(unix.LANDLOCK_ACCESS_FS_EXECUTE | unix.LANDLOCK_ACCESS_FS_WRITE_FILE | unix.LANDLOCK_ACCESS_FS_READ_FILE |
		unix.LANDLOCK_ACCESS_FS_READ_DIR | unix.LANDLOCK_ACCESS_FS_REMOVE_DIR | unix.LANDLOCK_ACCESS_FS_REMOVE_FILE |
		unix.LANDLOCK_ACCESS_FS_MAKE_CHAR | unix.LANDLOCK_ACCESS_FS_MAKE_DIR | unix.LANDLOCK_ACCESS_FS_MAKE_REG |
		unix.LANDLOCK_ACCESS_FS_MAKE_SOCK | unix.LANDLOCK_ACCESS_FS_MAKE_FIFO | unix.LANDLOCK_ACCESS_FS_MAKE_BLOCK |
		unix.LANDLOCK_ACCESS_FS_MAKE_SYM | unix.LANDLOCK_ACCESS_FS_REFER)
	if abi >= truncateABI {
		access |= unix.LANDLOCK_ACCESS_FS_TRUNCATE
	}
	if abi >= ioctlABI {
		access |= unix.LANDLOCK_ACCESS_FS_IOCTL_DEV
	}
	return access
}

// landlockAccess turns an Access into Landlock's, for a folder or a
// single file (which takes only the accesses of a file).
func landlockAccess(a Access, folder bool) uint64 {
	var access uint64
	if a&Read != 0 {
		access |= unix.LANDLOCK_ACCESS_FS_READ_FILE
		if folder {
			access |= unix.LANDLOCK_ACCESS_FS_READ_DIR
		}
	}
	if a&Write != 0 {
		access |= unix.LANDLOCK_ACCESS_FS_WRITE_FILE | unix.LANDLOCK_ACCESS_FS_TRUNCATE | unix.LANDLOCK_ACCESS_FS_IOCTL_DEV
		if folder {
			access |= unix.LANDLOCK_ACCESS_FS_REMOVE_DIR | unix.LANDLOCK_ACCESS_FS_REMOVE_FILE |
				unix.LANDLOCK_ACCESS_FS_MAKE_CHAR | unix.LANDLOCK_ACCESS_FS_MAKE_DIR | unix.LANDLOCK_ACCESS_FS_MAKE_REG |
				unix.LANDLOCK_ACCESS_FS_MAKE_SOCK | unix.LANDLOCK_ACCESS_FS_MAKE_FIFO | unix.LANDLOCK_ACCESS_FS_MAKE_BLOCK |
				unix.LANDLOCK_ACCESS_FS_MAKE_SYM | unix.LANDLOCK_ACCESS_FS_REFER
		}
	}
	if a&Execute != 0 {
		access |= unix.LANDLOCK_ACCESS_FS_EXECUTE
	}
	return access
}

// addRule adds the rule r to the ruleset, as far as the ruleset handles
// its accesses. A path that does not exist gets no rule: there is nothing
// there to give. A program that may run brings its loader with it (see
// loader).
func addRule(ruleset int, r Rule, handled uint64) error {
	fd, err := unix.Open(r.Path, unix.O_PATH|unix.O_CLOEXEC, 0)
	if errors.Is(err, unix.ENOENT) || errors.Is(err, unix.ENOTDIR) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("sandbox: open %s: %w", r.Path, err)
	}
	defer unix.Close(fd)
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return fmt.Errorf("sandbox: stat %s: %w", r.Path, err)
	}
	folder := st.Mode&unix.S_IFMT == unix.S_IFDIR
	beneath := unix.LandlockPathBeneathAttr{Allowed_access: landlockAccess(r.Access, folder) & handled, Parent_fd: int32(fd)}
	_, _, errno := unix.Syscall6(unix.SYS_LANDLOCK_ADD_RULE, uintptr(ruleset), unix.LANDLOCK_RULE_PATH_BENEATH,
		uintptr(unsafe.Pointer(&beneath)), 0, 0, 0)
	if errno != 0 {
		return fmt.Errorf("sandbox: a rule for %s: %w", r.Path, errno)
	}
	if r.Access&Execute != 0 && !folder {
		if l := loader(r.Path); l != "" {
			return addRule(ruleset, Rule{l, Read | Execute}, handled)
		}
	}
	return nil
}

// loader returns the program that the kernel starts to load the program
// at path, its ELF interpreter (/lib64/ld-linux-x86-64.so.2, say), or ""
// for a program that needs none. Landlock checks the loader as it checks
// the program, so a rule that lets one program run must let its loader
// run too. A script's interpreter (#!/bin/sh) is not given: a script
// would let sh run, and sh runs anything.
func loader(path string) string {
	f, err := elf.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	for _, prog := range f.Progs {
		if prog.Type != elf.PT_INTERP {
			continue
		}
		b := make([]byte, min(prog.Filesz, 4096))
		if _, err := prog.ReadAt(b, 0); err != nil {
			return ""
		}
		return strings.TrimRight(string(b), "\x00")
	}
	return ""
}
