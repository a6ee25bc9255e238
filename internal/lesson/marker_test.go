package lesson

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"ply/internal/lab"
)

func TestUpdate(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "code", "llm", "mock.go"), code)
	writeFile(t, filepath.Join(dir, "code", "testdata", "script", "help.txtar"), "# Help lists the commands.\nexec ply\ncmp stdout want.txt\n\n-- want.txt --\n/help\n/quit\n-- other.txt --\nx\n")
	lesson := filepath.Join(dir, "README.md")
	md := "# A lesson\n\n<!-- quote llm/mock.go Mock -->\n```go\ntype Old struct{}\n```\n\nText.\n\n" +
		"<!-- quote testdata/script/help.txtar want.txt -->\n```\n/help\n```\n\n```\nnot a quote\n```\n"
	writeFile(t, lesson, md)

	rewrites, err := Update(lesson, filepath.Join(dir, "code"))
	if err != nil {
		t.Fatalf("Update = %v", err)
	}
	// Each rewritten quote is named with what it held, so that a hand
	// edit Update undoes is never lost without a word.
	wantRewrites := []Rewrite{
		{Line: 3, What: "quote of llm/mock.go Mock", Old: "type Old struct{}", New: "type Mock struct{}"},
		{Line: 10, What: "quote of testdata/script/help.txtar want.txt", Old: "/help", New: "/help\n/quit"},
	}
	if !reflect.DeepEqual(rewrites, wantRewrites) {
		t.Errorf("Update = %+v, want %+v", rewrites, wantRewrites)
	}
	want := "# A lesson\n\n<!-- quote llm/mock.go Mock -->\n```go\ntype Mock struct{}\n```\n\nText.\n\n" +
		"<!-- quote testdata/script/help.txtar want.txt -->\n```\n/help\n/quit\n```\n\n```\nnot a quote\n```\n"
	if got := readFile(t, lesson); got != want {
		t.Errorf("after Update, the lesson is\n%s\nwant\n%s", got, want)
	}
	if err := Check(lesson, filepath.Join(dir, "code")); err != nil {
		t.Errorf("Check after Update = %v, want nil", err)
	}
	if rewrites, err := Update(lesson, filepath.Join(dir, "code")); rewrites != nil || err != nil {
		t.Errorf("Update of a current lesson = %v, %v; want nothing", rewrites, err)
	}
}

func TestOutputs(t *testing.T) {
	md := "<!-- output selfcheck starter -->\n```\n$ cd starter/day01 && MOCK=1 SELFTEST=1 go run .\n✓ a\n✗ b: no — see exercise 1\n1/2 passed\nexit status 1\n```\n\n" +
		"<!-- output selfcheck wrong/walk.go -->\n```\n✗ b: no\n1/2 passed\n```\n"
	doc, errs := Parse("README.md", md)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	outs := doc.Outputs()
	want := []Output{
		{Line: 1, Of: "starter", Command: "cd starter/day01 && MOCK=1 SELFTEST=1 go run .", Text: "✓ a\n✗ b: no — see exercise 1\n1/2 passed", Exit: "exit status 1"},
		{Line: 10, Of: "wrong/walk.go", Text: "✗ b: no\n1/2 passed"},
	}
	if !reflect.DeepEqual(outs, want) {
		t.Fatalf("Outputs =\n%#v\nwant\n%#v", outs, want)
	}
	printed := "✓ a\n✗ b: no — see exercise 1\n1/2 passed\n"
	if err := outs[0].Compare(printed, true); err != nil {
		t.Errorf("the starter's whole output: Compare = %v, want nil", err)
	}
	if err := outs[0].Compare("✓ a\n✓ b\n2/2 passed\n", false); err == nil {
		t.Errorf("another output: Compare = nil, want an error")
	}
	if err := outs[1].Compare("✓ a\n✗ b: no\n1/2 passed\n", true); err != nil {
		t.Errorf("a wrong answer's excerpt: Compare = %v, want nil", err)
	}
	if err := outs[1].Compare("1/2 passed\n✗ b: no\n", true); err == nil {
		t.Errorf("an excerpt out of order: Compare = nil, want an error")
	}
}

