package session

import "os"

// private makes the log f readable and writable by its owner alone, as
// ply creates every log, when it is open to anyone else: a log holds
// whatever the tools read, secrets included, and one copied in from
// elsewhere, or made by hand, may come with looser permissions.
func private(f *os.File) error {
	info, err := f.Stat()
	if err != nil {
		return err
	}
	if info.Mode().Perm() == 0o600 {
		return nil
	}
	return f.Chmod(0o600)
}
