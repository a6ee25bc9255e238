package selftest

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"ply/day02/llm"
)

// expectText checks that a server sending events makes the client hand
// over want, whatever it says about the stream's end.
func expectText(ctx context.Context, events, want string) error {
	got, err := streamFrom(ctx, events)
	if err != nil {
		return err
	}
	if got.text != want {
		return fmt.Errorf("events %q gave the text %q, want %q", shortened(events), got.text, want)
	}
	return nil
}

// shortened keeps failure messages to one readable line.
func shortened(s string) string {
	if len(s) > 120 {
		return s[:120] + "…"
	}
	return s
}

// chunk is the data of an event that adds text to the reply.
func chunk(text string) string {
	return `{"choices":[{"index":0,"delta":{"content":"` + text + `"}}]}`
}

func sseEvents(ctx context.Context) error {
	return expectText(ctx, helloStream, "Hello.")
}

func sseLineEnds(ctx context.Context) error {
	crlf := "data: " + chunk("one") + "\r\n\r\ndata: " + chunk(" two") + "\r\n\r\n"
	if err := expectText(ctx, crlf, "one two"); err != nil {
		return err
	}
	cr := "data: " + chunk("three") + "\r\rdata:" + chunk(" four") + "\r\r"
	return expectText(ctx, cr, "three four")
}

func sseComments(ctx context.Context) error {
	events := ": keep-alive\n\nevent: message\nid: 7\nretry: 1000\ndata: " + chunk("kept") + "\n\n" +
		": another comment\ndata:" + chunk(" too") + "\n\n"
	return expectText(ctx, events, "kept too")
}

func sseCutShort(ctx context.Context) error {
	// The second event is whole JSON, but its blank line never came: the
	// stream was cut, and what was cut may be only part of the event.
	events := "data: " + chunk("Hel") + "\n\ndata: " + chunk("lo") + "\n"
	return expectText(ctx, events, "Hel")
}

func sseMultiLine(ctx context.Context) error {
	// One chunk's JSON spread over two data lines, which join with "\n".
	events := "data: {\"choices\":[{\"index\":0,\ndata: \"delta\":{\"content\":\"joined\"}}]}\n\n"
	return expectText(ctx, events, "joined")
}

func openaiUsageChunk(ctx context.Context) error {
	got, err := streamFrom(ctx, helloStream)
	if err != nil {
		return err
	}
	if want := (llm.Usage{Input: 9, Output: 2}); got.usage != want || got.finish != "stop" {
		return fmt.Errorf("usage %+v and finish %q, want %+v and \"stop\"", got.usage, got.finish, want)
	}
	return nil
}

func openaiMidStreamError(ctx context.Context) error {
	events := "data: " + chunk("Hel") + "\n\n" +
		`data: {"error":{"message":"The server had an error while processing your request.","type":"server_error"}}` + "\n\n"
	got, err := streamFrom(ctx, events)
	if err != nil {
		return err
	}
	if !errors.Is(got.err, llm.ErrServerFailed) || !strings.Contains(got.err.Error(), "had an error while processing") {
		return fmt.Errorf("the stream ended with %v, not with llm.ErrServerFailed and the server's message: the error event was never read", got.err)
	}
	if got.text != "Hel" {
		return fmt.Errorf("text before the error = %q, want %q", got.text, "Hel")
	}
	return nil
}
