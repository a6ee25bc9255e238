package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"

	"ply/day07/llm"
)

// mockServer runs "ply mock-server": the scripted model behind an
// OpenAI-compatible streaming endpoint on loopback, until Ctrl-C. It
// returns the exit status.
func mockServer(args []string) int {
	flags := flag.NewFlagSet("ply mock-server", flag.ContinueOnError)
	addr := flags.String("addr", "127.0.0.1:0", "loopback `host:port` to listen on; port 0 picks a free one")
	addrFile := flags.String("addr-file", "", "once listening, write the base URL to `file`, for a script to wait for")
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0 // -h: the usage is what was asked for
		}
		return 2 // flag has printed the problem and the usage
	}
	listener, err := listenLoopback(*addr)
	if err != nil {
		return fail(1, "ply mock-server", err)
	}
	url := "http://" + listener.Addr().String() + "/v1"
	if *addrFile != "" {
		if err := writeAddr(*addrFile, url); err != nil {
			return fail(1, "ply mock-server", err)
		}
	}
	fmt.Printf("serving the scripted model at %s (Ctrl-C stops it)\n", url)
	fmt.Printf("point ply at it with OPENAI_BASE_URL=%s\n", url)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	srv := &http.Server{Handler: llm.MockHandler()}
	go func() {
		<-ctx.Done()
		_ = srv.Close() // a server for one person's tests: no need to drain, nor to say how closing went
	}()
	if err := srv.Serve(listener); !errors.Is(err, http.ErrServerClosed) {
		return fail(1, "ply mock-server", err)
	}
	return 0
}

// listenLoopback listens on addr, which must name this machine: the
// scripted model is for local tests and is never served to a network.
func listenLoopback(addr string) (net.Listener, error) {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("--addr %q: %w", addr, err)
	}
	if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
		return nil, fmt.Errorf("--addr %s is not a loopback address: the mock server serves this machine only (try 127.0.0.1:8089)", addr)
	}
	return net.Listen("tcp", addr)
}

// writeAddr writes the server's base URL to path, for a script that waits
// for the server to listen. The URL goes to a file beside it first, which
// is then renamed: whoever sees path sees the whole URL.
func writeAddr(path, url string) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, []byte(url+"\n"), 0o644); err != nil {
		return fmt.Errorf("--addr-file: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("--addr-file: %w", err)
	}
	return nil
}
