package approval

import (
	"slices"
	"testing"
)

func TestGrants(t *testing.T) {
	var g Grants // the zero Grants is ready to use
	if g.Has("x") || len(g.List()) != 0 || g.Revoke("x") || g.RevokeAll() != 0 {
		t.Fatal("the zero Grants is not empty")
	}
	g.Add("run_command: go test ./...")
	g.Add("edit_file: calc.go")
	g.Add("edit_file: calc.go")
	if want := []string{"edit_file: calc.go", "run_command: go test ./..."}; !slices.Equal(g.List(), want) {
		t.Errorf("List() = %q, want %q, sorted and without repeats", g.List(), want)
	}
	if !g.Revoke("edit_file: calc.go") || g.Has("edit_file: calc.go") {
		t.Error("Revoke of a grant did not drop it")
	}
	g.Replace([]string{"b", "a"})
	if want := []string{"a", "b"}; !slices.Equal(g.List(), want) {
		t.Errorf("after Replace, List() = %q, want %q: the old grants gone", g.List(), want)
	}
	if n := g.RevokeAll(); n != 2 || len(g.List()) != 0 {
		t.Errorf("RevokeAll() = %d and left %q, want 2 and nothing", n, g.List())
	}
}

// TestGrantsTellEveryChange checks that OnChange hears each change of the
// set, with the whole set, and nothing of a call that changes nothing.
func TestGrantsTellEveryChange(t *testing.T) {
	var g Grants
	var told [][]string
	g.OnChange(func(grants []string) { told = append(told, grants) })
	g.Add("b")
	g.Add("a")
	g.Add("a")                    // granted already
	g.Revoke("x")                 // never granted
	g.Replace([]string{"a", "b"}) // the same set
	g.Revoke("b")
	g.Replace([]string{"c"})
	g.RevokeAll()
	g.RevokeAll() // nothing left
	want := [][]string{{"b"}, {"a", "b"}, {"a"}, {"c"}, {}}
	if !slices.EqualFunc(told, want, slices.Equal) {
		t.Errorf("OnChange heard %q, want %q: the whole set after each change, and nothing when nothing changed", told, want)
	}
}

func TestGrantKey(t *testing.T) {
	tests := []struct {
		tool, raw string
		want      string
	}{
		{"run_command", `{"command":"go test ./..."}`, "run_command: go test ./..."},
		{"run_command", `{"command":"go test ./...  "}`, "run_command: go test ./...  "},
		{"run_command", `{"command":"go test ./...\nrm x"}`, "run_command: go test ./...\nrm x"},
		{"run_command", `{}`, ""},
		{"run_command", `{"command":"go test ./...","timeout_s":600}`, "run_command (timeout_s 600): go test ./..."},
		{"run_command", `{"command":"go test ./...","timeout_s":5}`, "run_command (timeout_s 5): go test ./..."},
		{"edit_file", `{"path":"calc.go","old_string":"a","new_string":"b"}`, "edit_file: calc.go"},
		{"edit_file", `{"path":"./calc.go"}`, "edit_file: calc.go"},
		{"edit_file", `{"path":"sub/../calc.go"}`, "edit_file: calc.go"},
		{"edit_file", `{"path":"/ws/calc.go"}`, "edit_file: calc.go"},
		{"edit_file", `{"path":"/ws/sub/x.go"}`, "edit_file: sub/x.go"},
		{"edit_file", `{"path":"/elsewhere/calc.go"}`, "edit_file: /elsewhere/calc.go"},
		{"edit_file", `{"path":"/ws2/calc.go"}`, "edit_file: /ws2/calc.go"},
		{"edit_file", `{"path":"/ws/..notes.txt"}`, "edit_file: ..notes.txt"},
		{"edit_file", `{"path":"../calc.go"}`, "edit_file: ../calc.go"},
		{"write_file", `{"path":"new/file.go","content":"x"}`, "write_file: new/file.go"},
		{"write_file", `{"content":"x"}`, ""},
		{"deploy", `{"to":"prod"}`, `deploy: {"to":"prod"}`},
	}
	for _, tt := range tests {
		args, err := readArguments(tt.raw)
		if err != nil {
			t.Fatalf("readArguments(%q): %v", tt.raw, err)
		}
		if got := grantKey(tt.tool, args, workspace); got != tt.want {
			t.Errorf("grantKey(%s, %s) = %q, want %q (see day05's exercise 2)", tt.tool, tt.raw, got, tt.want)
		}
	}
}

func TestWorkspacePathWithoutWorkspace(t *testing.T) {
	if got := workspacePath("/ws/./calc.go", ""); got != "/ws/calc.go" {
		t.Errorf("workspacePath with no workspace = %q, want the path cleaned, still absolute (see day05's exercise 2)", got)
	}
}
