package llm

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// wireFixtures returns the folder of real captured server answers that
// sits beside a checkout of the course (shared/fixtures/wire), or skips
// the test when there is none. PLY_WIRE_FIXTURES names another folder.
func wireFixtures(t *testing.T) string {
	t.Helper()
	if dir := os.Getenv("PLY_WIRE_FIXTURES"); dir != "" {
		return dir
	}
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for {
		candidate := filepath.Join(dir, "shared", "fixtures", "wire")
		if _, err := os.Stat(candidate); err == nil {
			return candidate
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Skip("no shared/fixtures/wire folder beside the checkout")
		}
		dir = parent
	}
}

// TestCapturedErrorBodies reads every captured OpenAI error body and checks
// that serverMessage finds the message the server wrote.
func TestCapturedErrorBodies(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(wireFixtures(t), "openai_error_*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no openai_error_*.json captures found (%v)", err)
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			body, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			var want struct {
				Error struct{ Message string } `json:"error"`
			}
			if err := json.Unmarshal(body, &want); err != nil || want.Error.Message == "" {
				t.Fatalf("capture is not an OpenAI error body: %v", err)
			}
			if got := serverMessage(body); got != want.Error.Message {
				t.Errorf("serverMessage = %q, want %q", got, want.Error.Message)
			}
		})
	}
}
