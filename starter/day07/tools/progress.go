package tools

import (
	"bytes"
	"context"
)

// A tool answers with one string when it is done, but a command can run
// for minutes, and the user should see it is alive. So a tool that takes
// a while reports progress through a function it finds in its context.
// The context is the one thing every call already carries from the agent
// to the tool, so neither the Tool interface nor the registry changes, and
// a tool run without a reporter (in a test, say) simply reports nothing.

// progressKey is the context key of the progress reporter.
type progressKey struct{}

// WithProgress returns a context that carries report to the tools run with
// it. A tool that takes a while calls report with its latest line of
// output as it comes: run_command does. report may be called from another
// goroutine than the one that called Run, but never after Run returns.
func WithProgress(ctx context.Context, report func(line string)) context.Context {
	return context.WithValue(ctx, progressKey{}, report)
}

// ProgressFrom returns the reporter ctx carries, or nil when it carries
// none: a tool of its own that runs long can report through it too.
func ProgressFrom(ctx context.Context) func(line string) {
	report, _ := ctx.Value(progressKey{}).(func(string))
	return report
}

// maxProgressLine bounds the line a progress report carries: a line of a
// megabyte is still one line on the screen.
const maxProgressLine = 200

// lineReporter is a writer that reports the last whole line of each write,
// up to its first maxProgressLine bytes. A line ends at "\n" or "\r", as
// progress bars redraw their line with "\r". Blank lines are not
// reported. One report per write, not per line, keeps a command that
// prints millions of short lines from flooding the screen with reports.
type lineReporter struct {
	report  func(line string)
	partial []byte // the start of the line being written, up to maxProgressLine bytes
}

func (l *lineReporter) Write(p []byte) (int, error) {
	end := bytes.LastIndexAny(p, "\r\n")
	if end < 0 {
		l.add(p)
		return len(p), nil
	}
	whole := bytes.TrimRight(p[:end], "\r\n")
	if start := bytes.LastIndexAny(whole, "\r\n"); start >= 0 {
		l.partial = l.partial[:0]
		whole = whole[start+1:]
	}
	l.add(whole)
	if line := bytes.TrimSpace(l.partial); len(line) > 0 {
		l.report(string(line))
	}
	l.partial = l.partial[:0]
	l.add(p[end+1:])
	return len(p), nil
}

// add adds p to the line being written, as far as it fits.
func (l *lineReporter) add(p []byte) {
	room := maxProgressLine - len(l.partial)
	l.partial = append(l.partial, p[:min(len(p), room)]...)
}
