// Wrong: wrapping the read error with %w and printing ErrStreamCut with %v
// reads almost the same, but errors.Is(err, ErrStreamCut) no longer holds,
// so no caller can tell the stream was cut.
// Exercise: 2
// Caught by: TestChunkStreamReadError, TestChunkStreamEndlessEvent
package llm

import "fmt"

func (s *chunkStream) endError() error {
	if err := s.ctx.Err(); err != nil {
		return err
	}
	if err := s.events.Err(); err != nil {
		return fmt.Errorf("%v: %w", ErrStreamCut, err)
	}
	if !s.finished {
		return ErrStreamCut
	}
	return nil
}
