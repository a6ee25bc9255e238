// Wrong: the new log takes its session's name first, and the copy follows through the log's own
// appending file. It looks simpler, one step fewer to get wrong; but a ply that lists or resumes
// sessions during the copy, or a kill in the middle of it, sees half a copy under a session's
// name and takes it for one. And O_APPEND keeps the kernel from copying file to file: every byte
// passes through this process.
// Exercise: 4
// Caught by: TestForkIsWholeOrAbsent, TestForkCopiesFileToFile, TestForkLeavesNothingWhenItFails
package session

import "io"

func (s Store) forkLog(parent, cwd string, src io.Reader, size, at int64) (*Log, error) {
	l, err := s.newLog(cwd)
	if err != nil {
		return nil, err
	}
	if err := l.publish(); err != nil {
		l.discard()
		return nil, err
	}
	_, err = io.CopyN(l.f, src, size)
	if err == nil {
		l.next = at + 1
		_, err = l.Append(Fork{From: parent, AtSeq: at})
	}
	if err != nil {
		l.discard()
		return nil, err
	}
	return l, nil
}
