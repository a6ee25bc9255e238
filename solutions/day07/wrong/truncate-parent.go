// Wrong: no copy at all: the parent's log is cut at the fork point and goes on as the fork. It
// looks tidier and it is a rewrite: the branch being left is destroyed, and a crash half-way loses
// both.
// Exercise: 4
// Caught by: TestForkCopiesThePrefixAndLeavesTheParent, TestForkOfASessionInUse, self-check "fork copies the prefix and leaves the parent byte-identical"
package session

import "os"

func (s Store) forkLog(parent, path string, size, at int64) (*Log, error) {
	if err := os.Truncate(path, size); err != nil {
		return nil, err
	}
	lk, err := acquire(parent, s.lockPath(parent))
	if err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		lk.release()
		return nil, err
	}
	l := newLog(parent, path, f, lk, s.Sync, at)
	if _, err := l.Append(Fork{From: parent, AtSeq: at}); err != nil {
		l.Close()
		return nil, err
	}
	return l, nil
}
