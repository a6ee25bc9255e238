package session

import (
	"bytes"
	"strings"
	"testing"
)

func TestExportMarkdown(t *testing.T) {
	_, l, full := damagedLog(t)
	var out bytes.Buffer
	if err := Export(&out, l.ID(), NewReader(bytes.NewReader(full), l.Path()), nil); err != nil {
		t.Fatal(err)
	}
	md := out.String()
	for _, want := range []string{
		"# Session " + l.ID(),
		"## User\n\nwhat does calc.go do\n",
		"<details>\n<summary>read_file — ok, 0 ms</summary>",
		"Arguments:\n\n```json\n{\"path\":\"calc.go\"}\n```",
		"Result:\n\n```\npackage calc\n```",
		"## Assistant\n\nTestDivide fails: é, 日本, 🙂\n",
		"*110 tokens in all.*",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("the Markdown has no %q:\n%s", want, md)
		}
	}
	if strings.Count(md, "<details>") != 2 || strings.Count(md, "</details>") != 2 {
		t.Errorf("want two folded calls:\n%s", md)
	}
}

// TestExportOfAFork checks that a fork's Markdown is titled with the
// fork's own id, not its parent's, which its copied meta line holds, and
// says where it was forked from.
func TestExportOfAFork(t *testing.T) {
	s := newTestStore(t)
	l := create(t, s)
	mustAppend(t, l, user("what does calc.go do"))
	l.Close()
	child, _, err := s.Fork(l.ID(), 3, testOptions)
	if err != nil {
		t.Fatal(err)
	}
	child.Close()
	r, err := s.Open(child.ID())
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var out bytes.Buffer
	if err := Export(&out, child.ID(), r, nil); err != nil {
		t.Fatal(err)
	}
	md := out.String()
	if !strings.HasPrefix(md, "# Session "+child.ID()+"\n") || !strings.Contains(md, "*Forked from "+l.ID()+" after event 3.*") {
		t.Errorf("the fork's Markdown begins\n%.300s\nwant the title # Session %s and a note that it was forked from %s", md, child.ID(), l.ID())
	}
}

func TestExportFencesAreLongerThanTheContent(t *testing.T) {
	if got := fence("a ``` b ```` c", ""); !strings.HasPrefix(got, "`````\n") || !strings.HasSuffix(got, "\n`````") {
		t.Errorf("fence = %q, want a fence of five backticks", got)
	}
}

func TestExportACutTurn(t *testing.T) {
	in := metaLine() + msgLine(2, "user", "hi") +
		line(3, "message", `"message":{"role":"assistant","content":"","tool_calls":[{"id":"c1","type":"function","function":{"name":"find","arguments":"{}"}}]}`)
	var out bytes.Buffer
	if err := Export(&out, "s-20260907-100000-k3x9", NewReader(strings.NewReader(in), "t.jsonl"), nil); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "find — no result: the turn was cut off") {
		t.Errorf("a call without a result is not shown as cut off:\n%s", out.String())
	}
}
