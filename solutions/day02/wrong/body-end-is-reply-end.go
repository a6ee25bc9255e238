// Wrong: taking the end of the body for the end of the reply makes every
// cut stream look finished: the half reply joins the conversation as if
// the model had meant it, and a stream cut before any text passes for an
// empty reply.
// Exercise: 2
// Caught by: self-check "a stream that ends before its reply says it was cut", TestChunkStream/cut_before_the_finish, TestScripts/stream_cut
package llm

func (s *chunkStream) endError() error {
	if err := s.ctx.Err(); err != nil {
		return err
	}
	return s.events.Err()
}
