package llm

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// The ways a streamed reply can go wrong after it has started.
var (
	// ErrStreamCut means the stream ended before the reply did: the
	// connection closed with no finish reason and no [DONE].
	ErrStreamCut = errors.New("the stream was cut before the reply finished")
	// ErrServerFailed means the server sent an error in place of a chunk,
	// after the reply had started.
	ErrServerFailed = errors.New("the server failed mid-reply")
)

// chunkStream is the Stream of an OpenAI-compatible server: SSE events
// whose data is a JSON chunk, then one last event, [DONE].
type chunkStream struct {
	ctx      context.Context // the request's: once it is done, so is the stream
	body     io.ReadCloser
	events   *eventReader
	apiKey   string // hidden from what the server says
	delta    StreamDelta
	finished bool // a chunk carried a finish reason
	cut      bool // ... and it was "length": the model hit its output limit
	said     bool // a delta with text or tool calls was handed out
	done     bool // the stream has ended: [DONE] arrived, or the events ran out
	err      error
}

func newChunkStream(ctx context.Context, body io.ReadCloser, apiKey string) *chunkStream {
	return &chunkStream{ctx: ctx, body: body, events: newEventReader(body), apiKey: apiKey}
}

// Next reads events until one carries something, and reports whether it
// did. Once the context is done it stops, even with events still buffered.
// At the end of a stream that went well, a reply the model did not finish,
// or that said nothing, is an error, as decodeReply makes it for a reply
// in one piece.
func (s *chunkStream) Next() bool {
	for !s.done && s.err == nil {
		if err := s.ctx.Err(); err != nil {
			s.err = err
			return false
		}
		if !s.events.Next() {
			s.end(s.endError())
			return false
		}
		if s.events.Data() == "[DONE]" {
			s.end(nil)
			return false
		}
		delta, err := decodeChunk(s.events.Data(), s.apiKey)
		if err != nil {
			s.err = err
			return false
		}
		s.finished = s.finished || delta.Finish != ""
		s.cut = s.cut || delta.Finish == "length"
		s.said = s.said || delta.Text != "" || len(delta.ToolCalls) > 0
		if !delta.empty() {
			s.delta = delta
			return true
		}
	}
	return false
}

// end ends the stream with err, or, when the stream itself ended well,
// with what replyError finds wrong with the reply it carried.
func (s *chunkStream) end(err error) {
	if err == nil {
		err = replyError(s.cut, !s.said)
	}
	s.done, s.err = true, err
}

func (s *chunkStream) Delta() StreamDelta { return s.delta }
func (s *chunkStream) Err() error         { return s.err }
func (s *chunkStream) Close() error       { return s.body.Close() }

// endError says why the events ran out before [DONE]: the user cancelled,
// the connection failed, or the server stopped writing. A reply that
// carried its finish reason is complete even without [DONE], which some
// servers leave out.
func (s *chunkStream) endError() error {
	// TODO(lab 2): Say why the events ran out before [DONE]: the context's
	// error once it is done; ErrStreamCut, wrapped with the cause, after a read
	// error; ErrStreamCut with no finish reason; nil for a finished reply.
	// See "Exercise 2" in README.md; for hints: go run ply/cmd/lab hint day02 2
	return errors.New("exercise 2 is not done yet")
}

// decodeChunk turns the data of one event into a delta. A chunk with an
// "error" field is the server failing mid-reply, and what it says passes
// through serverText; a chunk with no choices may still carry the usage.
func decodeChunk(data, apiKey string) (StreamDelta, error) {
	var chunk chatChunk
	if err := json.Unmarshal([]byte(data), &chunk); err != nil {
		return StreamDelta{}, fmt.Errorf("the server sent a chunk that is not JSON: %w", err)
	}
	if chunk.Error != nil {
		return StreamDelta{}, fmt.Errorf("%w: %s", ErrServerFailed, serverText(serverMessage([]byte(data)), apiKey))
	}
	var d StreamDelta
	if chunk.Usage != nil {
		d.Usage = &Usage{Input: chunk.Usage.PromptTokens, Output: chunk.Usage.CompletionTokens}
	}
	if len(chunk.Choices) == 0 {
		return d, nil // the usage chunk has no choices
	}
	choice := chunk.Choices[0]
	d.Text = choice.Delta.Content
	d.Finish = choice.FinishReason
	for _, call := range choice.Delta.ToolCalls {
		d.ToolCalls = append(d.ToolCalls, ToolCallDelta{
			Index: call.Index, ID: call.ID, Name: call.Function.Name, Arguments: call.Function.Arguments,
		})
	}
	return d, nil
}

// sliceStream is a Stream over deltas already in memory: the Mock's
// replies, and the rare server that answers in one piece.
type sliceStream struct {
	ctx    context.Context
	deltas []StreamDelta // the ones not handed out yet
	delta  StreamDelta
	err    error
}

func newSliceStream(ctx context.Context, deltas []StreamDelta) *sliceStream {
	return &sliceStream{ctx: ctx, deltas: deltas}
}

// Next hands out the next delta, unless the context is done.
func (s *sliceStream) Next() bool {
	if s.err = s.ctx.Err(); s.err != nil || len(s.deltas) == 0 {
		return false
	}
	s.delta, s.deltas = s.deltas[0], s.deltas[1:]
	return true
}

func (s *sliceStream) Delta() StreamDelta { return s.delta }
func (s *sliceStream) Err() error         { return s.err }
func (s *sliceStream) Close() error       { return nil }
