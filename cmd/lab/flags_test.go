package main

import (
	"flag"
	"io"
	"slices"
	"testing"
)

func TestParseAnywhere(t *testing.T) {
	tests := []struct {
		name string
		args []string
		stat bool
		rest []string
	}{
		{"before", []string{"-stat", "day06", "day07"}, true, []string{"day06", "day07"}},
		{"after", []string{"day06", "day07", "-stat"}, true, []string{"day06", "day07"}},
		{"between", []string{"day06", "-stat", "day07"}, true, []string{"day06", "day07"}},
		{"none", []string{"day06", "day07"}, false, []string{"day06", "day07"}},
		{"after --, a flag is an argument", []string{"day06", "--", "-stat"}, false, []string{"day06", "-stat"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			flags := flag.NewFlagSet("diff", flag.ContinueOnError)
			flags.SetOutput(io.Discard)
			stat := flags.Bool("stat", false, "")
			rest, err := parseAnywhere(flags, tt.args)
			if err != nil || *stat != tt.stat || !slices.Equal(rest, tt.rest) {
				t.Errorf("parseAnywhere(%q) = %q, %v, with -stat %v; want %q, -stat %v", tt.args, rest, err, *stat, tt.rest, tt.stat)
			}
		})
	}
	flags := flag.NewFlagSet("diff", flag.ContinueOnError)
	flags.SetOutput(io.Discard)
	if _, err := parseAnywhere(flags, []string{"day06", "-nope"}); err == nil {
		t.Error("parseAnywhere accepted a flag it does not know")
	}
}
