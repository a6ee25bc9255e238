// Wrong: requiring [DONE] fails every reply of the servers that leave it
// out, although their finish reason says the reply is complete.
// Exercise: 2
// Caught by: TestChunkStream
package llm

import "fmt"

func (s *chunkStream) endError() error {
	if err := s.ctx.Err(); err != nil {
		return err
	}
	if err := s.events.Err(); err != nil {
		return fmt.Errorf("%w: %v", ErrStreamCut, err)
	}
	return ErrStreamCut
}
