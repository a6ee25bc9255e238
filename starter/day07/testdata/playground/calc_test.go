package calc

import (
	"errors"
	"testing"
)

func TestAdd(t *testing.T) {
	if got := Add(2, 3); got != 5 {
		t.Errorf("Add(2, 3) = %d, want 5", got)
	}
}

func TestDiv(t *testing.T) {
	tests := []struct {
		name    string
		a, b    int
		want    int
		wantErr error
	}{
		{"exact", 6, 3, 2, nil},
		{"rounds toward zero", 7, 2, 3, nil},
		{"negative", -7, 2, -3, nil},
		{"by zero", 1, 0, 0, ErrDivideByZero},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Div(tt.a, tt.b)
			if got != tt.want || !errors.Is(err, tt.wantErr) {
				t.Errorf("Div(%d, %d) = %d, %v; want %d, %v", tt.a, tt.b, got, err, tt.want, tt.wantErr)
			}
		})
	}
}
