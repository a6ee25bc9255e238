// Wrong: the fork event takes the new log's own next seq, 1, as if the log were empty; after the
// copied lines it does not increase, and the fork cannot be read back.
// Exercise: 4
// Caught by: TestForkCopiesThePrefixAndLeavesTheParent, TestForkKeepsBlankLines
package session

import "os"

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
	if err := copyInto(l.path, src, size); err != nil {
		l.discard()
		return nil, err
	}
	if _, err := l.Append(Fork{From: parent, AtSeq: at}); err != nil {
		l.discard()
		return nil, err
	}
	return l, nil
}
