package session

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"testing"
	"testing/iotest"
	"unicode/utf8"
)

// FuzzReader feeds the reader any bytes at all. Whatever they are, it
// must not panic, must never give an event from after the first bad line,
// and must give exactly the events, the stop and the reason of
// referenceRead, a plain reading of the same rules: the whole input in
// memory, split at "\n", the rules checked one after the other.
func FuzzReader(f *testing.F) {
	for _, tt := range readerTests {
		f.Add([]byte(tt.in))
	}
	f.Add([]byte(metaLine() + msgLine(2, "user", "é 日本 🙂") + line(3, "grants", `"grants":["a"]`) + line(4, "fork", `"from":"s-20260907-100000-k3x9","at_seq":2`)))
	f.Add([]byte(metaLine() + line(2, "compact", `"summary":"s","through_seq":1`) + line(3, "usage", `"input_tokens":1`)))
	f.Add([]byte(`{"seq":1,"SEQ":2,"type":"system","Type":"usage"}` + "\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		const max = 64 // so that the fuzzer reaches the line limit too
		want, wantStop, wantErr := referenceRead(data, max)
		r := NewReader(iotest.OneByteReader(bytes.NewReader(data)), "f.jsonl")
		r.max = max
		got, _ := Tail(r, 0)
		stop := 0
		var lerr *LineError
		if errors.As(r.Err(), &lerr) {
			stop = lerr.Line
		}
		if !reflect.DeepEqual(got, want) || stop != wantStop || !sameReason(r.Err(), wantErr) {
			t.Fatalf("read %q:\ngot  %d events, stop at line %d: %v\nwant %d events, stop at line %d: %v",
				data, len(got), stop, r.Err(), len(want), wantStop, wantErr)
		}
		if off := r.Offset(); off > int64(len(data)) || (off > 0 && data[off-1] != '\n') {
			t.Fatalf("Offset() = %d, not the end of a whole line of %q", off, data)
		}
	})
}

// sameReason reports whether the reader's error has the reference's
// reason, or both are nil.
func sameReason(err, want error) bool {
	if want == nil {
		return err == nil
	}
	return errors.Is(err, want)
}

// referenceRead applies the reader's rules to data the plain way, and
// returns the events before the first bad line, its number and the
// reason.
func referenceRead(data []byte, max int) ([]Event, int, error) {
	var evs []Event
	var prev int64
	for n := 1; len(data) > 0; n++ {
		text, rest, found := bytes.Cut(data, newline)
		data = rest
		switch {
		case len(text) > max:
			return evs, n, ErrTooLong
		case !found:
			return evs, n, ErrTorn
		case !utf8.Valid(text):
			return evs, n, ErrBadUTF8
		case len(bytes.Trim(text, " \t\r")) == 0:
			continue
		}
		ev, err := referenceDecode(text)
		if err == nil && ev.Seq <= prev {
			err = ErrBadSeq
		}
		if err != nil {
			return evs, n, err
		}
		evs = append(evs, ev)
		prev = ev.Seq
	}
	return evs, 0, nil
}

// referenceDecode decodes one line that is not blank.
func referenceDecode(text []byte) (Event, error) {
	var fields map[string]json.RawMessage
	if t := bytes.TrimLeft(text, " \t\r"); t[0] != '{' || json.Unmarshal(text, &fields) != nil {
		return Event{}, ErrNotJSON
	}
	var h struct{ Seq, TS, Type json.RawMessage }
	json.Unmarshal(text, &h) // encoding/json matches keys regardless of case, as decode does
	seq, err := strconv.ParseInt(string(h.Seq), 10, 64)
	if err != nil {
		return Event{}, ErrNoSeq
	}
	var typ string
	if len(h.Type) == 0 || h.Type[0] != '"' || json.Unmarshal(h.Type, &typ) != nil || typ == "" {
		return Event{}, ErrNoType
	}
	d, err := referenceData(typ, text)
	return Event{Seq: seq, Time: parseTime(h.TS), Data: d}, err
}

// referenceData decodes a line's fields as its type's.
func referenceData(typ string, text []byte) (Data, error) {
	known := map[string]Data{TypeMeta: &Meta{}, TypeSystem: &System{}, TypeToolEnd: &ToolEnd{}, TypeUsage: &Usage{},
		TypeError: &Failure{}, TypeCompact: &Compact{}, TypeGrants: &Grants{}, TypeFork: &Fork{}}
	if typ == TypeMessage {
		var b struct {
			Message *wireMessage `json:"message"`
		}
		if json.Unmarshal(text, &b) != nil || b.Message == nil || b.Message.Role == "" {
			return nil, ErrBadFields
		}
		return Message{Message: fromWire(*b.Message)}, nil
	}
	d, ok := known[typ]
	if !ok {
		return Unknown{Name: typ, Line: bytes.Clone(text)}, nil
	}
	if json.Unmarshal(text, d) != nil {
		return nil, ErrBadFields
	}
	value := reflect.ValueOf(d).Elem().Interface().(Data)
	if m, ok := value.(Meta); ok && m.V != Version {
		return nil, ErrVersion
	}
	return value, nil
}
