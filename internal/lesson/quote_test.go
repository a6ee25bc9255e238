package lesson

import (
	"errors"
	"slices"
	"testing"
)

var quoteTests = []struct {
	name    string
	md      string
	want    []Quote
	wantErr error // nil when every quote is well formed
}{
	{
		name: "file and declaration",
		md:   "# Day\n\n<!-- quote a.go -->\n```go\npackage a\n```\n\ntext\n<!-- quote a.go F -->\n```go\nfunc F() {}\n\n```\n",
		want: []Quote{
			{Line: 3, File: "a.go", Text: "package a"},
			{Line: 9, File: "a.go", Name: "F", Text: "func F() {}\n"},
		},
	},
	{
		name: "longer fences and tildes",
		md:   "<!--quote a.go T.M-->\n~~~~\n```\n~~~\n~~~~\n",
		want: []Quote{{Line: 1, File: "a.go", Name: "T.M", Text: "```\n~~~"}},
	},
	{
		name: "a quote shown inside a code block is an example",
		md:   "````markdown\n<!-- quote a.go F -->\n```go\nfunc F() {}\n```\n````\n",
	},
	{
		name: "other comments",
		md:   "<!-- a note -->\n<!-- quoted elsewhere -->\n",
	},
	{
		name:    "too many words",
		md:      "<!-- quote a.go F G -->\n```\n```\n",
		wantErr: ErrMalformed,
	},
	{
		name:    "no file",
		md:      "<!-- quote -->\n```\n```\n",
		wantErr: ErrMalformed,
	},
	{
		name:    "no block",
		md:      "<!-- quote a.go -->\n\n```go\npackage a\n```\n",
		wantErr: ErrNoBlock,
	},
	{
		name:    "block never closed",
		md:      "<!-- quote a.go -->\n```go\npackage a\n",
		wantErr: ErrUnclosed,
	},
}

func TestQuotes(t *testing.T) {
	for _, tt := range quoteTests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Quotes("README.md", tt.md)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("Quotes(%q) = error %v, want %v", tt.md, err, tt.wantErr)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("Quotes(%q) =\n\t%+v\nwant\n\t%+v", tt.md, got, tt.want)
			}
		})
	}
}