func TestGreens(t *testing.T) {
	md := "<!-- green 3,4: TestOpenAIRequest, \"openai posts\" -->\nTurns green: `TestOpenAIRequest`.\n\n" +
		"Turns green: everything.\n\n<!-- green x: TestA -->\n\n<!-- green 1: TestA -->\n<!-- green 1,2: TestB -->\nTurns green: A, and with 2, B.\n"
	doc, errs := Parse("README.md", md)
	if len(errs) != 1 || !strings.Contains(errs[0].Error(), "README.md:6: malformed marker") {
		t.Errorf("Parse errors = %v, want one about the malformed marker on line 6", errs)
	}
	want := []Green{
		{Line: 1, Exercises: []int{3, 4}, Claims: []lab.Claim{{Test: "TestOpenAIRequest"}, {SelfCheck: "openai posts"}}},
		{Line: 8, Exercises: []int{1}, Claims: []lab.Claim{{Test: "TestA"}}},
		{Line: 9, Exercises: []int{1, 2}, Claims: []lab.Claim{{Test: "TestB"}}},
	}
	if !reflect.DeepEqual(doc.Greens, want) {
		t.Errorf("Greens = %#v, want %#v", doc.Greens, want)
	}
	unchecked := doc.Unchecked()
	if len(unchecked) != 1 || !strings.Contains(unchecked[0].Error(), "README.md:4: a claim of what turns green") {
		t.Errorf("Unchecked = %v, want one claim, at line 4", unchecked)
	}
}

func TestTalliesAndNames(t *testing.T) {
	md := "The starter prints `5/19 passed`, the day `19/19 passed`.\n\n```\n3/19 passed\n```\n\nSee `wrong/walk.go` and `wrong/walk.go`, then `wrong/x-y.go`.\n"
	doc, _ := Parse("README.md", md)
	tallies := doc.Tallies()
	want := []Tally{{Line: 1, Tally: lab.Tally{Passed: 5, Total: 19}, Starter: true}, {Line: 1, Tally: lab.Tally{Passed: 19, Total: 19}, Starter: true}}
	if !reflect.DeepEqual(tallies, want) {
		t.Errorf("Tallies = %v, want %v", tallies, want)
	}
	if got, want := doc.WrongNames(), map[string]int{"walk": 7, "x-y": 7}; !reflect.DeepEqual(got, want) {
		t.Errorf("WrongNames = %v, want %v", got, want)
	}
	unchecked := doc.Unchecked()
	if len(unchecked) != 1 || !strings.Contains(unchecked[0].Error(), "README.md:3: a self-check's output with no marker") {
		t.Errorf("Unchecked = %v, want the block at line 3", unchecked)
	}
}

// writeFile writes content to name, making its folder.
func writeFile(t *testing.T, name, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// readFile returns the content of name.
func readFile(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestMaskTemp(t *testing.T) {
	a := `Resolve("/tmp/ply-selftest-2126950816/secret.txt") = x`
	b := `Resolve("/var/folders/x1/T/ply-selftest-77/../ply-selftest-123456/secret.txt") = x`
	if MaskTemp(a) != MaskTemp(b) {
		t.Errorf("MaskTemp(%q) = %q, MaskTemp(%q) = %q, want them equal", a, MaskTemp(a), b, MaskTemp(b))
	}
	if c := `calc_test.go:3: func TestAdd`; MaskTemp(c) != c {
		t.Errorf("MaskTemp(%q) = %q, want it unchanged", c, MaskTemp(c))
	}
}

func TestWrongParagraph(t *testing.T) {
	md := strings.Join([]string{
		"## Exercise 1",
		"",
		"**`wrong/first.go`: the first.** It is wrong",
		"because it stops early:",
		"",
		"```",
		"--- FAIL: TestX",
		"```",
		"",
		"So TestX catches it.",
		"",
		"**`wrong/second.go`: the second.** Another.",
		"",
		"### Wrong: the third",
		"",
		"`wrong/third.go`:",
		"",
		"<!-- quote x.go F -->",
		"```go",
		"func F() {}",
		"```",
		"",
		"It panics. `wrong/second.go` does not.",
		"",
		"## Exercise 2",
	}, "\n")
	doc, _ := Parse("key.md", md)
	tests := []struct {
		name, want string
		line       int
	}{
		{"first", "**`wrong/first.go`: the first.** It is wrong because it stops early: So TestX catches it.", 3},
		{"second", "**`wrong/second.go`: the second.** Another.", 12},
		{"third", "`wrong/third.go`:", 16},
		{"none", "", 0},
	}
	for _, tt := range tests {
		if got, line := doc.WrongParagraph(tt.name); got != tt.want || line != tt.line {
			t.Errorf("WrongParagraph(%s) = %q, %d; want %q, %d", tt.name, got, line, tt.want, tt.line)
		}
	}
}
