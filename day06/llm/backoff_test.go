package llm

import (
	"math"
	"testing"
	"time"
)

// schedule is a Schedule with round numbers, for tests to read easily.
var schedule = Schedule{Attempts: 5, Base: time.Second, Cap: 8 * time.Second, MaxHint: time.Minute}

// almostOne is the largest random number a test uses: random is below 1.
const almostOne = 0.999

func TestWaitHint(t *testing.T) {
	tests := []struct {
		name   string
		hint   time.Duration
		want   time.Duration
		wantOK bool
	}{
		{"no hint: the schedule's own wait", 0, 500 * time.Millisecond, true},
		{"a negative hint is no hint", -time.Second, 500 * time.Millisecond, true},
		{"a hint is the wait", 6 * time.Second, 6 * time.Second, true},
		{"a hint shorter than the schedule's wait", time.Millisecond, time.Millisecond, true},
		{"the shortest hint there is", time.Nanosecond, time.Nanosecond, true},
		{"a hint longer than the cap", 20 * time.Second, 20 * time.Second, true},
		{"a hint of exactly MaxHint", time.Minute, time.Minute, true},
		{"a hint just over MaxHint is refused", time.Minute + time.Millisecond, 0, false},
		{"an hour is refused", time.Hour, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := schedule.Wait(1, 0.5, tt.hint)
			if got != tt.want || ok != tt.wantOK {
				t.Errorf("Wait(1, 0.5, %v) = %v, %v; want %v, %v (see day06's exercise 1)", tt.hint, got, ok, tt.want, tt.wantOK)
			}
		})
	}
}

func TestWaitCeiling(t *testing.T) {
	tests := []struct {
		n    int
		want time.Duration // the ceiling: the wait when random is 1
	}{
		{1, time.Second},
		{2, 2 * time.Second},
		{3, 4 * time.Second},
		{4, 8 * time.Second},
		{5, 8 * time.Second},
		{40, 8 * time.Second},
		{1000, 8 * time.Second},
	}
	for _, tt := range tests {
		got, ok := schedule.Wait(tt.n, 1, 0)
		if got != tt.want || !ok {
			t.Errorf("Wait(%d, 1, 0) = %v, %v; want the ceiling %v (Base doubling per retry, at most Cap; see day06's exercise 1)", tt.n, got, ok, tt.want)
		}
	}
}

// TestWaitJitter checks that the wait is the random share of the ceiling,
// anywhere from nothing to almost all of it.
func TestWaitJitter(t *testing.T) {
	for _, random := range []float64{0, 0.25, 0.5, almostOne} {
		for n := 1; n <= 5; n++ {
			ceiling, _ := schedule.Wait(n, 1, 0)
			got, ok := schedule.Wait(n, random, 0)
			want := time.Duration(random * float64(ceiling))
			if got != want || !ok {
				t.Errorf("Wait(%d, %v, 0) = %v, %v; want %v: random times the ceiling %v (see day06's exercise 1)", n, random, got, ok, want, ceiling)
			}
		}
	}
}

// TestWaitNeverOverflows asks for retries far past any real schedule: a
// ceiling computed as Base << (n-1) turns negative or zero there.
func TestWaitNeverOverflows(t *testing.T) {
	long := Schedule{Attempts: 500, Base: time.Millisecond, Cap: time.Hour, MaxHint: time.Minute}
	for n := 1; n <= 500; n++ {
		got, ok := long.Wait(n, almostOne, 0)
		if !ok || got <= 0 || got > long.Cap {
			t.Fatalf("Wait(%d, %v, 0) with Base 1ms, Cap 1h = %v, %v; want a wait in (0, 1h] (see day06's exercise 1)", n, almostOne, got, ok)
		}
	}
}

// TestWaitEverySchedule gives Wait schedules at the edges and retries as
// late as an int goes: a Base of 0 never doubles its way up to Cap, a Cap
// past half the longest Duration overflows a ceiling that doubles to it,
// and a loop of one step per retry would run for centuries. Each wait must
// be exactly random times min(Cap, Base·2^(n−1)), and come at once. random
// is the largest number below 1, so that a ceiling one nanosecond off
// gives another wait.
func TestWaitEverySchedule(t *testing.T) {
	const longest = time.Duration(math.MaxInt64)
	const random = 1 - 0x1p-53
	tests := []struct {
		name      string
		base, cap time.Duration
		n         int
		ceiling   time.Duration
	}{
		{"the default schedule, the last retry", time.Second, 8 * time.Second, math.MaxInt, 8 * time.Second},
		{"Base 0 waits nothing", 0, 8 * time.Second, math.MaxInt, 0},
		{"Cap 0 waits nothing", time.Second, 0, math.MaxInt, 0},
		{"Base over Cap", 10 * time.Second, 3 * time.Second, math.MaxInt, 3 * time.Second},
		{"a Cap that no doubling of Base reaches, one doubling short", 3, 7, 2, 6},
		{"a Cap that no doubling of Base reaches", 3, 7, 3, 7},
		{"the last doubling below the longest Cap", 1, longest, 63, 1 << 62},
		{"the longest Cap, reached", 1, longest, 64, longest},
		{"the longest Cap, the last retry", 1, longest, math.MaxInt, longest},
		{"a Base of half the longest Cap, doubled", longest/2 + 1, longest, 2, longest},
	}
	for _, tt := range tests {
		s := Schedule{Attempts: 5, Base: tt.base, Cap: tt.cap, MaxHint: time.Minute}
		want := time.Duration(random * float64(tt.ceiling))
		if got := waitAtOnce(t, s, tt.n, random); got != want {
			t.Errorf("%s: Wait(%d, %v, 0) with Base %v, Cap %v = %v, want %v: random times the ceiling %v (see exercise 1)",
				tt.name, tt.n, random, tt.base, tt.cap, got, want, tt.ceiling)
		}
	}
}

