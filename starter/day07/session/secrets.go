package session

import (
	"regexp"
	"strings"
)

// What a secret looks like. A session holds whatever the tools read and
// the user typed: a .env file, the output of env, a pasted token, a
// command with a password in it. The model never sees ply's own API key,
// but nothing stops it from reading another. These patterns find the
// shapes secrets come in; they err on the side of hiding. They are
// compiled once and never changed.
var (
	// Tokens whose own shape gives them away: a private key block (to its
	// end, or to the end of the text when the end is missing), OpenAI and
	// Anthropic keys, GitHub, GitLab and Slack tokens, AWS access key ids,
	// Google API keys, Stripe keys and JSON Web Tokens.
	secretShapes = []*regexp.Regexp{
		regexp.MustCompile(`-----BEGIN[A-Z ]*PRIVATE KEY-----(?s:.*?)(?:-----END[A-Z ]*PRIVATE KEY-----|\z)`),
		regexp.MustCompile(`\bsk-[A-Za-z0-9_-]{16,}`),
		regexp.MustCompile(`\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|glpat-[A-Za-z0-9_-]{20,})`),
		regexp.MustCompile(`\bxox[abprs]-[A-Za-z0-9-]{10,}`),
		regexp.MustCompile(`\b(?:AKIA|ASIA)[0-9A-Z]{16}\b`),
		regexp.MustCompile(`\bAIza[0-9A-Za-z_-]{35}`),
		regexp.MustCompile(`\b[rs]k_(?:live|test)_[0-9A-Za-z]{16,}`),
		regexp.MustCompile(`\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}`),
	}
	// Secrets named by what comes before them; the name stays and the
	// value goes: "Authorization: Bearer …", PASSWORD=…, "api_key": "…",
	// and the password in a URL such as postgres://ann:…@host.
	namedSecrets = []*regexp.Regexp{
		regexp.MustCompile(`(?i)(\bauthorization["']?\s*[:=]\s*["']?(?:bearer|basic|token)\s+)[^\s"',;]+`),
		regexp.MustCompile(`(?i)(\b[\w.-]*(?:passw(?:or)?d|pwd|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|credentials?)[\w.-]*["']?\s*[:=]\s*["']?)[^\s"',;]{8,}`),
		regexp.MustCompile(`(\b[a-zA-Z][a-zA-Z0-9+.-]*://[^/\s:@]+:)[^/\s@]+(@)`),
	}
)

// redacted replaces a secret.
const redacted = "[redacted]"

// Redact returns text with every secret it can find replaced by
// "[redacted]": each of the known values (ply's API key, say), then
// whatever has a secret's shape or a secret's name. A known value shorter
// than 8 characters is left alone: cutting every "abc" out of a text
// would hide nothing and wreck the rest.
func Redact(text string, known []string) string {
	for _, k := range known {
		if len(k) >= 8 {
			text = strings.ReplaceAll(text, k, redacted)
		}
	}
	for _, re := range secretShapes {
		text = re.ReplaceAllLiteralString(text, redacted)
	}
	for _, re := range namedSecrets {
		text = re.ReplaceAllString(text, "${1}"+redacted+"${2}")
	}
	return text
}

// SecretsFromEnv returns the values of the variables in environ ("NAME=value",
// as os.Environ gives them) whose names say they hold a secret: KEY,
// TOKEN, SECRET, PASSWORD or CREDENTIAL in any case. Export takes them
// out of a session by value, whatever their shape.
func SecretsFromEnv(environ []string) []string {
	var values []string
	for _, kv := range environ {
		name, value, ok := strings.Cut(kv, "=")
		upper := strings.ToUpper(name)
		if !ok || len(value) < 8 {
			continue
		}
		for _, word := range []string{"KEY", "TOKEN", "SECRET", "PASSWORD", "PASSWD", "CREDENTIAL"} {
			if strings.Contains(upper, word) {
				values = append(values, value)
				break
			}
		}
	}
	return values
}
