package tools

import "strings"

// secretSuffixes end the names of the variables a command never sees,
// compared in upper case. They catch OPENAI_API_KEY, the key ply itself
// uses, as well as AWS_SECRET_ACCESS_KEY, GITHUB_TOKEN, NPM_TOKEN and
// their kind. A secret under any other name (DATABASE_URL with a password
// in it, say) still gets through: this is a guard against the obvious,
// not a sandbox.
var secretSuffixes = []string{"_KEY", "_TOKEN", "_SECRET", "_PASSWORD"}

// scrubEnv returns the environment for a command the model runs: environ,
// entries "NAME=value" as os.Environ gives them, without the variables
// that hold secrets. The model could otherwise run "env" and read them,
// and then send them anywhere in its next request. The result is never
// nil, even when nothing is kept: os/exec gives a command whose Env is nil
// the whole of ply's own environment.
func scrubEnv(environ []string) []string {
	kept := make([]string, 0, len(environ))
	for _, entry := range environ {
		name, _, _ := strings.Cut(entry, "=")
		if !isSecret(strings.ToUpper(name)) {
			kept = append(kept, entry)
		}
	}
	return kept
}

// isSecret reports whether a variable of the upper-case name holds a secret.
func isSecret(name string) bool {
	if name == "OPENAI_API_KEY" {
		return true
	}
	for _, suffix := range secretSuffixes {
		if strings.HasSuffix(name, suffix) {
			return true
		}
	}
	return false
}
