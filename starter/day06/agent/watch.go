package agent

import "ply/day06/llm"

// Watch makes the agent tell watch of every change of its state, in
// order, as it happens: each message that joins the conversation
// (Added), each compaction (Compacted, with its summary), each change of
// the grants (GrantsChanged), and every event of every turn as the turn's
// own emit gets it, among them each call's ToolEnd and the turn's end
// with what it cost. A call that never ran has its ToolEnd too, Skipped,
// which the turn's emit does not get. watch runs on the agent's goroutine, before the
// agent goes on, so what it keeps is never behind the conversation.
//
// Nothing in the agent needs a watcher. Tomorrow's session log is one:
// it subscribes here and writes each change as it happens, so that the
// conversation can be rebuilt from the log, and no part of ply has to
// remember to log what it changed. Clear, which starts a new
// conversation rather than changing this one, tells watch nothing; who
// clears decides what becomes of the record.
func (a *Agent) Watch(watch func(Event)) { a.watch = watch }

// report tells the watcher, if there is one, of a change. It is the one
// path every change of the agent's state takes to the outside.
func (a *Agent) report(e Event) {
	if a.watch != nil {
		a.watch(e)
	}
}

// add is the one way a message joins the conversation, so that the
// watcher hears of every one.
func (a *Agent) add(m llm.Message) {
	a.messages = append(a.messages, m)
	a.report(Added{Message: m})
}

// watched returns emit with every event of the turn reported on the way,
// before the user sees it. Compacted is the exception: Compact reports it
// itself, for the compactions of /compact too, which run outside a turn.
func (a *Agent) watched(emit func(Event)) func(Event) {
	return func(e Event) {
		if _, ok := e.(Compacted); !ok {
			a.report(e)
		}
		emit(e)
	}
}
