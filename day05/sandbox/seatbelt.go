package sandbox

import (
	"fmt"
	"strings"
)

// SeatbeltProfile returns p in the language of macOS's Seatbelt, the
// profile sandbox-exec -p takes: everything is denied, then each rule
// allows what it gives under its path. It is written on every system, so
// that its text is tested where macOS is not.
//
// Seatbelt judges a path after its links are resolved, so the rules'
// paths must be real paths (/private/tmp, not /tmp): Start on macOS
// resolves them first. Reading a file's metadata is allowed everywhere,
// as Landlock allows it: ls of a folder that may not be read fails, and
// stat of a file in it does not.
func SeatbeltProfile(p Policy) string {
	var b strings.Builder
	b.WriteString(seatbeltBase)
	allow := func(operation string, access Access) {
		var paths []string
		for _, r := range p.Rules {
			if r.Access&access != 0 {
				paths = append(paths, fmt.Sprintf("(subpath %s)", seatbeltString(r.Path)))
			}
		}
		if len(paths) > 0 {
			fmt.Fprintf(&b, "(allow %s\n  %s)\n", operation, strings.Join(paths, "\n  "))
		}
	}
	allow("file-read*", Read)
	allow("file-write*", Write)
	allow("process-exec", Execute)
	if p.Network {
		b.WriteString("(allow network* system-socket)\n")
	}
	return b.String()
}

// seatbeltBase is what every command needs to start on macOS and nothing
// more: to fork, to signal and inspect processes of its own sandbox, to
// learn the machine's size and version, to look up users, and to read
// metadata. The sysctl names are listed one by one: kern.procargs2 would
// show the arguments and environment of every process of the user, ply's
// API key among them.
const seatbeltBase = `(version 1)
(deny default)
(allow process-fork)
(allow signal (target same-sandbox))
(allow process-info* (target same-sandbox))
(allow file-read-metadata)
(allow ipc-posix-sem)
(allow mach-lookup (global-name "com.apple.system.opendirectoryd.libinfo"))
(allow sysctl-read
  (sysctl-name "hw.activecpu") (sysctl-name "hw.byteorder") (sysctl-name "hw.cachelinesize")
  (sysctl-name "hw.logicalcpu") (sysctl-name "hw.logicalcpu_max") (sysctl-name "hw.machine")
  (sysctl-name "hw.memsize") (sysctl-name "hw.model") (sysctl-name "hw.ncpu") (sysctl-name "hw.pagesize")
  (sysctl-name "hw.physicalcpu") (sysctl-name "hw.physicalcpu_max") (sysctl-name-prefix "hw.optional.")
  (sysctl-name-prefix "hw.perflevel") (sysctl-name "kern.argmax") (sysctl-name "kern.hostname")
  (sysctl-name "kern.maxfilesperproc") (sysctl-name "kern.osproductversion") (sysctl-name "kern.osrelease")
  (sysctl-name "kern.ostype") (sysctl-name "kern.osversion") (sysctl-name "kern.version")
  (sysctl-name "machdep.cpu.brand_string") (sysctl-name "sysctl.proc_cputype") (sysctl-name "vm.loadavg"))
`

// seatbeltString quotes s as a string of the profile's language, where a
// backslash and a double quote are escaped with a backslash.
func seatbeltString(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}
