package main

import (
	"flag"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"

	"github.com/rogpeppe/go-internal/testscript"

	"ply/day06/llm"
)

// silentmodel starts a server on loopback that takes the first N
// connections (1 by default) and never answers on them, and serves the
// scripted model on the ones after; it points ply at it.
// usage: silentmodel [-silent=N]
func silentmodel(ts *testscript.TestScript, neg bool, args []string) {
	flags := flag.NewFlagSet("silentmodel", flag.ContinueOnError)
	silent := flags.Int("silent", 1, "how many connections get no answer")
	if neg || flags.Parse(args) != nil || flags.NArg() > 0 {
		ts.Fatalf("usage: silentmodel [-silent=N]")
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	ts.Check(err)
	mock := &http.Server{Handler: llm.MockHandler()}
	answered := make(chan net.Conn)
	go func() {
		for n := 0; ; n++ {
			conn, err := l.Accept()
			if err != nil {
				close(answered)
				return // the script is over
			}
			if n >= *silent {
				answered <- conn
				continue
			}
			go func() {
				_, _ = io.Copy(io.Discard, conn) // hold the line open until ply hangs up
				conn.Close()
			}()
		}
	}()
	go func() { _ = mock.Serve(&chanListener{conns: answered, addr: l.Addr()}) }() // ends when the script closes the listener
	ts.Setenv("OPENAI_BASE_URL", "http://"+l.Addr().String()+"/v1")
	ts.Defer(func() {
		l.Close()
		mock.Close()
	})
}

// chanListener is a net.Listener whose connections come from a channel.
type chanListener struct {
	conns <-chan net.Conn
	addr  net.Addr
}

func (c *chanListener) Accept() (net.Conn, error) {
	conn, ok := <-c.conns
	if !ok {
		return nil, net.ErrClosed
	}
	return conn, nil
}

func (c *chanListener) Close() error   { return nil }
func (c *chanListener) Addr() net.Addr { return c.addr }

// bodymodel starts a server on loopback that answers every request with
// 200 OK, the Content-Type TYPE and the contents of FILE, and points ply
// at it: a login page, a web interface, some other endpoint's JSON.
// usage: bodymodel TYPE FILE
func bodymodel(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: bodymodel TYPE FILE")
	}
	contentType, body := args[0], ts.ReadFile(args[1])
	srv := httptest.NewServer(counting(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", contentType)
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		_, _ = io.WriteString(w, body) // a failed write shows as another error in the script
	}), ts.MkAbs("requests")))
	ts.Setenv("OPENAI_BASE_URL", srv.URL+"/v1")
	ts.Defer(srv.Close)
}
