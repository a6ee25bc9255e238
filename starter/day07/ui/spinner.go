package ui

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/charmbracelet/lipgloss"
)

// spinnerFrames are drawn in turn, one every spinnerTick.
const (
	spinnerFrames = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
	spinnerTick   = 100 * time.Millisecond
)

// Spinner shows that ply is waiting: a turning wheel and the seconds
// waited, redrawn in place on one line of a terminal until Stop.
type Spinner struct {
	stop chan struct{} // closed by Stop
	done chan struct{} // closed once the line is erased and drawing has ended
	once sync.Once
}

// StartSpinner starts drawing label on w in style. A nil w gives a spinner
// that draws nothing, for when the output is not a terminal.
func StartSpinner(w io.Writer, style lipgloss.Style, label string) *Spinner {
	s := &Spinner{stop: make(chan struct{}), done: make(chan struct{})}
	if w == nil {
		close(s.done)
		return s
	}
	go s.draw(w, style, label)
	return s
}

// Stop erases the spinner and returns once it is gone, so that whatever
// is printed next cannot be drawn over. Stop may be called more than once.
func (s *Spinner) Stop() {
	s.once.Do(func() { close(s.stop) })
	<-s.done
}

// draw redraws the line at every tick until Stop.
func (s *Spinner) draw(w io.Writer, style lipgloss.Style, label string) {
	defer close(s.done)
	start := time.Now()
	ticker := time.NewTicker(spinnerTick)
	defer ticker.Stop()
	frames := []rune(spinnerFrames)
	width := 0
	for i := 0; ; i++ {
		line := fmt.Sprintf("%c %s %.1fs", frames[i%len(frames)], label, time.Since(start).Seconds())
		width = max(width, len([]rune(line)))
		fmt.Fprint(w, "\r"+style.Render(line))
		select {
		case <-s.stop:
			// Blank out the widest line drawn, then go back to its start.
			fmt.Fprint(w, "\r"+strings.Repeat(" ", width)+"\r")
			return
		case <-ticker.C:
		}
	}
}
