package sandbox

// systemFolders are where macOS keeps its programs, their libraries (the
// shared cache dyld maps in lies under /System and /private/var/db) and
// the data they read as they start, and where Homebrew puts the programs
// it installs. Of /private/etc, only what programs read is named.
var systemFolders = []string{
	"/usr", "/bin", "/sbin", "/System", "/Library/Developer", "/Applications/Xcode.app",
	"/opt/homebrew", "/private/var/db/dyld", "/private/var/db/timezone",
	"/private/etc/group", "/private/etc/hosts", "/private/etc/localtime", "/private/etc/passwd",
	"/private/etc/protocols", "/private/etc/resolv.conf", "/private/etc/services", "/private/etc/ssl",
}
