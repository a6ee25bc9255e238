package llm

import "time"

// Schedule says how long to wait before each retry of a request that
// failed for a reason that may pass: a rate limit, a server that is busy,
// a connection that dropped.
//
// The wait grows exponentially, so that a struggling server gets more room
// each time, and it is drawn at random between zero and that ceiling ("full
// jitter"), so that many clients refused at the same moment do not all come
// back at the same moment. When the server says how long to wait, that wins.
type Schedule struct {
	Attempts int           // how many times a request is sent in all, the first time included
	Base     time.Duration // the ceiling of the first retry's wait, 0 or more; each retry after it doubles the ceiling
	Cap      time.Duration // no ceiling grows past this; 0 or more
	MaxHint  time.Duration // the longest wait a server may ask for; a longer one is not waited for
}

// DefaultSchedule is the schedule ply retries with. The numbers, and where
// they come from:
//
//   - Attempts 5: four retries. The OpenAI and Anthropic SDKs make 3 attempts
//     and AWS's SDKs 3; OpenAI's cookbook retries up to 6. A person is
//     watching each wait, so ply stops where a server that still fails is
//     down, not busy: about 15 s of its own waiting at most.
//   - Base 1 s: full jitter waits half the ceiling on average, so the first
//     retry comes after 0.5 s on average, the SDKs' first wait.
//   - Cap 8 s: the SDKs' longest wait of their own. With 5 attempts the
//     ceilings are 1, 2, 4 and 8 s; the cap keeps a longer schedule sane.
//   - MaxHint 60 s: the longest Retry-After the Anthropic SDK honours (the
//     OpenAI SDK's, until it moved to two minutes). Rate limits count per
//     minute, so a server that asks for longer is not busy but closed for
//     now, and the user hears so at once.
var DefaultSchedule = Schedule{Attempts: 5, Base: time.Second, Cap: 8 * time.Second, MaxHint: time.Minute}

// Wait returns how long to wait before retry n, the first retry being 1.
// random is a number in [0, 1), drawn afresh for each retry; hint is the
// wait the server asked for, 0 when it did not say. ok is false when the
// server asks for more than s.MaxHint: then the request is not retried at
// all. Wait is a pure function, so a test can check any schedule without
// waiting for it. Its ceiling is exact for every n, in a few steps: a
// ceiling above 0 doubles only until it reaches Cap, 63 times at most
// however large n is, and a doubling that would pass Cap stops at Cap
// instead of overflowing.
func (s Schedule) Wait(n int, random float64, hint time.Duration) (wait time.Duration, ok bool) {
	if hint > s.MaxHint {
		return 0, false
	}
	if hint > 0 {
		return hint, true
	}
	ceiling := min(s.Base, s.Cap)
	for i := 1; i < n && 0 < ceiling && ceiling < s.Cap; i++ {
		ceiling += min(ceiling, s.Cap-ceiling) // doubled, but never past Cap
	}
	return time.Duration(random * float64(ceiling)), true
}
