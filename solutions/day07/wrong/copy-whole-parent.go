// Wrong: the whole parent is copied, not its first size bytes; the fork event then follows events
// with higher seqs, and the new log cannot be read past them.
// Exercise: 4
// Caught by: TestForkCopiesThePrefixAndLeavesTheParent, TestForkWindowEqualsTheParentsThere
package session

import "io"

func (s Store) forkLog(parent, cwd string, src io.Reader, size, at int64) (*Log, error) {
	l, err := s.newLog(cwd)
	if err != nil {
		return nil, err
	}
	_, err = io.Copy(l.f, src)
	if err == nil {
		l.next = at + 1
		_, err = l.Append(Fork{From: parent, AtSeq: at})
	}
	if err == nil {
		err = l.publish()
	}
	if err != nil {
		l.discard()
		return nil, err
	}
	return l, nil
}
