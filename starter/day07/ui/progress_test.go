package ui

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"

	"ply/day07/agent"
)

func TestLiveLine(t *testing.T) {
	tests := []struct {
		name    string
		elapsed time.Duration
		line    string
		want    string
	}{
		{"no output yet", 1200 * time.Millisecond, "", "⠋ run_command 1.2s"},
		{"the latest line", 3 * time.Second, "=== RUN   TestDiv", "⠋ run_command 3.0s · === RUN   TestDiv"},
		{"escapes made harmless", time.Second, "\x1b[2Jgotcha", "⠋ run_command 1.0s · ␛[2Jgotcha"},
		{"a long line cut to fit", time.Second, strings.Repeat("x", 200), "⠋ run_command 1.0s · " + strings.Repeat("x", 54) + "…"},
		{"wide characters count twice", time.Second, strings.Repeat("テ", 40), "⠋ run_command 1.0s · " + strings.Repeat("テ", 27) + "…"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := liveLine('⠋', "run_command", tt.elapsed, tt.line)
			if got != tt.want {
				t.Errorf("liveLine(%q) = %q, want %q", tt.line, got, tt.want)
			}
			if w := lipgloss.Width(got); w > progressWidth {
				t.Errorf("liveLine(%q) is %d columns wide, more than %d", tt.line, w, progressWidth)
			}
		})
	}
}

func TestPlainLine(t *testing.T) {
	got := plainLine("run_command", 10*time.Second+300*time.Millisecond, "ok  \tcalc\t0.01s")
	if want := "run_command: still running after 10s; its latest line: ok  ␉calc␉0.01s"; got != want {
		t.Errorf("plainLine = %q, want %q", got, want)
	}
}

// syncBuffer is a buffer that a drawing goroutine and a test can share.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.String()
}

// TestProgressShowsTheLatestLine draws a call's progress live, hands it a
// line, and waits until the line is on the screen; after finish, the line
// is erased.
func TestProgressShowsTheLatestLine(t *testing.T) {
	out := &syncBuffer{}
	p := progressOut{w: out, live: true, style: lipgloss.NewStyle()}.start("run_command")
	p.update("=== RUN   TestDiv")
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(out.String(), "run_command") || !strings.Contains(out.String(), "TestDiv") {
		if time.Now().After(deadline) {
			p.finish()
			t.Fatalf("after 5s the screen shows %q, want the call's name and its latest line", out.String())
		}
		time.Sleep(5 * time.Millisecond) // polling a condition, with a deadline above
	}
	p.finish()
	p.finish() // twice is harmless
	screen := out.String()
	if last := screen[strings.LastIndex(screen, "\r")-1:]; strings.TrimSpace(last) != "" {
		t.Errorf("after finish the line ends %q, want it blanked out", last)
	}
}

// TestProgressPlain checks that, without a terminal, progress is plain
// lines, written now and then, with nothing to redraw.
func TestProgressPlain(t *testing.T) {
	out := &syncBuffer{}
	p := progressOut{w: out, style: lipgloss.NewStyle(), every: time.Millisecond}.start("run_command")
	p.update("building")
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(out.String(), "building") {
		if time.Now().After(deadline) {
			break
		}
		time.Sleep(5 * time.Millisecond) // polling a condition, with a deadline above
	}
	p.finish()
	screen := out.String()
	if !strings.Contains(screen, "run_command: still running after") || !strings.Contains(screen, "its latest line: building\n") {
		t.Errorf("plain progress wrote %q, want lines saying the call still runs, with its latest line", screen)
	}
	if strings.Contains(screen, "\r") {
		t.Errorf("plain progress wrote %q, which redraws with \\r", screen)
	}
}

// TestProgressNowhere checks that the zero progressOut draws nothing and
// that a nil progress can be updated and finished.
func TestProgressNowhere(t *testing.T) {
	p := progressOut{}.start("run_command")
	p.update("x")
	p.finish()
	var none *toolProgress
	none.update("x")
	none.finish()
}

// TestTurnViewShowsProgress renders a tool call with progress: the
// progress goes to its own writer, and the call's summary line to the
// screen, after the progress has stopped.
func TestTurnViewShowsProgress(t *testing.T) {
	var out bytes.Buffer
	progress := &syncBuffer{}
	v := &turnView{out: &out, styles: NewStyles(&out), spin: noSpinner,
		progress: progressOut{w: progress, style: lipgloss.NewStyle(), every: time.Hour}}
	v.spinner = v.spin()
	v.show(agent.ToolStart{ID: "c1", Name: "run_command", Arguments: `{"command":"go test ./..."}`})
	v.show(agent.ToolProgress{ID: "c1", Name: "run_command", Line: "=== RUN TestDiv"})
	if v.running == nil || v.running.latest() != "=== RUN TestDiv" {
		t.Errorf("the running call's progress is %+v, want its latest line", v.running)
	}
	v.show(agent.ToolEnd{ID: "c1", Name: "run_command", Arguments: `{"command":"go test ./..."}`, Chars: 20})
	v.stop()
	if want := "✓ run_command {\"command\":\"go test ./...\"} · 20 chars · 0ms\n"; out.String() != want {
		t.Errorf("the screen shows %q, want %q", out.String(), want)
	}
	if progress.String() != "" {
		t.Errorf("a call that ended at once wrote progress %q, want none", progress.String())
	}
}
