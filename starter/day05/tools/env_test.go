package tools

import (
	"slices"
	"testing"
)

func TestHoldsSecret(t *testing.T) {
	tests := []struct {
		name, value string
		want        bool
	}{
		{"OPENAI_API_KEY", "sk-123", true},
		{"AWS_ACCESS_KEY_ID", "AKIAIOSFODNN7EXAMPLE", true},
		{"AWS_SECRET_ACCESS_KEY", "x", true},
		{"AWS_SESSION_TOKEN", "x", true},
		{"GITHUB_TOKEN", "x", true},
		{"GH_TOKEN", "x", true},
		{"NGROK_AUTHTOKEN", "x", true},
		{"GITLAB_PAT", "x", true},
		{"NPM_CONFIG__AUTH", "x", true},
		{"REDISCLI_AUTH", "x", true},
		{"DD_APIKEY", "x", true},
		{"SECRET_KEY_BASE", "x", true},
		{"CLIENT_SECRET", "x", true},
		{"PGPASSWORD", "x", true},
		{"MYSQL_ROOT_PASSWORD", "x", true},
		{"MYSQL_PWD", "x", true},
		{"SMB_PASSWD", "x", true},
		{"GPG_PASSPHRASE", "x", true},
		{"GOOGLE_APPLICATION_CREDENTIALS", "/home/ann/sa.json", true},
		{"DOCKER_CREDS", "x", true},
		{"CI_JOB_JWT", "x", true},
		{"SLACK_WEBHOOK_URL", "https://hooks.slack.com/services/T0/B0/x", true},
		{"AZURE_STORAGE_CONNECTION_STRING", "DefaultEndpointsProtocol=https;AccountKey=x", true},
		{"github_token", "x", true},
		{"Db_Password", "x", true},
		{"DATABASE_URL", "postgres://ann:pw@db.example.com/calc", true},
		{"HTTPS_PROXY", "http://ann:pw@proxy:3128", true},
		{"REDIS_URL", "redis://:pw@cache:6379", true},
		{"DEPLOY", "-----BEGIN OPENSSH PRIVATE KEY-----\nb3Bl\n-----END OPENSSH PRIVATE KEY-----", true},
		{"CI_JOB_JWT_V2", "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJjaSJ9.c2ln", true},
		{"PATH", "/usr/bin:/bin", false},
		{"HOME", "/home/ann", false},
		{"PWD", "/home/ann/calc", false},
		{"OLDPWD", "/home/ann", false},
		{"KEYBOARD", "us", false},
		{"MONKEY", "1", false},
		{"TOKENS_PER_MINUTE", "90", false},
		{"SSH_AUTH_SOCK", "/run/user/1000/ssh-agent", false},
		{"AWS_REGION", "eu-west-1", false},
		{"GOPRIVATE", "example.com/*", false},
		{"DATABASE_URL", "postgres://ann@db.example.com/calc", false},
		{"GIT_URL", "ssh://git@github.com/ann/calc", false},
		{"PROXY", "http://proxy:3128/", false},
		{"NOTE", "MY_TOKEN", false},
		{"", "C:=C:\\work", false},
	}
	for _, tt := range tests {
		if got := HoldsSecret(tt.name, tt.value); got != tt.want {
			t.Errorf("HoldsSecret(%q, %q) = %v, want %v", tt.name, tt.value, got, tt.want)
		}
	}
}

func TestScrubEnv(t *testing.T) {
	tests := []struct {
		name    string
		environ []string
		want    []string
	}{
		{"ordinary variables stay in order",
			[]string{"PATH=/usr/bin", "HOME=/home/ann", "GOFLAGS=-mod=mod", "LANG=C.UTF-8"},
			[]string{"PATH=/usr/bin", "HOME=/home/ann", "GOFLAGS=-mod=mod", "LANG=C.UTF-8"}},
		{"ply's own key goes", []string{"PATH=/usr/bin", "OPENAI_API_KEY=sk-123"}, []string{"PATH=/usr/bin"}},
		{"every kind of name goes",
			[]string{"AWS_SECRET_ACCESS_KEY=a", "GITHUB_TOKEN=b", "CLIENT_SECRET=c", "DB_PASSWORD=d", "KEEP=e"},
			[]string{"KEEP=e"}},
		{"in any case", []string{"github_token=a", "Db_Password=b", "keep=c"}, []string{"keep=c"}},
		{"a key that ends in =", []string{"OPENAI_API_KEY=c2stMTIz=", "X_TOKEN=abc==", "KEEP=x=y"}, []string{"KEEP=x=y"}},
		{"a password in a value goes",
			[]string{"DATABASE_URL=postgres://ann:pw@db/calc", "CACHE=redis://cache:6379"},
			[]string{"CACHE=redis://cache:6379"}},
		{"a value is all after the first =", []string{"DATABASE_URL=postgres://ann:p=w@db/calc", "OPTS=a=b=c"}, []string{"OPTS=a=b=c"}},
		{"a value that looks like a secret's name stays", []string{"NOTE=MY_TOKEN", "KEEP=_KEY"}, []string{"NOTE=MY_TOKEN", "KEEP=_KEY"}},
		{"names that only hold the words stay", []string{"KEYBOARD=us", "MONKEY=1", "TOKENS_PER_MINUTE=90", "PWD=/home/ann"},
			[]string{"KEYBOARD=us", "MONKEY=1", "TOKENS_PER_MINUTE=90", "PWD=/home/ann"}},
		{"Windows' entries for drives stay", []string{"=C:=C:\\work", "=ExitCode=00000000"}, []string{"=C:=C:\\work", "=ExitCode=00000000"}},
		{"an entry without =", []string{"ODD", "ODD_TOKEN"}, []string{"ODD"}},
		{"nothing kept is not nil", []string{"A_TOKEN=1", "OPENAI_API_KEY=2"}, []string{}},
		{"nothing at all", []string{}, []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			environ := slices.Clone(tt.environ)
			got := scrubEnv(environ)
			if !slices.Equal(got, tt.want) || got == nil {
				t.Errorf("scrubEnv(%q) = %#v, want %#v (see day04's exercise 3)", tt.environ, got, tt.want)
			}
			if !slices.Equal(environ, tt.environ) {
				t.Errorf("scrubEnv(%q) changed the slice it was given to %q: the caller's environment is not its to change (see day04's exercise 3)", tt.environ, environ)
			}
		})
	}
}
