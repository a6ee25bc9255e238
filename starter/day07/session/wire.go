package session

// This file is the log's format in Go: how an Event becomes one line and
// how one line becomes an Event again.
//
// A message is spelt in the shape of OpenAI's Chat Completions messages,
// as package llm spells it on the wire, so that a log reads like the
// requests it rebuilds; but it is spelt here, by types of this package,
// and not by llm's. The wire is a protocol that ply follows: it changes
// when servers do (llm leaves out an empty content, and may one day add a
// field a server wants or speak another API). The log is a file format
// that ply owns: version 1 must read the same in every ply, whatever the
// wire has become, so its spelling is frozen here, where a change would be
// a new version.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"ply/day07/llm"
)

// timeLayout is how ts is written: RFC 3339 in UTC, to the millisecond.
const timeLayout = "2006-01-02T15:04:05.000Z07:00"

// wireMessage is a message as the log spells it, in the shape of
// OpenAI's Chat Completions messages.
type wireMessage struct {
	Role       string         `json:"role"`
	Content    string         `json:"content"`
	ToolCalls  []wireToolCall `json:"tool_calls,omitempty"`
	ToolCallID string         `json:"tool_call_id,omitempty"`
}

// wireToolCall is one tool call of an assistant message.
type wireToolCall struct {
	ID       string       `json:"id"`
	Type     string       `json:"type"` // always "function"
	Function wireFunction `json:"function"`
}

// wireFunction is the tool a call names and its arguments.
type wireFunction struct {
	Name      string `json:"name"`
	Arguments string `json:"arguments"` // the exact JSON text the model wrote, in a string
}

// messageBody is the fields of a message event.
type messageBody struct {
	Message *wireMessage `json:"message"`
}

// head is the three fields every line starts with.
type head struct {
	Seq  int64  `json:"seq"`
	TS   string `json:"ts"`
	Type string `json:"type"`
}

// The lines of each type of event: the head, then the type's own fields.
// encoding/json writes the fields of an embedded struct where it stands,
// in order, so seq, ts and type come first in every line by construction.
type (
	lineMeta struct {
		head
		Meta
	}
	lineSystem struct {
		head
		System
	}
	lineMessage struct {
		head
		messageBody
	}
	lineToolEnd struct {
		head
		ToolEnd
	}
	lineUsage struct {
		head
		Usage
	}
	lineError struct {
		head
		Failure
	}
	lineCompact struct {
		head
		Compact
	}
	lineGrants struct {
		head
		Grants
	}
	lineFork struct {
		head
		Fork
	}
)

// lineOf returns the line of ev, as a value of its type's line.
func lineOf(ev Event) any {
	h := head{Seq: ev.Seq, TS: ev.Time.UTC().Format(timeLayout), Type: ev.Data.Type()}
	switch d := ev.Data.(type) {
	case Meta:
		return lineMeta{h, d}
	case System:
		return lineSystem{h, d}
	case Message:
		return lineMessage{h, messageBody{toWire(d.Message)}}
	case ToolEnd:
		return lineToolEnd{h, d}
	case Usage:
		return lineUsage{h, d}
	case Failure:
		return lineError{h, d}
	case Compact:
		return lineCompact{h, d}
	case Grants:
		// A sorted set, and [] rather than null when it is empty.
		sorted := append([]string{}, d.Grants...)
		slices.Sort(sorted)
		return lineGrants{h, Grants{Grants: sorted, Cwd: d.Cwd}}
	case Fork:
		return lineFork{h, d}
	}
	panic("session: no line for an event of type " + ev.Data.Type()) // an Unknown: only the reader makes one
}

// lineEncoder turns events into lines. It reuses one buffer, so the line
// it returns is valid only until the next call.
type lineEncoder struct {
	buf  bytes.Buffer
	json *json.Encoder // writes into buf
}

func newLineEncoder() *lineEncoder {
	e := &lineEncoder{}
	e.json = json.NewEncoder(&e.buf)
	// Code and shell commands are full of <, > and &; escaping them as
	// \u003c and so on would make the log hard to read and to grep.
	e.json.SetEscapeHTML(false)
	return e
}

// encode returns ev as one line ending in "\n".
func (e *lineEncoder) encode(ev Event) ([]byte, error) {
	e.buf.Reset()
	if err := e.json.Encode(lineOf(ev)); err != nil {
		return nil, err
	}
	return e.buf.Bytes(), nil
}

// decode turns one line, without its "\n", into an event. An empty line
// gives the zero Event and no error. The errors are decode's share of the
// reader's rules, in the order it looks: ErrCRLF and ErrNotJSON, then
// ErrKeyCase or ErrDupKey, ErrNoSeq, ErrNoType, ErrNoTime, ErrBadFields or
// ErrVersion, and ErrMetaFirst.
//
// The rules are strict because the format is ply's: a line is read only
// when it is spelt as ply writes it, so that nothing another program did
// to the file is taken for what ply wrote.
//
// A line is read twice, and each reading goes through it once: checkKeys
// walks its keys, and finds the head's values wherever they stand; then
// encoding/json reads the line as the fields of the type the head names.
func decode(text []byte) (Event, error) {
	if len(text) == 0 {
		return Event{}, nil
	}
	if err := oneObject(text); err != nil {
		return Event{}, err
	}
	h, keysErr := checkKeys(text)
	typ := typeName(h.typ)
	d, err := decodeData(typ, text)
	if errors.Is(err, ErrNotJSON) {
		return Event{}, err // checkKeys's findings mean nothing on text that is not JSON
	}
	// ParseInt takes exactly a JSON integer: not 1.0, 1e3, "1" or null.
	seq, seqErr := strconv.ParseInt(string(h.seq), 10, 64)
	ts, tsOK := parseTime(h.ts)
	switch {
	case keysErr != nil:
		return Event{}, keysErr
	case seqErr != nil:
		return Event{}, ErrNoSeq
	case typ == "":
		return Event{}, ErrNoType
	case !tsOK:
		return Event{}, ErrNoTime
	case err != nil:
		return Event{}, err
	case (seq == 1) != (typ == TypeMeta):
		// Seq 1 is the meta line, which says what the rest is: an event
		// before it would be replayed without knowing the format's version.
		return Event{}, ErrMetaFirst
	}
	return Event{Seq: seq, Time: ts, Data: d}, nil
}

