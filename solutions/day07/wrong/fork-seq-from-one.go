// Wrong: the fork event takes the new log's own next seq, 1, as if the log were empty; after the
// copied lines it is not one more than the last, and the fork cannot be read back.
// Exercise: 4
// Caught by: TestForkCopiesThePrefixAndLeavesTheParent, TestForkKeepsBlankLines
package session

import "io"

func (s Store) forkLog(parent, cwd string, src io.Reader, size, at int64) (*Log, error) {
	l, err := s.newLog(cwd)
	if err != nil {
		return nil, err
	}
	_, err = io.CopyN(l.f, src, size)
	if err == nil {
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
