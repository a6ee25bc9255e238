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
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"ply/day03/llm"
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
	"fakemodel":  fakemodel,
	"mockserver": mockserver,
	"nomodel":    nomodel,
	"playground": playground,
	"waitfile":   waitfile,
}

// fakemodel starts an OpenAI-compatible server on loopback and points ply
// at it. With no flags it answers in one piece, not streaming, with the
// scripted model's reply. With -status, it answers that status and the
// contents of the -body file, and with -location, a Location header. With
// -events, it streams the contents of that file as it is; -hold then
// keeps the first answer open after them, creating the file "holding" in
// $WORK, until ply hangs up, and later requests get the scripted model's
// stream.
// usage: fakemodel [-status=N -body=FILE [-location=URL] | -events=FILE [-hold]]
func fakemodel(ts *testscript.TestScript, neg bool, args []string) {
	flags := flag.NewFlagSet("fakemodel", flag.ContinueOnError)
	status := flags.Int("status", http.StatusOK, "the status of every answer")
	body := flags.String("body", "", "a file in $WORK whose contents are the body of every answer")
	location := flags.String("location", "", "the Location header of every answer")
	events := flags.String("events", "", "a file in $WORK whose contents are streamed as they are")
	hold := flags.Bool("hold", false, "keep the first answer open after the events")
	if neg || flags.Parse(args) != nil || flags.NArg() > 0 || (*status != http.StatusOK) != (*body != "") ||
		(*location != "" && *body == "") || (*hold && *events == "") {
		ts.Fatalf("usage: fakemodel [-status=N -body=FILE [-location=URL] | -events=FILE [-hold]]")
	}
	var handler http.Handler = http.HandlerFunc(scriptedAnswer)
	switch {
	case *status != http.StatusOK:
		refusal := ts.ReadFile(*body)
		handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			if *location != "" {
				w.Header().Set("Location", *location)
			}
			w.WriteHeader(*status)
			_, _ = io.WriteString(w, refusal) // the client sees a short body, which is what a script checks
		})
	case *events != "":
		handler = streamFile(ts.ReadFile(*events), *hold, ts.MkAbs("holding"))
	}
	srv := httptest.NewServer(handler)
	ts.Setenv("OPENAI_BASE_URL", srv.URL+"/v1")
	ts.Defer(srv.Close)
}

// streamFile answers with events as an event stream. With hold, the first
// answer then stays open, with the file holding created to say so, until
// the client hangs up; later answers come from the scripted model.
func streamFile(events string, hold bool, holding string) http.Handler {
	var first sync.Once
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		isFirst := false
		first.Do(func() { isFirst = true })
		if hold && !isFirst {
			llm.MockHandler().ServeHTTP(w, r)
			return
		}
		_, _ = io.Copy(io.Discard, r.Body) // a server sees the client hang up only once the body is read; a failed read means it has
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, events)          // a failed write shows as a broken stream in the script
		_ = http.NewResponseController(w).Flush() // so does a failed flush
		if hold {
			_ = os.WriteFile(holding, nil, 0o666) // if it fails, waitfile says it gave up waiting for it
			<-r.Context().Done()
		}
	})
}

// mockserver serves the scripted model over HTTP on loopback, in-process,
// and points ply at it, as "ply mock-server" would.
// usage: mockserver
func mockserver(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) > 0 {
		ts.Fatalf("usage: mockserver")
	}
	srv := httptest.NewServer(llm.MockHandler())
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
	reply := "(server) "
	if stream, err := (llm.Mock{}).Stream(r.Context(), llm.Request{Messages: msgs}); err == nil {
		for stream.Next() {
			reply += stream.Delta().Text
		}
	}
	answer := map[string]any{
		"object":  "chat.completion",
		"choices": []any{map[string]any{"index": 0, "finish_reason": "stop", "message": map[string]any{"role": "assistant", "content": reply}}},
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

// playground copies the day's playground, a small Go module with a bug,
// into DIR in $WORK ("playground" by default). Scripts work on the copy,
// so the one in testdata stays as it is for the next run.
// usage: playground [DIR]
func playground(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) > 1 {
		ts.Fatalf("usage: playground [DIR]")
	}
	dir := "playground"
	if len(args) == 1 {
		dir = args[0]
	}
	ts.Check(os.CopyFS(ts.MkAbs(dir), os.DirFS(filepath.Join("testdata", "playground"))))
}

// waitDeadline bounds how long the wait commands wait before failing.
const waitDeadline = 10 * time.Second

// waitfile waits until FILE exists in $WORK: a background process creates
// it to say it has reached a point, such as "ply mock-server --addr-file"
// once it listens. With -env, it then sets the variable NAME to what the
// file holds, without the line end.
// usage: waitfile [-env NAME] FILE
func waitfile(ts *testscript.TestScript, neg bool, args []string) {
	flags := flag.NewFlagSet("waitfile", flag.ContinueOnError)
	name := flags.String("env", "", "the variable to set to what the file holds")
	if neg || flags.Parse(args) != nil || flags.NArg() != 1 {
		ts.Fatalf("usage: waitfile [-env NAME] FILE")
	}
	file := flags.Arg(0)
	path := ts.MkAbs(file)
	deadline := time.Now().Add(waitDeadline)
	for {
		if _, err := os.Stat(path); err == nil {
			break
		}
		if time.Now().After(deadline) {
			ts.Fatalf("gave up waiting for file %s to appear after %v", file, waitDeadline)
		}
		time.Sleep(5 * time.Millisecond) // polling a condition, with a deadline above
	}
	if *name != "" {
		ts.Setenv(*name, strings.TrimSpace(ts.ReadFile(file)))
	}
}
