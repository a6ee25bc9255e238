package tools

import (
	"regexp"
	"strings"
)

// secretWords make a variable secret wherever they stand in its name:
// AWS_SECRET_ACCESS_KEY, SECRET_KEY_BASE, PGPASSWORD, GPG_PASSPHRASE,
// GOOGLE_APPLICATION_CREDENTIALS, SLACK_WEBHOOK_URL. Names are compared
// in upper case.
var secretWords = []string{"SECRET", "PASSWORD", "PASSWD", "PASSPHRASE", "CREDENTIAL", "WEBHOOK"}

// secretEnds make a variable secret when its name ends in one. These
// words also begin ordinary names (KEYBOARD, TOKENS_PER_MINUTE, PWD, the
// working directory), so they count only at the end: OPENAI_API_KEY,
// AWS_ACCESS_KEY_ID, DD_APIKEY, GITHUB_TOKEN, NGROK_AUTHTOKEN, GITHUB_PAT,
// REDISCLI_AUTH, MYSQL_PWD, DOCKER_CREDS, CI_JOB_JWT and
// AZURE_STORAGE_CONNECTION_STRING.
var secretEnds = []string{"_KEY", "_KEY_ID", "APIKEY", "TOKEN", "_PAT", "_AUTH", "_PWD", "_CREDS", "_JWT", "_CONNECTION_STRING"}

// secretValues are the shapes of a value that is a secret whatever its
// variable is called: a URL with a password in it (DATABASE_URL,
// HTTPS_PROXY), a private key, and a signed token (a JSON Web Token,
// whose two first parts are base64 of JSON, so begin with "eyJ").
var secretValues = []*regexp.Regexp{
	regexp.MustCompile(`[A-Za-z][A-Za-z0-9+.-]*://[^\s/@:]*:[^\s/@]+@`),
	regexp.MustCompile(`-----BEGIN [A-Z0-9 ]*PRIVATE KEY`),
	regexp.MustCompile(`\beyJ[A-Za-z0-9_-]+\.eyJ[A-Za-z0-9_-]+\.`),
}

// HoldsSecret reports whether the environment variable called name, set
// to value, holds a secret. It is ply's one rule for which variables are
// secret: a command the model runs never sees them, and nothing ply
// prints of a session shows their values. The name is compared in any
// case, since Windows does and people write github_token too.
//
// It errs on the side of hiding, since a command that misses a variable
// fails where the user sees it, and a leaked key does not. A secret with
// an ordinary name and an ordinary shape (a bare password in MY_DB, say)
// still gets through, and so does one in a file a variable names: this
// is a guard against the obvious, not a sandbox.
func HoldsSecret(name, value string) bool {
	name = strings.ToUpper(name)
	for _, word := range secretWords {
		if strings.Contains(name, word) {
			return true
		}
	}
	for _, end := range secretEnds {
		if strings.HasSuffix(name, end) {
			return true
		}
	}
	for _, shape := range secretValues {
		if shape.MatchString(value) {
			return true
		}
	}
	return false
}

// scrubEnv returns the environment for a command the model runs: environ,
// entries "NAME=value" as os.Environ gives them, without the variables
// that hold secrets. The model could otherwise run "env" and read them,
// and then send them anywhere in its next request. The result is never
// nil, even when nothing is kept: os/exec gives a command whose Env is nil
// the whole of ply's own environment.
//
//lab:exercise 3 Return in a new slice environ, in order, less each "NAME=value" for which HoldsSecret(NAME, value), NAME ending at the first "=". Never nil: exec gives a nil Env all of ply's environment.
func scrubEnv(environ []string) []string {
	kept := make([]string, 0, len(environ))
	for _, entry := range environ {
		name, value, _ := strings.Cut(entry, "=")
		if !HoldsSecret(name, value) {
			kept = append(kept, entry)
		}
	}
	return kept
}
