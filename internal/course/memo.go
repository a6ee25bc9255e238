package course

import (
	"slices"
	"strings"
	"sync"
)

// A memo keeps the outcome of each distinct run of a probe, so that the
// checks, in parallel, each ask for what they need and no run is done
// twice.
type memo[T any] struct {
	mu   sync.Mutex
	runs map[string]*outcome[T]
}

// An outcome is one run's, ready once done is closed.
type outcome[T any] struct {
	done  chan struct{}
	value T
	err   error
}

// once returns the outcome of the run called what with the tags on,
// calling do for it the first time it is asked for and waiting for that
// call every other time.
func (m *memo[T]) once(what string, tags []string, do func() (T, error)) (T, error) {
	key := what + " " + strings.Join(slices.Sorted(slices.Values(tags)), ",")
	m.mu.Lock()
	if m.runs == nil {
		m.runs = map[string]*outcome[T]{}
	}
	o, ok := m.runs[key]
	if !ok {
		o = &outcome[T]{done: make(chan struct{})}
		m.runs[key] = o
	}
	m.mu.Unlock()
	if ok {
		<-o.done
		return o.value, o.err
	}
	o.value, o.err = do()
	close(o.done)
	return o.value, o.err
}
