package session

import (
	"os"
	"runtime"
	"testing"
	"time"
)

func TestParseName(t *testing.T) {
	tests := []struct {
		name    string
		id, key string
		ok      bool
	}{
		{"s-20260907-100000-k3x9.db24b542.jsonl", "s-20260907-100000-k3x9", "db24b542", true},
		{"s-20260907-100000-k3x9.jsonl", "s-20260907-100000-k3x9", "", true},
		{"s-20260907-100000-k3x9.DB24B542.jsonl", "", "", false},
		{"s-20260907-100000-k3x9.db24b54.jsonl", "", "", false},
		{"s-20260907-100000-k3x9.db24b542.jsonl.repair", "", "", false},
		{"s-20260907-100000-k3x9.pid", "", "", false},
		{"s-20260907-100000-k3x9.db24b542.x.jsonl", "", "", false},
		{"../x.jsonl", "", "", false},
		{"new", "", "", false},
	}
	for _, tt := range tests {
		id, key, ok := parseName(tt.name)
		if id != tt.id || key != tt.key || ok != tt.ok {
			t.Errorf("parseName(%q) = %q, %q, %v; want %q, %q, %v", tt.name, id, key, ok, tt.id, tt.key, tt.ok)
		}
	}
}

// TestDirKeyIsFixed pins the key of one directory: the key is part of
// every log's name, so a change to it is a change to the format.
func TestDirKeyIsFixed(t *testing.T) {
	if got := dirKey("/home/ann/calc"); got != "db24b542" {
		t.Errorf("dirKey(/home/ann/calc) = %q, want db24b542, the first eight hex digits of its SHA-256", got)
	}
}

// TestListPassesOverOtherDirectoriesByName makes twenty big sessions of
// another directory, and one log named without a key: a listing of this
// directory opens none of the twenty, reads the first line of the one,
// and lists only its own.
func TestListPassesOverOtherDirectoriesByName(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("counting the bytes read needs /proc/self/io")
	}
	s := newTestStore(t)
	for _, id := range makeSessions(t, s, 20, "/elsewhere", base) {
		f, err := os.OpenFile(logOf(t, s, id), os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString(msgLine(5, "assistant", string(make([]byte, 1<<20))))
		f.Close()
	}
	writeFile(t, s.logPath("s-20260101-000000-nkey"), []byte(metaLine()+msgLine(2, "user", "a log named by hand")))
	mine := makeSessions(t, s, 1, "/mine", base.Add(time.Hour))
	before := bytesRead(t)
	list, err := s.List("/mine", "", 10)
	if read := bytesRead(t) - before; read > 64<<10 {
		t.Errorf("List(/mine) read %d bytes; the twenty logs of /elsewhere hold 20 MiB, and their names say where they began", read)
	}
	if err != nil || len(list) != 1 || list[0].ID != mine[0] {
		t.Errorf("List(/mine) = %+v, %v; want only its own session", list, err)
	}
}
