// Wrong: a read error is a cut stream, but returning ErrStreamCut alone
// throws away what broke, and the user never learns that the connection
// was reset or that an event was too long.
// Exercise: 2
// Caught by: TestChunkStreamReadError, TestChunkStreamEndlessEvent
package llm

func (s *chunkStream) endError() error {
	if err := s.ctx.Err(); err != nil {
		return err
	}
	if s.events.Err() != nil || !s.finished {
		return ErrStreamCut
	}
	return nil
}
