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

// encode returns ev as one line ending in "\n": first the three fields
// every line starts with, written here so that they really come first,
// then the fields of the event's type as encoding/json writes them.
func (e *lineEncoder) encode(ev Event) ([]byte, error) {
	var head [96]byte // room for the longest seq, ts and type
	h := append(head[:0], `{"seq":`...)
	h = strconv.AppendInt(h, ev.Seq, 10)
	h = append(h, `,"ts":"`...)
	h = ev.Time.UTC().AppendFormat(h, timeLayout)
	h = append(h, `","type":"`...)
	h = append(h, ev.Data.Type()...) // a known type: plain ASCII, nothing to escape
	h = append(h, '"')
	e.buf.Reset()
	e.buf.Write(h)
	start := e.buf.Len()
	if err := e.json.Encode(body(ev.Data)); err != nil {
		return nil, err
	}
	line := e.buf.Bytes()
	// Encode wrote the type's fields as {…}\n. Their "{" becomes the comma
	// after the three fields; with no fields at all, {} leaves only "}".
	if line[start+1] == '}' {
		return append(line[:start], "}\n"...), nil
	}
	line[start] = ','
	return line, nil
}

// body returns the value whose JSON is d's own fields.
func body(d Data) any {
	switch d := d.(type) {
	case Message:
		return messageBody{Message: toWire(d.Message)}
	case Grants:
		// A sorted set, and [] rather than null when it is empty.
		sorted := append([]string{}, d.Grants...)
		slices.Sort(sorted)
		return Grants{Grants: sorted, Cwd: d.Cwd}
	}
	return d
}

// decode turns one line, without its "\n", into an event. An empty line
// gives the zero Event and no error. The errors are decode's share of the
// reader's rules, in the order it looks: ErrCRLF and ErrNotJSON, then
// ErrKeyCase or ErrDupKey, ErrNoSeq, ErrNoType, ErrNoTime, ErrBadFields, ErrVersion and
// ErrMetaFirst.
//
// The rules are strict because the format is ply's: a line is read only
// when it is spelt as ply writes it, so that nothing another program did
// to the file is taken for what ply wrote.
//
// Most lines are messages, and the biggest ones are, so a message line is
// read in one pass, by decodeMessage, the one reader of message lines.
// Every other line, and a message line decodeMessage does not take, goes
// through decodeAny, which finds the reason a bad line is bad.
func decode(text []byte) (Event, error) {
	if len(text) == 0 {
		return Event{}, nil
	}
	if err := oneObject(text); err != nil {
		return Event{}, err
	}
	ev, ok := Event{}, false
	if bytes.Contains(text, messageType) { // no other line is worth a try
		ev, ok = decodeMessage(text)
	}
	if !ok {
		var err error
		if ev, err = decodeAny(text); err != nil {
			return Event{}, err
		}
	}
	// Seq 1 is the meta line, which says what the rest is: an event before
	// it would be replayed without knowing the format's version.
	if (ev.Seq == 1) != (ev.Data.Type() == TypeMeta) {
		return Event{}, ErrMetaFirst
	}
	return ev, nil
}

// messageType is how a message line says its type.
var messageType = []byte(`"type":"message"`)

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

// messageLine is the whole of a message line.
type messageLine struct {
	Seq     *int64          `json:"seq"`
	TS      json.RawMessage `json:"ts"`
	Type    *string         `json:"type"`
	Message *wireMessage    `json:"message"`
}

// decodeMessage decodes a good message line in a single pass, and reports
// whether text was one: its keys ply's, its seq an integer, its type
// "message", its ts a time, and a message with a role.
func decodeMessage(text []byte) (Event, bool) {
	var l messageLine
	if json.Unmarshal(text, &l) != nil || l.Seq == nil || l.Type == nil || *l.Type != TypeMessage ||
		l.Message == nil || l.Message.Role == "" || checkKeys(text) != nil {
		return Event{}, false
	}
	ts, ok := parseTime(l.TS)
	if !ok {
		return Event{}, false
	}
	return Event{Seq: *l.Seq, Time: ts, Data: Message{Message: fromWire(*l.Message)}}, true
}

// head is the three fields every line starts with, as they were written.
type head struct {
	Seq  json.RawMessage `json:"seq"`
	TS   json.RawMessage `json:"ts"`
	Type json.RawMessage `json:"type"`
}

// decodeAny decodes a line of any type: first the three fields, to learn
// the type, then the line again as that type.
func decodeAny(text []byte) (Event, error) {
	var h head
	if json.Unmarshal(text, &h) != nil {
		return Event{}, ErrNotJSON
	}
	if err := checkKeys(text); err != nil {
		return Event{}, err
	}
	// ParseInt takes exactly a JSON integer: not 1.0, 1e3, "1" or null.
	seq, err := strconv.ParseInt(string(h.Seq), 10, 64)
	if err != nil {
		return Event{}, ErrNoSeq
	}
	var typ string
	if !bytes.HasPrefix(h.Type, []byte(`"`)) || json.Unmarshal(h.Type, &typ) != nil || typ == "" {
		return Event{}, ErrNoType
	}
	ts, ok := parseTime(h.TS)
	if !ok {
		return Event{}, ErrNoTime
	}
	d, err := decodeData(typ, text)
	if err != nil {
		return Event{}, err
	}
	return Event{Seq: seq, Time: ts, Data: d}, nil
}

// decodeData decodes the fields of a line whose type is typ. A type this
// ply does not know is kept whole, as an Unknown.
func decodeData(typ string, text []byte) (Data, error) {
	switch typ {
	case TypeMeta:
		return decodeMeta(text)
	case TypeSystem:
		return decodeAs[System](text)
	case TypeMessage:
		// decode gave decodeMessage the line first: a message line that
		// reaches here, with its seq and type good, has a bad message.
		return nil, fmt.Errorf("%w %s: it needs a message with a role", ErrBadFields, typ)
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
	return Unknown{Name: typ, Line: bytes.Clone(text)}, nil
}

// decodeAs decodes text as the fields of a D.
func decodeAs[D Data](text []byte) (Data, error) {
	var d D
	if err := json.Unmarshal(text, &d); err != nil {
		return nil, fmt.Errorf("%w %s", ErrBadFields, d.Type())
	}
	return d, nil
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
func parseTime(raw json.RawMessage) (time.Time, bool) {
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
