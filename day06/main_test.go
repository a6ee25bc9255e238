package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"ply/day06/llm"
	"ply/day06/sandbox"
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
		Condition:           scriptCondition,
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
	})
}

// scriptCondition answers a script's own conditions: [sandbox] holds
// where this machine can confine commands, as ply would here.
func scriptCondition(cond string) (bool, error) {
	if cond == "sandbox" {
		return sandbox.Default(os.TempDir()) != nil, nil
	}
	return false, fmt.Errorf("unknown condition %q", cond)
}

// isolate gives each script a home of its own inside $WORK, so a student's
// real key, config and sessions never reach a test. The go command that
// scripts run through run_command keeps the build cache of the tests, so
// that go test in a playground does not compile the standard library anew.
func isolate(env *testscript.Env) error {
	home := filepath.Join(env.WorkDir, "home")
	env.Setenv("HOME", home)
	env.Setenv("XDG_STATE_HOME", filepath.Join(home, ".local", "state"))
	env.Setenv("GOCACHE", goCache())
	env.Setenv("GOTOOLCHAIN", "local")
	env.Setenv("GOPROXY", "off")
	return os.MkdirAll(home, 0o700)
}

// goCache returns the build cache of the go command that runs the tests.
var goCache = sync.OnceValue(func() string {
	out, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		return "" // no go command: the scripts that need one fail and say so
	}
	return strings.TrimSpace(string(out))
})

// scriptCmds are the custom script commands, by name.
var scriptCmds = map[string]func(ts *testscript.TestScript, neg bool, args []string){
	"bodymodel":   bodymodel,
	"bypassmodel": bypassmodel,
	"fakemodel":   fakemodel,
	"fromstdout":  fromstdout,
	"mockserver":  mockserver,
	"nomodel":     nomodel,
	"playground":  playground,
	"silentmodel": silentmodel,
	"steady":      steady,
	"waitfile":    waitfile,
}

// fakemodel starts an OpenAI-compatible server on loopback and points ply
// at it. With no flags it answers in one piece, not streaming, with the
// scripted model's reply. With -status, it answers that status and the
// contents of the -body file, and with -location, a Location header. With
// -events, it streams the contents of that file as it is; -hold then
// keeps the first answer open after them, creating the file "holding" in
// $WORK, until ply hangs up, and later requests get the scripted model's
// stream. With -fail=N, only the first N requests get the -status answer,
// with each -header, and later ones the scripted model's reply; the file
// "requests" in $WORK counts them all.
// usage: fakemodel [-status=N -body=FILE [-location=URL] [-fail=N] [-header=NAME:VALUE]... | -events=FILE [-hold]]
func fakemodel(ts *testscript.TestScript, neg bool, args []string) {
	flags := flag.NewFlagSet("fakemodel", flag.ContinueOnError)
	status := flags.Int("status", http.StatusOK, "the status of every answer")
	body := flags.String("body", "", "a file in $WORK whose contents are the body of every answer")
	location := flags.String("location", "", "the Location header of every answer")
	events := flags.String("events", "", "a file in $WORK whose contents are streamed as they are")
	hold := flags.Bool("hold", false, "keep the first answer open after the events")
	fail := flags.Int("fail", -1, "answer only the first N requests with -status")
	var headers []string
	flags.Func("header", "a header NAME:VALUE of the -status answers", func(h string) error {
		headers = append(headers, h)
		return nil
	})
	if neg || flags.Parse(args) != nil || flags.NArg() > 0 || (*status != http.StatusOK) != (*body != "") ||
		(*location != "" && *body == "") || (*hold && *events == "") || (*fail >= 0 || len(headers) > 0) && *body == "" {
		ts.Fatalf("usage: fakemodel [-status=N -body=FILE [-location=URL] [-fail=N] [-header=NAME:VALUE]... | -events=FILE [-hold]]")
	}
	var handler http.Handler = http.HandlerFunc(scriptedAnswer)
	switch {
	case *status != http.StatusOK:
		refusal := ts.ReadFile(*body)
		var refused atomic.Int64
		handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if *fail >= 0 && refused.Add(1) > int64(*fail) {
				scriptedAnswer(w, r)
				return
			}
			io.Copy(io.Discard, r.Body)
			for _, h := range headers {
				name, value, _ := strings.Cut(h, ":")
				w.Header().Set(name, value)
			}
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
	handler = counting(handler, ts.MkAbs("requests"))
	srv := httptest.NewServer(handler)
	ts.Setenv("OPENAI_BASE_URL", srv.URL+"/v1")
	ts.Defer(srv.Close)
}

// counting serves with h and writes the number of requests so far to the
// file at path, so that a script can check how often ply asked.
func counting(h http.Handler, path string) http.Handler {
	var mu sync.Mutex
	n := 0
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		n++
		os.WriteFile(path, []byte(fmt.Sprintln(n)), 0o666)
		mu.Unlock()
		h.ServeHTTP(w, r)
	})
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

// fromstdout sets the variable NAME to what the first group of REGEXP
// matches in the stdout of the last command, such as the directory ply
// demo says it works in.
// usage: fromstdout NAME REGEXP
func fromstdout(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: fromstdout NAME REGEXP")
	}
	re, err := regexp.Compile(args[1])
	ts.Check(err)
	m := re.FindStringSubmatch(ts.ReadFile("stdout"))
	if len(m) < 2 {
		ts.Fatalf("stdout has nothing that %s matches with a group", args[1])
	}
	ts.Setenv(args[0], m[1])
}

// steady writes the last command's stdout to a file with what changes from
// run to run written as N: a tool call's size and time, the tokens, and
// the number of a temporary directory. A transcript made steady can be
// compared with cmp, and the lesson can quote it.
// usage: steady FILE
func steady(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: steady FILE")
	}
	out := ts.ReadFile("stdout")
	for _, u := range unsteady {
		out = u.re.ReplaceAllString(out, u.with)
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), []byte(out), 0o666))
}

// unsteady are the parts of a transcript that steady writes as N.
var unsteady = []struct {
	re   *regexp.Regexp
	with string
}{
	{regexp.MustCompile(`(?m)· [0-9]+ chars · [0-9]+ms$`), "· N chars · Nms"},
	{regexp.MustCompile(`(?m)^tokens: [0-9]+ in, [0-9]+ out$`), "tokens: N in, N out"},
	{regexp.MustCompile(`\S*ply-demo-[0-9]+`), "/tmp/ply-demo-N"},
	// The preview under a tool's line quotes go test and the exit line,
	// which time the run, and a panic's trace, whose length is the Go
	// version's.
	{regexp.MustCompile(`(?m)^(\s*--- (?:FAIL|PASS): \S+) \([0-9.]+s\)$`), "$1 (Ns)"},
	{regexp.MustCompile(`(?m)^(\s*ok\s+\S+\s+)(?:[0-9.]+s|\(cached\))$`), "${1}N"},
	{regexp.MustCompile(`(?m)\(exit code ([0-9]+) · [0-9.]+s\)$`), "(exit code $1 · Ns)"},
	{regexp.MustCompile(`(?m)^(\s*)… [0-9]+ more lines$`), "$1… N more lines"},
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
