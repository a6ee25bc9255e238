package approval

import (
	"fmt"
	"slices"
	"strings"
)

// Verdict is what the gate says about a tool call.
//
// Its zero value is Ask, on purpose: a Decision that was never filled in,
// by a bug or by an unfinished function, puts the question to the human
// instead of letting the call through.
type Verdict int

const (
	Ask   Verdict = iota // a human must say yes first
	Allow                // the call runs
	Deny                 // the call never runs, and the model is told why
)

func (v Verdict) String() string {
	switch v {
	case Ask:
		return "ask"
	case Allow:
		return "allow"
	case Deny:
		return "deny"
	}
	return fmt.Sprintf("Verdict(%d)", int(v))
}

// strictness orders the verdicts: a compound command is as strict as its
// strictest part. An unknown verdict counts as Ask, never as Allow.
func (v Verdict) strictness() int {
	switch v {
	case Allow:
		return 0
	case Deny:
		return 2
	}
	return 1
}

// Decision is a verdict and the reason for it, in words a person and a
// model can read: "sudo runs a command as another user", "rm is not on
// the allow-list".
type Decision struct {
	Verdict Verdict
	Reason  string

	// Grant is what answering "always" would allow for the rest of the
	// session, such as "run_command: go test ./..."; set when Verdict is
	// Ask. Empty when the question can only be answered once.
	Grant string

	// Program is set when the gate allowed a command by its rules: the
	// tree it judged, which is what must run, in place of the command's
	// text. It is nil when a human said yes, and then the command runs
	// as they read it.
	Program *Program
}

func allow(format string, args ...any) Decision {
	return Decision{Verdict: Allow, Reason: fmt.Sprintf(format, args...)}
}

func ask(format string, args ...any) Decision {
	return Decision{Verdict: Ask, Reason: fmt.Sprintf(format, args...)}
}

func deny(format string, args ...any) Decision {
	return Decision{Verdict: Deny, Reason: fmt.Sprintf(format, args...)}
}

// maxReasons is how many reasons a decision about a whole command keeps.
// A long script can have hundreds of parts that ask; the human needs the
// first few to see what is going on.
const maxReasons = 3

// combined is the decision about a whole command, built up part by part:
// the strictest verdict seen so far, and the reasons of the parts that
// are that strict, so that the human sees every part that asks, not only
// the first.
type combined struct {
	verdict Verdict
	reasons []string // without repeats, in the order found
}

// allowed starts a combined decision: nothing has been found against the
// command yet.
func allowed() combined {
	return combined{verdict: Allow}
}

// add takes in the decision about one more part.
func (c *combined) add(d Decision) {
	switch {
	case d.Verdict.strictness() < c.verdict.strictness():
		return
	case d.Verdict.strictness() > c.verdict.strictness():
		c.verdict, c.reasons = d.Verdict, nil
	}
	if d.Reason != "" && !slices.Contains(c.reasons, d.Reason) {
		c.reasons = append(c.reasons, d.Reason)
	}
}

// decision is the combined decision, its reasons joined with "; ".
func (c *combined) decision() Decision {
	reasons := c.reasons
	if len(reasons) > maxReasons {
		reasons = append(slices.Clip(reasons[:maxReasons]), fmt.Sprintf("and %d more", len(reasons)-maxReasons))
	}
	d := Decision{Verdict: c.verdict, Reason: strings.Join(reasons, "; ")}
	if d.Reason == "" && d.Verdict != Allow {
		d.Reason = "the gate cannot tell what it does" // a verdict must never come without a reason
	}
	return d
}
