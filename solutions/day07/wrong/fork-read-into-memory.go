// Wrong: the prefix is read into memory and then written, which reads naturally and is what a
// copy looks like by hand. A fork of a 200 MiB session then takes 200 MiB of memory, where the
// kernel copies a file into a file opened without O_APPEND for nothing.
// Exercise: 4
// Caught by: TestForkCopiesFileToFile
package session

import "io"

func (s Store) forkLog(parent, cwd string, src io.Reader, size, at int64) (*Log, error) {
	l, err := s.newLog(cwd)
	if err != nil {
		return nil, err
	}
	prefix := make([]byte, size)
	_, err = io.ReadFull(src, prefix)
	if err == nil {
		_, err = l.f.Write(prefix)
	}
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