// oneObject checks that text is one JSON object from its first byte to
// its last, as ply writes every line: no white space around it, and no
// "\r" before the "\n", which only a program that rewrote the file can
// have put there.
func oneObject(text []byte) error {
	switch last := text[len(text)-1]; {
	case last == '\r':
		return ErrCRLF
	case text[0] != '{' || last != '}':
		return ErrNotJSON
	}
	return nil
}

// typeName returns the type a line's type field names, or "" when it is
// not a JSON string, or an empty one.
func typeName(raw []byte) string {
	var typ string
	if len(raw) == 0 || raw[0] != '"' || json.Unmarshal(raw, &typ) != nil {
		return ""
	}
	return typ
}

// decodeData decodes the fields of a line whose type is typ: ErrNotJSON
// when text is not JSON, ErrBadFields when its fields do not fit the
// type. A type this ply does not know is kept whole, as an Unknown.
func decodeData(typ string, text []byte) (Data, error) {
	switch typ {
	case TypeMeta:
		return decodeMeta(text)
	case TypeSystem:
		return decodeAs[System](text)
	case TypeMessage:
		return decodeMessage(text)
	case TypeToolEnd:
		return decodeAs[ToolEnd](text)
	case TypeUsage:
		return decodeAs[Usage](text)
	case TypeError:
		return decodeAs[Failure](text)
	case TypeCompact:
		return decodeAs[Compact](text)
	case TypeGrants:
		return decodeAs[Grants](text)
	case TypeFork:
		return decodeAs[Fork](text)
	}
	if !json.Valid(text) {
		return nil, ErrNotJSON
	}
	return Unknown{Name: typ, Line: bytes.Clone(text)}, nil
}

// decodeAs decodes text as the fields of a D. The line's other fields,
// seq, ts and type among them, are passed over.
func decodeAs[D Data](text []byte) (Data, error) {
	var d D
	if err := json.Unmarshal(text, &d); err != nil {
		return nil, fieldsError(err, d.Type())
	}
	return d, nil
}

// fieldsError says why encoding/json could not read a line of type typ:
// it is not JSON, or its fields do not fit the type.
func fieldsError(err error, typ string) error {
	var syntax *json.SyntaxError
	if errors.As(err, &syntax) {
		return ErrNotJSON
	}
	return fmt.Errorf("%w %s", ErrBadFields, typ)
}

// decodeMessage decodes a message line, which must hold a message with a
// role.
func decodeMessage(text []byte) (Data, error) {
	var b messageBody
	if err := json.Unmarshal(text, &b); err != nil {
		return nil, fieldsError(err, TypeMessage)
	}
	if b.Message == nil || b.Message.Role == "" {
		return nil, fmt.Errorf("%w %s: it needs a message with a role", ErrBadFields, TypeMessage)
	}
	return Message{Message: fromWire(*b.Message)}, nil
}

// decodeMeta decodes a meta line and refuses a version it does not know.
func decodeMeta(text []byte) (Data, error) {
	d, err := decodeAs[Meta](text)
	if err != nil {
		return nil, err
	}
	if v := d.(Meta).V; v != Version {
		return nil, fmt.Errorf("%w %d (this ply reads %d)", ErrVersion, v, Version)
	}
	return d, nil
}

// parseTime reads a line's ts, which must be a JSON string holding an
// RFC 3339 time, and reports whether it was.
func parseTime(raw []byte) (time.Time, bool) {
	if len(raw) < 2 || raw[0] != '"' || raw[len(raw)-1] != '"' {
		return time.Time{}, false
	}
	t, err := time.Parse(time.RFC3339Nano, string(raw[1:len(raw)-1]))
	if err != nil {
		return time.Time{}, false
	}
	return t.UTC(), true
}

// toWire spells a message the way the log does.
func toWire(m llm.Message) *wireMessage {
	w := &wireMessage{Role: m.Role, Content: m.Content, ToolCallID: m.ToolCallID}
	for _, c := range m.ToolCalls {
		w.ToolCalls = append(w.ToolCalls, wireToolCall{
			ID: c.ID, Type: "function", Function: wireFunction{Name: c.Name, Arguments: c.Arguments},
		})
	}
	return w
}

// fromWire reads a message the way the log spells it.
func fromWire(w wireMessage) llm.Message {
	m := llm.Message{Role: w.Role, Content: w.Content, ToolCallID: w.ToolCallID}
	for _, c := range w.ToolCalls {
		m.ToolCalls = append(m.ToolCalls, llm.ToolCall{ID: c.ID, Name: c.Function.Name, Arguments: c.Function.Arguments})
	}
	return m
}
