//go:build unix

package tools

import (
	"context"
	"os"
	"os/exec"
	"runtime"
	"runtime/metrics"
	"testing"
	"time"

	"ply/day07/sandbox"
)

// outputSize is what the benchmark's command prints: 100 MB.
const outputSize = 100_000_000

// BenchmarkCommandOutput runs a command that prints 100 MB, and reports
// the peak of the heap while it runs (peak-heap-MB, over the heap before
// it started), next to the same command whose whole output is kept, as
// exec's CombinedOutput keeps it.
//
//	go test -run XXX -bench CommandOutput -benchtime 3x ./tools
func BenchmarkCommandOutput(b *testing.B) {
	command := "yes | head -c 100000000"
	b.Run("capture", func(b *testing.B) {
		ws := tree(b, nil)
		r := NewRunCommand(ws, os.Environ(), sandbox.Default(ws.Dir()))
		measure(b, func() {
			if _, err := r.run(context.Background(), command, time.Minute); err != nil {
				b.Fatal(err)
			}
		})
		b.ReportMetric(float64(headBytes+tailBytes), "kept-B")
	})
	b.Run("whole", func(b *testing.B) {
		measure(b, func() {
			out, err := exec.Command("sh", "-c", command).CombinedOutput()
			if err != nil || len(out) != outputSize {
				b.Fatalf("%d bytes, %v", len(out), err)
			}
		})
	})
}

// measure runs f b.N times and reports the highest the heap rose above
// where it was before each run, sampled every millisecond.
func measure(b *testing.B, f func()) {
	b.ReportAllocs()
	b.SetBytes(outputSize)
	peak := uint64(0)
	for b.Loop() {
		runtime.GC()
		base := heapBytes()
		done := make(chan struct{})
		sampled := make(chan uint64)
		go func() {
			high := base
			tick := time.NewTicker(time.Millisecond)
			defer tick.Stop()
			for {
				high = max(high, heapBytes())
				select {
				case <-done:
					sampled <- high
					return
				case <-tick.C:
				}
			}
		}()
		f()
		close(done)
		peak = max(peak, <-sampled-base)
	}
	b.ReportMetric(float64(peak)/1e6, "peak-heap-MB")
}

// heapBytes reads the bytes of live and not yet swept heap objects,
// without stopping the world as runtime.ReadMemStats does.
func heapBytes() uint64 {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(sample)
	return sample[0].Value.Uint64()
}
