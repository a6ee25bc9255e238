package main

import (
	"testing"
	"time"
)

func TestIdleTimeout(t *testing.T) {
	tests := []struct {
		value   string
		want    time.Duration
		wantErr bool
	}{
		{"", 0, false},
		{"300", 5 * time.Minute, false},
		{"0.2", 200 * time.Millisecond, false},
		{"86400", 24 * time.Hour, false},
		{"86401", 0, true},
		{"0", 0, true},
		{"-1", 0, true},
		{"NaN", 0, true},
		{"Inf", 0, true},
		{"5m", 0, true},
	}
	for _, tt := range tests {
		got, err := idleTimeout(func(string) string { return tt.value })
		if got != tt.want || (err != nil) != tt.wantErr {
			t.Errorf("idleTimeout(%q) = %v, %v; want %v and an error: %v", tt.value, got, err, tt.want, tt.wantErr)
		}
	}
}
