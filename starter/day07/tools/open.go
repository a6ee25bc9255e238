package tools

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strings"
	"time"
)

// For a regular file, opening is a step towards reading. For the other
// kinds of file a workspace can hold, the open is itself an action: a
// named pipe's open waits for a writer, for ever if none comes, and
// Ctrl-C cannot stop a system call that waits; a device's open wakes the
// device, and /dev/zero, inside the workspace with -C /, never ends. So
// the tools read only regular files and list only directories, and they
// look at what a path is before they open it. The open then asks not to
// wait all the same (noWait), and what it opened is looked at again,
// because the file can be swapped between the look and the open.

// maxWait is the longest the reads of a file that can wait may take. A
// file on a disk never makes a read wait, but a few that say they are
// regular can: the kernel's log, /proc/kmsg, waits for the next message.
const maxWait = 2 * time.Second

// rootFS is the workspace as an fs.FS. Every open goes through the
// os.Root, so it stays inside the workspace, and none waits: a file opens
// with noWait, and a directory to be listed opens with dirOnly, so that
// the open fails at once for anything that is not a directory.
type rootFS struct{ root *os.Root }

func (f rootFS) Open(name string) (fs.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrInvalid}
	}
	return f.root.OpenFile(name, os.O_RDONLY|noWait, 0)
}

// Stat looks at name without opening it.
func (f rootFS) Stat(name string) (fs.FileInfo, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "stat", Path: name, Err: fs.ErrInvalid}
	}
	return f.root.Stat(name)
}

// ReadDir lists the directory name, sorted by name, as fs.ReadDir does.
// fs.WalkDir lists every directory it walks through it.
func (f rootFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrInvalid}
	}
	dir, err := f.root.OpenFile(name, os.O_RDONLY|noWait|dirOnly, 0)
	if err != nil {
		return nil, err
	}
	defer dir.Close()
	entries, err := dir.ReadDir(-1)
	slices.SortFunc(entries, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return entries, err
}

// lookAt looks at what path is, resolved to rel, before anything opens
// it. A path that does not exist is an error that says how to find what
// does.
func lookAt(ws *Workspace, rel, path string) (fs.FileInfo, error) {
	info, err := fs.Stat(ws.FS(), rel)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s does not exist; list_dir or find shows what does", path)
	}
	return info, err
}

// openRegular opens the regular file name of fsys for reading. Its caller
// has looked at what name is (fs.Stat, or the listing of its directory);
// openRegular opens it without waiting and looks again at what it opened,
// refusing anything but a regular file. shown is the path as the model
// gave it, for the error.
//
// A file that can make a read wait is one the system can wait on for us,
// and only such a file takes a deadline: its reads get maxWait in all.
func openRegular(fsys fs.FS, name, shown string) (fs.File, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	info, err := f.Stat()
	if err == nil && !info.Mode().IsRegular() {
		err = notA("a regular file", shown, info.Mode())
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	if waits, ok := f.(interface{ SetReadDeadline(time.Time) error }); ok {
		_ = waits.SetReadDeadline(time.Now().Add(maxWait)) // a file on a disk refuses it, and never waits
	}
	return f, nil
}

// notA says that path is not what a tool wanted, naming what it is
// instead: "pipe is a named pipe, not a regular file".
func notA(want, path string, mode fs.FileMode) error {
	return fmt.Errorf("%s is %s, not %s", path, kind(mode), want)
}

// kind names the kind of file mode describes.
func kind(mode fs.FileMode) string {
	switch {
	case mode.IsRegular():
		return "a regular file"
	case mode.IsDir():
		return "a directory"
	case mode&fs.ModeSymlink != 0:
		return "a symbolic link"
	case mode&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case mode&fs.ModeSocket != 0:
		return "a socket"
	case mode&fs.ModeDevice != 0:
		return "a device"
	}
	return "a special file"
}
