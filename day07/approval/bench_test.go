package approval

import (
	"strings"
	"testing"
)

// BenchmarkCheckCommand measures the gate on a typical command and on the
// worst the length limit lets through. Each case is built once, before
// the clock starts.
func BenchmarkCheckCommand(b *testing.B) {
	cases := []struct{ name, cmd string }{
		{"typical", "go test ./... 2>&1 | tail -20"},
		{"allowed compound", "cat calc.go | grep -n Div && git diff -- calc.go; ls -la"},
		{"long pipeline", limit("ls | ")},
		{"nested past the guess", limit("$(')'") + "ls"},
		{"many scripts", limit(`sh -c "sh -c 'sh -c ls'"; `)},
		{"long here-document", "cat <<EOF\n" + limit("a line of text\n") + "EOF"},
	}
	for _, bc := range cases {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				CheckCommand(bc.cmd, DefaultRules(), workspace)
			}
		})
	}
}

// limit repeats s to just under the longest command the gate reads.
func limit(s string) string {
	return strings.Repeat(s, (maxCommand-16)/len(s))
}