// atOnce is how long waitAtOnce lets Wait take. Wait takes a few steps for
// any n, well under a microsecond; the limit is only there so that a Wait
// that never returns fails the test instead of hanging it.
const atOnce = 5 * time.Second

// waitAtOnce returns s.Wait(n, random, 0), and stops the test when it has
// not returned within atOnce.
func waitAtOnce(t *testing.T, s Schedule, n int, random float64) time.Duration {
	t.Helper()
	done := make(chan time.Duration, 1)
	go func() {
		wait, _ := s.Wait(n, random, 0)
		done <- wait
	}()
	select {
	case wait := <-done:
		return wait
	case <-time.After(atOnce):
		t.Fatalf("Wait(%d, %v, 0) with Base %v, Cap %v has not returned after %v: does it take a step for each retry, or double a ceiling of 0 until it reaches Cap? (see exercise 1)",
			n, random, s.Base, s.Cap, atOnce)
		return 0
	}
}

// TestWaitBaseAboveCap checks that Cap bounds even the first wait.
func TestWaitBaseAboveCap(t *testing.T) {
	odd := Schedule{Attempts: 3, Base: 10 * time.Second, Cap: 3 * time.Second, MaxHint: time.Minute}
	if got, _ := odd.Wait(1, almostOne, 0); got > odd.Cap {
		t.Errorf("Wait(1) with Base 10s and Cap 3s = %v, want at most the cap (see day06's exercise 1)", got)
	}
}

// TestDefaultScheduleBounded adds up the longest waits ply makes of its
// own for one request: a person is watching each of them.
func TestDefaultScheduleBounded(t *testing.T) {
	var total time.Duration
	for n := 1; n < DefaultSchedule.Attempts; n++ {
		wait, _ := DefaultSchedule.Wait(n, almostOne, 0)
		total += wait
	}
	if total > 15*time.Second {
		t.Errorf("the default schedule waits up to %v in all, want at most 15s (see DefaultSchedule)", total)
	}
}

// TestScheduleWait checks Schedule.Wait against the cases that matter, with
// chosen random numbers, so that no test ever waits.
//
//lab:exercise 6 Write a table test of Schedule.Wait that fails if a hint is ignored or one over MaxHint taken, if the ceiling does not start at Base, double and stop at Cap, if random is unused, or if a big n overflows.
func TestScheduleWait(t *testing.T) {
	tests := []struct {
		name   string
		n      int
		random float64
		hint   time.Duration
		want   time.Duration
		wantOK bool
	}{
		{"first retry, whole ceiling", 1, 1, 0, time.Second, true},
		{"first retry, half", 1, 0.5, 0, 500 * time.Millisecond, true},
		{"random 0 waits nothing", 3, 0, 0, 0, true},
		{"second retry doubles", 2, 1, 0, 2 * time.Second, true},
		{"fourth retry reaches the cap", 4, 1, 0, 8 * time.Second, true},
		{"fifth retry stays at the cap", 5, 1, 0, 8 * time.Second, true},
		{"a quarter of the third", 3, 0.25, 0, time.Second, true},
		{"far past the cap, no overflow", 100, 0.5, 0, 4 * time.Second, true},
		{"the hint wins", 1, 0.5, 3 * time.Second, 3 * time.Second, true},
		{"the hint wins past the cap", 4, 0.5, 30 * time.Second, 30 * time.Second, true},
		{"a hint of MaxHint is waited", 2, 0.5, time.Minute, time.Minute, true},
		{"a hint over MaxHint is refused", 2, 0.5, 2 * time.Minute, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := schedule.Wait(tt.n, tt.random, tt.hint)
			if got != tt.want || ok != tt.wantOK {
				t.Errorf("Wait(%d, %v, %v) = %v, %v; want %v, %v", tt.n, tt.random, tt.hint, got, ok, tt.want, tt.wantOK)
			}
		})
	}
}
