// Wrong: the whole parent is copied, not its first size bytes; the fork event then follows events
// with higher seqs, and the new log cannot be read past them.
// Exercise: 4
// Caught by: TestForkCopiesThePrefixAndLeavesTheParent, TestForkWindowEqualsTheParentsThere
package session

import (
	"io"
	"os"
)

func (s Store) forkLog(parent, path string, size, at int64) (*Log, error) {
	src, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer src.Close()
	l, err := s.newLog()
	if err != nil {
		return nil, err
	}
	if _, err := io.Copy(l.f, src); err != nil {
		l.discard()
		return nil, err
	}
	l.next = at + 1
	if _, err := l.Append(Fork{From: parent, AtSeq: at}); err != nil {
		l.discard()
		return nil, err
	}
	return l, nil
}
