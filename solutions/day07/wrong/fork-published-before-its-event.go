// Wrong: the copy is published as soon as it is whole, and the fork event appended after. A kill
// between the two, or a fork event that cannot be written, leaves a session that is a copy of its
// parent's first lines with nothing to say it is a fork: published, it can no longer be taken back.
// Exercise: 4
// Caught by: TestForkLeavesNothingWhenItFails/the_fork_event_fails
package session

import "io"

func (s Store) forkLog(parent, cwd string, src io.Reader, size, at int64) (*Log, error) {
	l, err := s.newLog(cwd)
	if err != nil {
		return nil, err
	}
	_, err = io.CopyN(l.f, src, size)
	if err == nil {
		err = l.publish()
	}
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
