// Wrong: the new session's log is a hard link to the parent's, cut at the fork point: no bytes
// copied. But both names are one file, and cutting one cuts the other.
// Exercise: 4
// Caught by: TestForkCopiesThePrefixAndLeavesTheParent, self-check "fork copies the prefix and leaves the parent byte-identical"
package session

import "os"

func (s Store) forkLog(parent, path string, size, at int64) (*Log, error) {
	l, err := s.newLog()
	if err != nil {
		return nil, err
	}
	l.f.Close()
	if err := os.Remove(l.path); err != nil {
		return nil, err
	}
	if err := os.Link(path, l.path); err != nil {
		return nil, err
	}
	if err := os.Truncate(l.path, size); err != nil {
		return nil, err
	}
	if l.f, err = os.OpenFile(l.path, os.O_WRONLY|os.O_APPEND, 0); err != nil {
		return nil, err
	}
	l.next = at + 1
	if _, err := l.Append(Fork{From: parent, AtSeq: at}); err != nil {
		l.discard()
		return nil, err
	}
	return l, nil
}
