package session

import (
	"strings"
	"testing"
)

// plantedSecrets are secrets a session may hold, each in the kind of text
// it hides in.
var plantedSecrets = []struct {
	secret string
	text   string
}{
	{"sk-proj-4f9Kq2LmZx8Rt7Vb3Nc6Hd1Jw5", "export OPENAI_API_KEY=sk-proj-4f9Kq2LmZx8Rt7Vb3Nc6Hd1Jw5"},
	{"sk-ant-api03-abcdEFGH1234ijkl5678", "key: sk-ant-api03-abcdEFGH1234ijkl5678 in the config"},
	{"ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bD1fH3jK5", "git remote set-url origin https://ghp_aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bD1fH3jK5@github.com/ann/calc"},
	{"github_pat_11AAAAAAA0aaaaaaaaaaaa_bbbbbbbbbbbbbbbbbbbbbbbbbbbbb", "token github_pat_11AAAAAAA0aaaaaaaaaaaa_bbbbbbbbbbbbbbbbbbbbbbbbbbbbb"},
	{"glpat-xxxxxxxxxxxxxxxxxxxx", "GITLAB glpat-xxxxxxxxxxxxxxxxxxxx"},
	{"xoxb-123456789012-abcdefghij", "slack: xoxb-123456789012-abcdefghij"},
	{"AKIAIOSFODNN7EXAMPLE", "aws_access_key_id = AKIAIOSFODNN7EXAMPLE"},
	{"wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"},
	{"AIzaSyA1234567890abcdefghijklmnopqrstuv", "maps key AIzaSyA1234567890abcdefghijklmnopqrstuv"},
	{"sk_live_51H8abcdefghijklmnop", "stripe sk_live_51H8abcdefghijklmnop"},
	{"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dozjgNryP4J3jVmNHl0w5N", "cookie=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dozjgNryP4J3jVmNHl0w5N"},
	{"hunter2hunter2", `{"user":"ann","password":"hunter2hunter2"}`},
	{"correct-horse-battery", "DB_PASSWORD='correct-horse-battery'"},
	{"s3cr3t-v4lu3-here", "client_secret: s3cr3t-v4lu3-here"},
	{"9f8e7d6c5b4a39281706", `curl -H "Authorization: Bearer 9f8e7d6c5b4a39281706" https://api.example.com`},
	{"pgpass99word", "DATABASE_URL=postgres://ann:pgpass99word@db.example.com/calc"},
	{"MIIEvQIBADANBgkqhkiG9w0BAQEFAASC", "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\nafter"},
	{"b3BlbnNzaC1rZXktdjEAAAAA", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n(the file was cut here)"},
	{"my-own-odd-value-42", "the value is my-own-odd-value-42, set in the environment"},
}

func TestRedact(t *testing.T) {
	known := []string{"my-own-odd-value-42", "short"}
	for _, p := range plantedSecrets {
		got := Redact(p.text, known)
		if strings.Contains(got, p.secret) || !strings.Contains(got, redacted) {
			t.Errorf("Redact(%q) = %q; the secret is still there", p.text, got)
		}
	}
}

func TestRedactKeepsTheRest(t *testing.T) {
	for _, text := range []string{
		"--- FAIL: TestDivide (0.00s)",
		`{"input_tokens":1830,"total_tokens":1926}`,
		"func Divide(a, b int) (int, error) {",
		"see https://go.dev/doc/effective_go",
		"a short value: short",
	} {
		if got := Redact(text, []string{"short"}); got != text {
			t.Errorf("Redact(%q) = %q; want it unchanged", text, got)
		}
	}
	if got := Redact("PASSWORD=hunter2hunter2", nil); got != "PASSWORD=[redacted]" {
		t.Errorf("Redact = %q; want the name kept and the value gone", got)
	}
}

func TestSecretsFromEnv(t *testing.T) {
	got := SecretsFromEnv([]string{"OPENAI_API_KEY=sk-123456789", "GITHUB_TOKEN=ghp_abcdefgh", "HOME=/home/ann",
		"MY_PASSWORD=short", "db_Password=longenough1", "EMPTY_SECRET=", "NOEQUALS"})
	want := []string{"sk-123456789", "ghp_abcdefgh", "longenough1"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("SecretsFromEnv = %q, want %q", got, want)
	}
}
