package session

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
	"time"
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
	f.Add([]byte(metaLine() + line(2, "note", `"a":[{"b":1,"b":2}],"a":1`)))
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
		case len(text) == 0:
			continue
		}
		ev, err := referenceDecode(text)
		if err == nil && ev.Seq != prev+1 {
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
	switch {
	case text[len(text)-1] == '\r':
		return Event{}, ErrCRLF
	case text[0] != '{' || text[len(text)-1] != '}' || json.Unmarshal(text, &fields) != nil:
		return Event{}, ErrNotJSON
	}
	if err := referenceKeys(json.NewDecoder(bytes.NewReader(text)), text); err != nil {
		return Event{}, err
	}
	seq, err := strconv.ParseInt(string(fields["seq"]), 10, 64)
	if err != nil {
		return Event{}, ErrNoSeq
	}
	var typ string
	if t := fields["type"]; len(t) == 0 || t[0] != '"' || json.Unmarshal(t, &typ) != nil || typ == "" {
		return Event{}, ErrNoType
	}
	var ts string
	var when time.Time
	if t := fields["ts"]; len(t) == 0 || t[0] != '"' || json.Unmarshal(t, &ts) != nil {
		return Event{}, ErrNoTime
	} else if when, err = time.Parse(time.RFC3339Nano, string(t[1:len(t)-1])); err != nil {
		return Event{}, ErrNoTime
	}
	d, err := referenceData(typ, text)
	if err != nil {
		return Event{}, err
	}
	if (seq == 1) != (typ == TypeMeta) {
		return Event{}, ErrMetaFirst
	}
	return Event{Seq: seq, Time: when.UTC(), Data: d}, nil
}

// referenceKeys reads the JSON value dec holds, from text, token by token,
// and returns ErrKeyCase for the first key that is not spelt in text with
// lower-case ASCII letters, digits and "_" alone, or ErrDupKey for the
// first its object names twice, whichever comes first.
func referenceKeys(dec *json.Decoder, text []byte) error {
	tok, err := dec.Token()
	if err != nil {
		return ErrNotJSON
	}
	switch tok {
	case json.Delim('{'):
		seen := map[string]bool{}
		for dec.More() {
			start := dec.InputOffset()
			if _, err := dec.Token(); err != nil {
				return ErrNotJSON
			}
			key := strings.TrimLeft(string(text[start:dec.InputOffset()]), ", \t\n\r")
			switch {
			case !plainKeyPattern.MatchString(key):
				return ErrKeyCase
			case seen[key]:
				return ErrDupKey
			}
			seen[key] = true
			if err := referenceKeys(dec, text); err != nil {
				return err
			}
		}
		_, err = dec.Token()
	case json.Delim('['):
		for dec.More() {
			if err := referenceKeys(dec, text); err != nil {
				return err
			}
		}
		_, err = dec.Token()
	}
	if err != nil {
		return ErrNotJSON
	}
	return nil
}

// plainKeyPattern is a key as ply spells it, with its quotes.
var plainKeyPattern = regexp.MustCompile(`^"[a-z0-9_]+"$`)

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
