package main

import (
	"encoding/json"
	"flag"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"ply/day01/llm"
)

// TestMain lets the test binary stand in for ply: scripts run "exec ply".
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){"ply": main})
}

// TestScripts runs every script in testdata/script against the real binary.
// Run one with go test -run TestScripts/openai_401.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		Setup:               isolate,
		Cmds:                scriptCmds,
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
	})
}

// isolate gives each script a home of its own inside $WORK, so a student's
// real key, config and sessions never reach a test.
func isolate(env *testscript.Env) error {
	home := filepath.Join(env.WorkDir, "home")
	env.Setenv("HOME", home)
	env.Setenv("XDG_STATE_HOME", filepath.Join(home, ".local", "state"))
	return os.MkdirAll(home, 0o700)
}

// scriptCmds are the custom script commands, by name.
var scriptCmds = map[string]func(ts *testscript.TestScript, neg bool, args []string){
	"fakemodel": fakemodel,
	"nomodel":   nomodel,
}

// fakemodel starts an OpenAI-compatible server on loopback and points ply
// at it. It answers with the scripted model's reply, or, with -status, with
// that status and the contents of the file named by -body, and with
// -location, a Location header.
// usage: fakemodel [-status=N -body=FILE [-location=URL]]
func fakemodel(ts *testscript.TestScript, neg bool, args []string) {
	flags := flag.NewFlagSet("fakemodel", flag.ContinueOnError)
	status := flags.Int("status", http.StatusOK, "the status of every answer")
	body := flags.String("body", "", "a file in $WORK whose contents are the body of every answer")
	location := flags.String("location", "", "the Location header of every answer")
	if neg || flags.Parse(args) != nil || flags.NArg() > 0 || (*status != http.StatusOK) != (*body != "") ||
		(*location != "" && *body == "") {
		ts.Fatalf("usage: fakemodel [-status=N -body=FILE [-location=URL]]")
	}
	var handler http.Handler = http.HandlerFunc(scriptedAnswer)
	if *status != http.StatusOK {
		refusal := ts.ReadFile(*body)
		handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			if *location != "" {
				w.Header().Set("Location", *location)
			}
			w.WriteHeader(*status)
			_, _ = io.WriteString(w, refusal) // the client sees a short body, which is what a script checks
		})
	}
	srv := httptest.NewServer(handler)
	ts.Setenv("OPENAI_BASE_URL", srv.URL+"/v1")
	ts.Defer(srv.Close)
}

// scriptedAnswer serves POST /v1/chat/completions with the Mock's reply,
// written by hand in the wire format so the test does not borrow the
// client's own encoding.
func scriptedAnswer(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
		http.Error(w, `{"error":{"message":"no route `+r.Method+" "+r.URL.Path+`"}}`, http.StatusNotFound)
		return
	}
	var req struct {
		Messages []struct{ Role, Content string } `json:"messages"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, `{"error":{"message":"bad JSON"}}`, http.StatusBadRequest)
		return
	}
	var msgs []llm.Message
	for _, m := range req.Messages {
		msgs = append(msgs, llm.Message{Role: m.Role, Content: m.Content})
	}
	reply, _ := llm.Mock{}.Complete(r.Context(), llm.Request{Messages: msgs}) // fails only when the client has gone
	answer := map[string]any{
		"object":  "chat.completion",
		"choices": []any{map[string]any{"index": 0, "finish_reason": "stop", "message": map[string]any{"role": "assistant", "content": "(server) " + reply.Content}}},
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(answer) // a failed write shows as a broken answer in the script
}

// nomodel points ply at a loopback address where nothing listens: it
// opens a port, closes it, and hands over its address.
// usage: nomodel
func nomodel(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) > 0 {
		ts.Fatalf("usage: nomodel")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	ts.Check(err)
	port := l.Addr().(*net.TCPAddr).Port
	ts.Check(l.Close())
	ts.Setenv("OPENAI_BASE_URL", "http://127.0.0.1:"+strconv.Itoa(port)+"/v1")
}
