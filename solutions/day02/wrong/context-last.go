// Wrong: asking about the context last turns a Ctrl-C that lands during a
// read into a cut stream, because the cancel broke the read first; the
// stream's Err no longer says context.Canceled once its context is done.
// Exercise: 2
// Caught by: TestChunkStreamCancelledInARead
package llm

import "fmt"

func (s *chunkStream) endError() error {
	if err := s.events.Err(); err != nil {
		return fmt.Errorf("%w: %v", ErrStreamCut, err)
	}
	if err := s.ctx.Err(); err != nil {
		return err
	}
	if !s.finished {
		return ErrStreamCut
	}
	return nil
}
