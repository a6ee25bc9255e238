package session

import (
	"errors"
	"path/filepath"
	"testing"
	"time"
)

func TestNewID(t *testing.T) {
	when := time.Date(2026, 9, 7, 12, 0, 1, 0, time.FixedZone("CEST", 2*3600))
	seen := map[string]bool{}
	for range 100 {
		id := NewID(when)
		if err := CheckID(id); err != nil || id[:17] != "s-20260907-100001" {
			t.Fatalf("NewID = %q (%v); want s-20260907-100001-xxxx, the time in UTC", id, err)
		}
		seen[id] = true
	}
	if len(seen) < 90 {
		t.Errorf("100 ids in one second gave only %d different ones", len(seen))
	}
}

func TestCheckID(t *testing.T) {
	good := "s-20260907-100000-k3x9"
	for _, id := range []string{good, "s-20991231-235959-0000"} {
		if err := CheckID(id); err != nil {
			t.Errorf("CheckID(%q) = %v, want nil", id, err)
		}
	}
	for _, id := range []string{
		"", "../x", "/abs", "/etc/passwd", good + "/../..", "../" + good, good + "\n",
		"S-20260907-100000-k3x9", "s-20260907-100000-K3X9", "s-2026097-100000-k3x9",
		"s-20260907-100000-k3x", "s-20260907-100000-k3x9x", `s-20260907-100000-k3x\`, "s-20260907-100000-k3/9",
		filepath.Join("sessions", good), good + ".jsonl",
	} {
		if err := CheckID(id); !errors.Is(err, ErrBadID) {
			t.Errorf("CheckID(%q) = %v, want ErrBadID", id, err)
		}
	}
}

func TestParseForkPoint(t *testing.T) {
	id, seq, err := ParseForkPoint("s-20260907-100000-k3x9@12")
	if id != "s-20260907-100000-k3x9" || seq != 12 || err != nil {
		t.Errorf("ParseForkPoint = %q, %d, %v", id, seq, err)
	}
	for _, s := range []string{"s-20260907-100000-k3x9", "s-20260907-100000-k3x9@", "s-20260907-100000-k3x9@0",
		"s-20260907-100000-k3x9@-1", "s-20260907-100000-k3x9@x", "../x@3", "@3"} {
		if _, _, err := ParseForkPoint(s); err == nil {
			t.Errorf("ParseForkPoint(%q): no error", s)
		}
	}
}
