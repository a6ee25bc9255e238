package sandbox

// systemFolders are where a Linux system keeps its programs, their
// libraries and the data they read as they start: locale, time zones,
// certificates, the names of users and hosts. Of /etc, only what programs
// read is named, not the folder: on a machine where ply runs as root,
// /etc holds the password hashes and the host's private keys too.
var systemFolders = []string{
	"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32",
	"/etc/alternatives", "/etc/ca-certificates", "/etc/gitconfig", "/etc/group", "/etc/hosts",
	"/etc/ld.so.cache", "/etc/ld.so.conf", "/etc/ld.so.conf.d", "/etc/localtime", "/etc/mime.types",
	"/etc/nsswitch.conf", "/etc/passwd", "/etc/protocols", "/etc/resolv.conf", "/etc/services", "/etc/ssl",
}
