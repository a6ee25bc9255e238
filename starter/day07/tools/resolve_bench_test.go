package tools

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkRealPath resolves paths of more and more parts, either none of
// them there or the first half directories that exist (up to 1,000 of
// them, about what one system call can take). The time per part should
// stay about flat as the paths grow: resolving is linear.
func BenchmarkRealPath(b *testing.B) {
	for _, parts := range []int{100, 200, 400, 800, 1600, 3200} {
		for _, halfThere := range []bool{false, true} {
			b.Run(fmt.Sprintf("parts=%d/half-there=%v", parts, halfThere), func(b *testing.B) {
				ws := tree(b, nil)
				there := 0
				if halfThere {
					there = min(parts/2, 1000)
				}
				deep := filepath.Join(ws.Dir(), strings.Repeat("d/", there))
				if err := os.MkdirAll(deep, 0o755); err != nil {
					b.Fatal(err)
				}
				abs := filepath.Join(deep, strings.Repeat("x/", parts-there))
				b.ReportAllocs()
				for b.Loop() {
					realPath(abs)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(parts), "ns/part")
			})
		}
	}
}
