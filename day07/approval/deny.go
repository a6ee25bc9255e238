package approval

import (
	"path"
	"strings"
)

// The deny-list refuses a few commands outright, whatever the rules and
// the grants say, with a reason the model reads. It is not what keeps ply
// safe: everything that is not allowed asks anyway. It saves the human
// from being asked about what no one should say yes to, and it tells the
// model plainly to stop trying.
//
// It is matched loosely, where the allow-list is matched exactly. A name
// is compared by its last path element and without case, because on a
// case-insensitive disk /usr/bin/SUDO runs sudo. A loose match can only
// refuse more.

// deniedNames are commands refused whatever their arguments.
var deniedNames = map[string]string{
	"sudo":     "sudo runs a command as another user",
	"su":       "su runs a command as another user",
	"doas":     "doas runs a command as another user",
	"pkexec":   "pkexec runs a command as another user",
	"run0":     "run0 runs a command as another user",
	"runuser":  "runuser runs a command as another user",
	"mkfs":     "mkfs formats a disk",
	"mke2fs":   "mke2fs formats a disk",
	"wipefs":   "wipefs wipes a disk",
	"shutdown": "shutdown stops the machine",
	"reboot":   "reboot restarts the machine",
	"halt":     "halt stops the machine",
	"poweroff": "poweroff stops the machine",
}

// commandName is the name a command is known by on the deny-list and
// among the wrappers: the last element of its path, in lower case.
func commandName(word string) string {
	return strings.ToLower(path.Base(word))
}

// deniedCommand returns why the command words, name first, are refused,
// or "" when they are not. A word the shell works out as it runs is given
// as its text, such as "$HOME": the deny-list reads it as written.
func deniedCommand(words []string) string {
	name := commandName(words[0])
	if why := deniedNames[name]; why != "" {
		return why
	}
	switch {
	case strings.HasPrefix(name, "mkfs."):
		return name + " formats a disk"
	case name == "rm" && removesEverything(words[1:]):
		return "rm -r of / or of the home directory deletes everything in it"
	case name == "dd" && writesDevice(words[1:]):
		return "dd of=/dev/… writes straight to a device"
	}
	return ""
}

// removesEverything reports whether rm's arguments remove recursively,
// from the root or the home directory.
func removesEverything(args []string) bool {
	recursive, everything := false, false
	for _, a := range args {
		switch {
		case a == "--recursive" || a == "--no-preserve-root":
			recursive = true
		case strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--"):
			recursive = recursive || strings.ContainsAny(a, "rR")
		default:
			everything = everything || isRootOrHome(a)
		}
	}
	return recursive && everything
}

// isRootOrHome reports whether an argument of rm names /, the home
// directory, or everything in one of them.
func isRootOrHome(arg string) bool {
	arg = strings.ReplaceAll(arg, `"`, "") // "$HOME" is $HOME to rm
	for _, home := range []string{"${HOME}", "$HOME"} {
		if rest, ok := strings.CutPrefix(arg, home); ok {
			arg = "~" + rest
		}
	}
	arg = strings.TrimSuffix(path.Clean(arg), "/*") // "/*" leaves ""
	return arg == "/" || arg == "" || arg == "~"
}

// writesDevice reports whether dd's arguments write to a device file.
func writesDevice(args []string) bool {
	for _, a := range args {
		if target, ok := strings.CutPrefix(a, "of="); ok && isDevice(target) {
			return true
		}
	}
	return false
}

// harmlessDevices are the files under /dev that output may go to: they
// are not disks.
var harmlessDevices = []string{"/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty"}

// isDevice reports whether p names a device that writing to could damage,
// such as /dev/sda.
func isDevice(p string) bool {
	p = path.Clean(p)
	if !strings.HasPrefix(p, "/dev/") || strings.HasPrefix(p, "/dev/fd/") {
		return false
	}
	for _, ok := range harmlessDevices {
		if p == ok {
			return false
		}
	}
	return true
}
