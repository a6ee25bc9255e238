package ui

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/charmbracelet/lipgloss"
)

// progressEvery is how often a running tool's progress is written as a
// plain line where there is no terminal to redraw a line in: often enough
// that a log shows a long command is alive, seldom enough not to fill it.
const progressEvery = 10 * time.Second

// progressWidth is the most columns the live line takes, so that it fits
// a terminal of 80 columns: a line that wraps cannot be redrawn in place.
const progressWidth = 76

// progressOut is where a running tool call's progress is shown, and how.
// The zero value shows it nowhere.
type progressOut struct {
	w     io.Writer      // nil for nowhere
	live  bool           // w is a terminal: one line, redrawn in place
	style lipgloss.Style // from w's renderer
	every time.Duration  // between plain lines, when not live
}

// ShowProgress makes the REPL show on w what a tool call is doing while it
// runs: its name, how long it has run, and its latest line of output. At
// a terminal (live), the line is redrawn in place like the spinner's;
// anywhere else, a plain line is written every progressEvery.
func (r *REPL) ShowProgress(w io.Writer, live bool) {
	r.progress = progressOut{w: w, live: live, style: NewStyles(w).Dim, every: progressEvery}
}

// toolProgress shows the progress of one tool call until finish.
type toolProgress struct {
	name  string
	start time.Time

	mu   sync.Mutex // guards line
	line string     // the latest line the tool reported

	stop chan struct{} // closed by finish
	done chan struct{} // closed once drawing has ended and the line is erased
	once sync.Once
}

// start begins showing the progress of the call of the tool name. It
// draws nothing when o shows nowhere.
func (o progressOut) start(name string) *toolProgress {
	p := &toolProgress{name: name, start: time.Now(), stop: make(chan struct{}), done: make(chan struct{})}
	if o.w == nil {
		close(p.done)
		return p
	}
	go p.draw(o)
	return p
}

// update takes the tool's latest line. It is called from the goroutine
// the tool reports on, while draw reads the line on its own. On a nil
// *toolProgress it does nothing.
func (p *toolProgress) update(line string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.line = line
}

// finish stops showing the progress, and returns once the live line is
// erased, so that the call's summary is not drawn over. It may be called
// more than once; on a nil *toolProgress it does nothing.
func (p *toolProgress) finish() {
	if p == nil {
		return
	}
	p.once.Do(func() { close(p.stop) })
	<-p.done
}

// draw shows the progress until finish: at every tick of the spinner on a
// terminal, at every o.every elsewhere.
func (p *toolProgress) draw(o progressOut) {
	defer close(p.done)
	tick := o.every
	if o.live {
		tick = spinnerTick
	}
	ticker := time.NewTicker(tick)
	defer ticker.Stop()
	frames := []rune(spinnerFrames)
	width := 0 // of the widest line drawn, to blank out what a shorter one leaves
	for i := 0; ; i++ {
		if o.live {
			line := liveLine(frames[i%len(frames)], p.name, time.Since(p.start), p.latest())
			pad := max(0, width-lipgloss.Width(line))
			width = max(width, lipgloss.Width(line))
			fmt.Fprint(o.w, "\r"+o.style.Render(line)+strings.Repeat(" ", pad))
		}
		select {
		case <-p.stop:
			if o.live {
				fmt.Fprint(o.w, "\r"+strings.Repeat(" ", width)+"\r")
			}
			return
		case <-ticker.C:
			if !o.live {
				fmt.Fprintln(o.w, o.style.Render(plainLine(p.name, time.Since(p.start), p.latest())))
			}
		}
	}
}

// latest returns the latest line the tool reported.
func (p *toolProgress) latest() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.line
}

// liveLine is one frame of the live line: "⠋ run_command 3.2s · === RUN
// TestDiv", no wider than progressWidth.
func liveLine(frame rune, name string, elapsed time.Duration, line string) string {
	head := fmt.Sprintf("%c %s %.1fs", frame, name, elapsed.Seconds())
	if line == "" {
		return head
	}
	return head + " · " + fit(oneLine(line), progressWidth-lipgloss.Width(head)-3)
}

// plainLine says, on a line of its own, that a tool call still runs.
func plainLine(name string, elapsed time.Duration, line string) string {
	text := fmt.Sprintf("%s: still running after %s", name, elapsed.Round(time.Second))
	if line == "" {
		return text
	}
	return text + "; its latest line: " + fit(oneLine(line), progressWidth)
}

// fit cuts s to at most width columns, marking the cut with "…". It
// counts columns, not characters: a wide character takes two.
func fit(s string, width int) string {
	if lipgloss.Width(s) <= width {
		return s
	}
	var b strings.Builder
	used := 0
	for _, r := range s {
		w := lipgloss.Width(string(r))
		if used+w > width-1 {
			break
		}
		b.WriteRune(r)
		used += w
	}
	return b.String() + "…"
}
