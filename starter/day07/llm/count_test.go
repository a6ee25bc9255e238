package llm

import "testing"

func TestCount(t *testing.T) {
	tests := []struct {
		n     int
		thing string
		want  string
	}{
		{0, "message", "0 messages"},
		{1, "message", "1 message"},
		{2, "message", "2 messages"},
		{1, "test file", "1 test file"},
		{12, "test file", "12 test files"},
	}
	for _, tt := range tests {
		if got := Count(tt.n, tt.thing); got != tt.want {
			t.Errorf("Count(%d, %q) = %q, want %q", tt.n, tt.thing, got, tt.want)
		}
	}
}
