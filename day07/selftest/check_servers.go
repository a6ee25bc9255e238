package selftest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"

	"ply/day07/agent"
	"ply/day07/llm"
	"ply/day07/llm/llmtest"
	"ply/day07/tools"
)

// serve runs handler on loopback for the length of f.
func serve(handler http.HandlerFunc, f func(url string) error) error {
	srv := httptest.NewServer(handler)
	defer srv.Close()
	return f(srv.URL)
}

func jsonMislabelled(ctx context.Context) error {
	return serve(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, `{"choices":[{"message":{"role":"assistant","content":"Whole."},"finish_reason":"content_filter"}]}`)
	}, func(url string) error {
		s, err := llm.NewOpenAI(url, "").Stream(ctx, llm.Request{})
		if err != nil {
			return err
		}
		got := collect(s)
		if got.text != "Whole." || got.finish != "content_filter" || got.err != nil {
			return fmt.Errorf("reply %q, finish %q, error %v; want \"Whole.\" and the server's finish reason \"content_filter\"", got.text, got.finish, got.err)
		}
		return nil
	})
}

func streamOptionsRefused(ctx context.Context) error {
	var refused, asked atomic.Int32
	return serve(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		asked.Add(1)
		if strings.Contains(string(body), "stream_options") {
			refused.Add(1)
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(400)
			io.WriteString(w, `{"error":{"message":"Unsupported parameter: 'stream_options'","param":"stream_options","code":"unsupported_parameter"}}`)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, "data: {\"choices\":[{\"delta\":{\"content\":\"ok\"},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n")
	}, func(url string) error {
		o := llm.NewOpenAI(url, "")
		for range 2 {
			s, err := o.Stream(ctx, llm.Request{})
			if err != nil {
				return fmt.Errorf("the server refused stream_options, and ply gave up: %v", err)
			}
			collect(s)
		}
		if refused.Load() != 1 || asked.Load() != 3 {
			return fmt.Errorf("%s, %d refused, for two answers; want 3 and 1: ask again once, then remember", llm.Count(int(asked.Load()), "request"), refused.Load())
		}
		return nil
	})
}

func cutReplyKept(ctx context.Context) error {
	var asked atomic.Int32
	return serve(func(w http.ResponseWriter, r *http.Request) {
		asked.Add(1)
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, "data: {\"choices\":[{\"delta\":{\"content\":\"Once upon\"}}]}\n\n")
	}, func(url string) error {
		a := agent.New(retrying(llm.NewOpenAI(url, ""), &llmtest.Clock{}), "m", tools.NewRegistry())
		var text string
		var failed []agent.Failed
		a.Send(ctx, "tell me a story", func(e agent.Event) {
			switch e := e.(type) {
			case agent.Text:
				text += e.Text
			case agent.Failed:
				failed = append(failed, e)
			}
		})
		if text != "Once upon" || len(failed) != 1 || !failed[0].Kept || !errors.Is(failed[0].Err, llm.ErrStreamCut) || asked.Load() != 1 {
			return fmt.Errorf("shown %q, failures %+v, %s; want \"Once upon\" once, one Failed that keeps it, 1 request", text, failed, llm.Count(int(asked.Load()), "request"))
		}
		msgs := a.Messages()
		if last := msgs[len(msgs)-1]; last.Role != llm.RoleAssistant || last.Content != "Once upon" {
			return fmt.Errorf("the conversation ends %+v, want the text that was shown", last)
		}
		return nil
	})
}
