// Wrong: a fork that fails returns its error and leaves what it began: the new log, still open
// and locked, its pid file, and the file handles, never closed, for as long as ply runs.
// Exercise: 4
// Caught by: TestForkLeavesNothingWhenItFails, TestNothingIsLeftOpen
package session

import "io"

func (s Store) forkLog(parent, cwd string, src io.Reader, size, at int64) (*Log, error) {
	l, err := s.newLog(cwd)
	if err != nil {
		return nil, err
	}
	if _, err := io.CopyN(l.f, src, size); err != nil {
		return nil, err
	}
	l.next = at + 1
	if _, err := l.Append(Fork{From: parent, AtSeq: at}); err != nil {
		return nil, err
	}
	if err := l.publish(); err != nil {
		return nil, err
	}
	return l, nil
}
