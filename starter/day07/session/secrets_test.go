package session

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"ply/day07/llm"
)

// The character sets fake credentials are made of.
const (
	setAlnum  = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
	setLower  = "abcdefghijklmnopqrstuvwxyz0123456789"
	setUpper  = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	setHex    = "0123456789abcdef"
	setB64    = setAlnum + "+/"
	setB64URL = setAlnum + "-_"
	setBech32 = "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"
)

// fake returns n characters of set, the same ones for the same label: the
// shape of a credential, with no credential in it. None of the tests'
// credentials is real; they are made when the tests run, so that no
// scanner mistakes the course's source for a leak.
func fake(label string, n int, set string) string {
	h := fnv.New64a()
	h.Write([]byte(label))
	rng := rand.New(rand.NewPCG(h.Sum64(), uint64(n)))
	b := make([]byte, n)
	for i := range b {
		b[i] = set[rng.IntN(len(set))]
	}
	return string(b)
}

// pemLines cuts s into lines of 64 characters, as PEM writes base64.
func pemLines(s string) string {
	var b strings.Builder
	for len(s) > 64 {
		b.WriteString(s[:64] + "\n")
		s = s[64:]
	}
	return b.String() + s
}

// credential is a secret in the kind of text it hides in. secrets are the
// parts that must not be printed; text holds them.
type credential struct {
	name    string
	text    string
	secrets []string
}

// one is a credential with one secret, written into text at its %s.
func one(name, text, secret string) credential {
	return credential{name, fmt.Sprintf(text, secret), []string{secret}}
}

// credentials returns a table of every class of credential Redact must
// find: private keys of every armour, the clouds', code hosts', package
// registries' and chat services' tokens and webhooks, credentials in
// headers, passwords in assignments, on command lines and in URLs.
func credentials() []credential {
	rsa := fake("rsa", 900, setB64)
	pkcs8 := "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC" + fake("pkcs8", 600, setB64)
	ec := fake("ec", 160, setB64)
	openssh := "b3BlbnNzaC1rZXktdjEAAAAA" + fake("openssh", 300, setB64)
	pgp := "lQOYBGVw" + fake("pgp", 500, setB64)
	ssh2 := "P2/56wAAA" + fake("ssh2", 300, setB64)
	putty := fake("putty", 44, setB64)
	gcpBody := "MIIEvgIBADANBgkqhkiG9w0BAQEFAASC" + fake("gcp", 400, setB64)
	gcpID := fake("gcp-id", 40, setHex)
	awsSecret := fake("aws-secret", 40, setB64)
	awsSession := "IQoJb3JpZ2luX2VjE" + fake("aws-session", 300, setB64)
	azureKey := fake("azure-key", 86, setB64) + "=="
	sas := url.QueryEscape(fake("sas", 43, setB64) + "=")
	npmAuth := base64.StdEncoding.EncodeToString([]byte("ann:" + fake("npm-pw", 12, setAlnum)))
	dockerAuth := base64.StdEncoding.EncodeToString([]byte("ann:dckr_pat_" + fake("docker-auth", 27, setB64URL)))
	basic := base64.StdEncoding.EncodeToString([]byte("ann:hunter2"))
	slackHook := fake("slack-hook", 24, setAlnum)
	discordHook := fake("discord-hook", 68, setB64URL)
	teamsHook := fake("teams-hook", 32, setHex)
	jwt := "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJhbm4iLCJpYXQiOjE3NTcyMzk2MDB9." + fake("jwt", 43, setB64URL)
	return []credential{
		// Private keys.
		one("PEM RSA key", "cat ~/.ssh/id_rsa\n-----BEGIN RSA PRIVATE KEY-----\n%s\n-----END RSA PRIVATE KEY-----\ndone", pemLines(rsa)),
		one("PEM PKCS#8 key", "-----BEGIN PRIVATE KEY-----\n%s\n-----END PRIVATE KEY-----", pemLines(pkcs8)),
		one("PEM EC key", "key.pem:\n-----BEGIN EC PRIVATE KEY-----\n%s\n-----END EC PRIVATE KEY-----\n", pemLines(ec)),
		one("PEM encrypted RSA key", "-----BEGIN RSA PRIVATE KEY-----\nProc-Type: 4,ENCRYPTED\nDEK-Info: AES-128-CBC,"+
			fake("dek", 32, "0123456789ABCDEF")+"\n\n%s\n-----END RSA PRIVATE KEY-----", pemLines(rsa)),
		one("PEM PKCS#8 encrypted key", "-----BEGIN ENCRYPTED PRIVATE KEY-----\r\n%s\r\n-----END ENCRYPTED PRIVATE KEY-----", pemLines(pkcs8)),
		one("OpenSSH key", "-----BEGIN OPENSSH PRIVATE KEY-----\n%s\n-----END OPENSSH PRIVATE KEY-----\n", pemLines(openssh)),
		one("PGP private block", "-----BEGIN PGP PRIVATE KEY BLOCK-----\nComment: ann's key\n\n%s\n=nT7x\n-----END PGP PRIVATE KEY BLOCK-----", pemLines(pgp)),
		one("SSH2 key", "---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----\nComment: \"ann@calc\"\n%s\n---- END SSH2 ENCRYPTED PRIVATE KEY ----", pemLines(ssh2)),
		one("PuTTY key", "PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: ann@calc\nPublic-Lines: 2\nAAAAC3NzaC1lZDI1NTE5AAAAIFVs\n"+
			"Private-Lines: 1\n%s\nPrivate-MAC: "+fake("mac", 64, setHex)+"\n", putty),
		one("a key whose end was cut off", "-----BEGIN OPENSSH PRIVATE KEY-----\n%s\n[… 1200 of 3400 bytes of output cut …]\nthe end", pemLines(openssh)),
		one("a key in JSON", `{"key":"-----BEGIN PRIVATE KEY-----\n%s\n-----END PRIVATE KEY-----\n"}`, strings.ReplaceAll(pemLines(pkcs8), "\n", `\n`)),
		one("age secret key", "# created: 2026-09-07\nAGE-SECRET-KEY-1%s", fake("age", 58, setBech32)),

		// The clouds.
		one("AWS access key id", "[default]\naws_access_key_id = %s", "AKIA"+fake("aws-id", 16, setUpper)),
		one("AWS secret access key", "[default]\naws_secret_access_key = %s\nregion = eu-west-1", awsSecret),
		one("AWS session token", "aws_session_token=%s", awsSession),
		credential{"AWS credentials from sts", `{"Credentials": {"AccessKeyId": "ASIA` + fake("sts-id", 16, setUpper) + `", "SecretAccessKey": "` + awsSecret +
			`", "SessionToken": "` + awsSession + `"}}`, []string{"ASIA" + fake("sts-id", 16, setUpper), awsSecret, awsSession}},
		one("AWS key in the environment", "export AWS_SECRET_ACCESS_KEY=%s", awsSecret),
		credential{"GCP service-account key", `{"type": "service_account", "project_id": "calc-361207", "private_key_id": "` + gcpID +
			`", "private_key": "-----BEGIN PRIVATE KEY-----\n` + strings.ReplaceAll(pemLines(gcpBody), "\n", `\n`) + `\n-----END PRIVATE KEY-----\n", "client_email": "calc@calc-361207.iam.gserviceaccount.com"}`,
			[]string{gcpID, gcpBody[:64], gcpBody[len(gcpBody)-40:]}},
		one("GCP API key", "https://maps.googleapis.com/maps/api/geocode/json?address=Paris&key=%s", "AIza"+fake("gcp-api", 35, setB64URL)),
		one("GCP OAuth client secret", `"client_secret":"%s"`, "GOCSPX-"+fake("gocspx", 28, setB64URL)),
		one("GCP access token", "gcloud auth print-access-token\n%s", "ya29."+fake("ya29", 120, setB64URL)),
		one("Azure storage connection string", "DefaultEndpointsProtocol=https;AccountName=calcstore;AccountKey=%s;EndpointSuffix=core.windows.net", azureKey),
		one("Azure Service Bus connection string", "Endpoint=sb://calc.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=%s",
			fake("servicebus", 43, setB64)+"="),
		one("Azure SAS URL", "https://calcstore.blob.core.windows.net/c/report.csv?sv=2022-11-02&ss=b&srt=o&sp=r&se=2026-09-08T00%%3A00%%3A00Z&spr=https&sig=%s", sas),
		one("Azure Entra ID client secret", "AZURE_CLIENT_ID=4b8f1c2e\nclient secret: %s", fake("entra", 3, setAlnum)+"8Q~"+fake("entra2", 34, setB64URL)),
		one("Azure storage key in the environment", "AZURE_STORAGE_KEY=%s", azureKey),

		// Code hosts.
		one("GitHub classic token", "git remote set-url origin https://%s@github.com/ann/calc", "ghp_"+fake("ghp", 36, setAlnum)),
		one("GitHub OAuth token", "oauth_token: %s", "gho_"+fake("gho", 36, setAlnum)),
		one("GitHub app token", "GITHUB_TOKEN is %s in the job", "ghs_"+fake("ghs", 36, setAlnum)),
		one("GitHub user-to-server token", "%s", "ghu_"+fake("ghu", 36, setAlnum)),
		one("GitHub refresh token", "refresh with %s", "ghr_"+fake("ghr", 36, setAlnum)),
		one("GitHub fine-grained token", "gh auth login --with-token <<< %s", "github_pat_"+fake("pat1", 22, setAlnum)+"_"+fake("pat2", 59, setAlnum)),
		one("GitLab personal token", "curl --header \"PRIVATE-TOKEN: %s\" https://gitlab.example.com/api/v4/projects", "glpat-"+fake("glpat", 20, setB64URL)),
		one("GitLab deploy token", "use %s to pull", "gldt-"+fake("gldt", 20, setB64URL)),
		one("GitLab runner token", "token = \"%s\"", "glrt-"+fake("glrt", 20, setB64URL)),
		one("Bitbucket app password", "app password %s", "ATBB"+fake("atbb", 32, setAlnum)),

		// Package registries.
		one("npm token", "//registry.npmjs.org/:_authToken=%s", "npm_"+fake("npm", 36, setAlnum)),
		one("npm legacy auth", "_auth=%s\nemail=ann@example.com", npmAuth),
		one("PyPI token", "[pypi]\nusername = __token__\npassword = %s", "pypi-AgEIcHlwaS5vcmc"+fake("pypi", 70, setB64URL)),
		one("crates.io token", "[registry]\ntoken = \"%s\"", "cio"+fake("cio", 32, setAlnum)),
		one("crates.io token in prose", "publish with cargo login %s please", "cio"+fake("cio2", 32, setAlnum)),
		one("RubyGems key", "---\n:rubygems_api_key: %s", "rubygems_"+fake("gem", 48, setHex)),
		one("NuGet key", "dotnet nuget push calc.nupkg --api-key %s", "oy2"+fake("nuget", 43, setLower)),
		one("Docker Hub token", "echo %s | docker login -u ann --password-stdin", "dckr_pat_"+fake("dckr", 27, setB64URL)),
		one("Docker config auth", `{"auths":{"https://index.docker.io/v1/":{"auth":"%s"}}}`, dockerAuth),

		// Chat.
		one("Slack bot token", "SLACK_BOT=%s", "xoxb-"+fake("xoxb1", 12, "0123456789")+"-"+fake("xoxb2", 13, "0123456789")+"-"+fake("xoxb3", 24, setAlnum)),
		one("Slack user token", "token %s", "xoxp-"+fake("xoxp1", 12, "0123456789")+"-"+fake("xoxp2", 12, "0123456789")+"-"+fake("xoxp3", 13, "0123456789")+"-"+fake("xoxp4", 32, setHex)),
		one("Slack client token", "xoxc=%s", "xoxc-"+fake("xoxc", 40, setAlnum)),
		one("Slack app token", "%s", "xapp-1-A0"+fake("xapp1", 9, setUpper)+"-"+fake("xapp2", 13, "0123456789")+"-"+fake("xapp3", 64, setHex)),
		one("Slack webhook", "curl -X POST -d '{\"text\":\"done\"}' https://hooks.slack.com/services/T0"+fake("slack-t", 8, setUpper)+"/B0"+fake("slack-b", 8, setUpper)+"/%s", slackHook),
		one("Discord webhook", "https://discord.com/api/webhooks/1287456123098765432/%s", discordHook),
		one("Telegram bot token", "https://api.telegram.org/bot7234567890:%s/getMe", "AA"+fake("telegram", 33, setB64URL)),
		one("Teams webhook", "https://calc.webhook.office.com/webhookb2/8c9d8f0a-1b2c-4d5e-8f9a-0b1c2d3e4f5a@72f988bf-86f1-41af-91ab-2d7cd011db47/IncomingWebhook/%s/0d1e2f3a", teamsHook),

		// Credentials in requests.
		one("bearer header", `curl -H "Authorization: Bearer %s" https://api.example.com`, fake("bearer", 40, setAlnum)),
		one("basic header", "Authorization: Basic %s", basic),
		one("basic header, another name", `{"Proxy-Authorization": "Basic %s"}`, basic),
		one("API key header", "curl -H 'X-Api-Key: %s' https://api.example.com", fake("x-api-key", 32, setHex)),
		one("Azure OpenAI header", "api-key: %s", fake("azure-openai", 32, setHex)),
		one("Anthropic header", `-H "x-api-key: %s"`, "sk-ant-api03-"+fake("anthropic", 93, setB64URL)+"AA"),
		one("Vault token header", "X-Vault-Token: %s", "hvs."+fake("vault", 90, setB64URL)),
		one("auth token header", `headers = {"X-Auth-Token": "%s"}`, fake("x-auth", 32, setHex)),
		one("cookie", "Cookie: _calc_session=%s; theme=dark", fake("cookie", 48, setHex)),
		one("GitHub token scheme", "Authorization: token %s", "ghp_"+fake("ghp-scheme", 36, setAlnum)),
		one("JSON Web Token in JSON", `{"headers": {"Authorization": "Bearer %s"}}`, jwt),

		// Passwords in assignments, short ones too.
		one("short password", "password=%s", "hunter2"),
		one("very short password", "DB_PASSWORD=%s\nDB_HOST=db", "7Qx"),
		one("password in JSON", `{"user":"ann","password":"%s"}`, "x1"),
		one("a password's hash that starts with $", "DB_PASSWORD=%s", "$2a$10$N9qo8uLOickgx2ZMRZoMye"),
		one("PASS in a .env", "SMTP_USER=ann\nSMTP_PASS=%s", "abc"),
		one("passwd in YAML", "db:\n  passwd: %s\n  host: db", "s3cr3t"),
		one("client secret", `client_secret = "%s"`, fake("client-secret", 40, setAlnum)),
		one("Java property", "spring.datasource.password=%s", "springpw"),
		one("SQL Server connection string", "Server=db;Database=calc;User Id=sa;Password=%s;", "Sup3r!pw"),
		one("SQL Server short form", "Server=db;Uid=sa;Pwd=%s;", "pwdpw"),
		one("XML", "<settings><password>%s</password></settings>", "xmlpw"),
		one("SQL", "CREATE USER ann IDENTIFIED BY '%s';", "sqlpw"),
		one("JSON in a JSON string", `{"command":"echo '{\"password\":\"%s\"}' > c.json"}`, "jsonpw"),
		one("Django secret key", "SECRET_KEY='%s'", "django-insecure-"+fake("django", 50, setLower)),
		one("PHP array", "'password' => '%s',", "phppw"),
		one("Go code with a password in it", `db.Connect("ann", "")`+"\n"+`password := "%s"`, "gopw1234"),

		// Passwords on command lines.
		one("mysql -p", "mysql -u root -p%s calc", "MyPw123"),
		one("mysqldump -p, quoted", "mysqldump -u root -p'%s' calc > dump.sql", "quoted pw"),
		one("--password=", "mysqldump --password=%s calc", "dumpPw"),
		one("--password and a space", "pg_dump --password %s calc", "pgdumppw"),
		one("sshpass", "sshpass -p %s ssh ann@calc", "sshpw"),
		one("docker login -p", "docker login -u ann -p %s", "dockerpw"),
		one("curl -u", "curl -u ann:%s https://api.example.com", "curlpw"),
		one("redis-cli -a", "redis-cli -h cache -a %s ping", "redispw"),
		one("openssl pass:", "openssl rsa -in key.pem -passin pass:%s -out plain.pem", "opensslpw"),
		credential{"keytool", "keytool -importkeystore -srcstorepass srcpw1 -deststorepass destpw2", []string{"srcpw1", "destpw2"}},
		one("smbclient", "smbclient //srv/share -U ann%%%s", "smbpw"),
		one("ldapsearch", "ldapsearch -x -D cn=admin,dc=calc -w %s -b dc=calc", "ldappw"),
		one("a token option", "ply-release --token=%s", "tok"+fake("tok", 12, setAlnum)),

		// Passwords in URLs.
		one("URL", "git clone https://ann:%s@git.example.com/calc.git", "urlpw"),
		one("Redis URL without a user", "REDIS=redis://:%s@cache:6379/0", "redispw2"),
		one("AMQP URL", "amqp://guest:%s@rabbit:5672/", "guestpw"),
		one("URL in JSON", `{"url":"https:\/\/ann:%s@host\/x"}`, "jsonurlpw"),

		// Files of credentials.
		one(".netrc", "machine github.com\n  login ann\n  password %s", fake("netrc", 36, setHex)),
		one(".pgpass", "db.example.com:5432:calc:ann:%s", "pgpassw0rd"),
		one("JSON Web Key", `{"kty":"EC","crv":"P-256","x":"`+fake("jwk-x", 43, setB64URL)+`","d":"%s"}`, fake("jwk-d", 43, setB64URL)),
		one("DER key on one line", "key=%s", "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC"+fake("der", 200, setB64)),
		one("Kubernetes secret", "kind: Secret\ndata:\n  db-pass: %s\n", base64.StdEncoding.EncodeToString([]byte("k8spw"))),
		one("AWS CLI table", "|  SecretAccessKey |  %s  |", awsSecret),
		one("basic header in a URL", "https://x/?h=Authorization%%3A%%20Basic%%20%s", url.QueryEscape(basic)),

		// Services whose keys name themselves.
		one("OpenAI key", "OPENAI_KEY=%s", "sk-proj-"+fake("openai", 48, setB64URL)),
		one("Stripe key", "Stripe.api_key = %s", "sk_live_"+fake("stripe", 24, setAlnum)),
		one("Hugging Face token", "huggingface-cli login --token %s", "hf_"+fake("hf", 34, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")),
		one("SendGrid key", "%s", "SG."+fake("sg1", 22, setB64URL)+"."+fake("sg2", 43, setB64URL)),
		one("JSON Web Token", "cookie: jwt=%s", jwt),
		one("DigitalOcean token", "doctl auth init -t %s", "dop_v1_"+fake("do", 64, setHex)),
		one("Shopify token", "%s", "shpat_"+fake("shopify", 32, setHex)),
		one("Mailgun key", "api:%s", "key-"+fake("mailgun", 32, setHex)),
		one("Bedrock key", "AWS_BEARER_TOKEN_BEDROCK=%s", "ABSK"+fake("bedrock", 130, setB64)),
	}
}

func TestRedactFindsEveryClass(t *testing.T) {
	red := NewRedactor(nil)
	for _, c := range credentials() {
		t.Run(c.name, func(t *testing.T) {
			got := red.Redact(c.text)
			for _, s := range c.secrets {
				if strings.Contains(got, s) {
					t.Errorf("Redact(%q) = %q; %q is still there", c.text, got, s)
				}
			}
			if !strings.Contains(got, Redacted) {
				t.Errorf("Redact(%q) = %q, with no %s in it", c.text, got, Redacted)
			}
		})
	}
}

// lookAlikes are texts that look like secrets, or speak of them, and are
// not: each must come out of Redact as it went in.
var lookAlikes = []string{
	"commit 3f5e2a1c9b0d4e6f7a8b9c0d1e2f3a4b5c6d7e8f",
	"session 7c9e6679-7425-40de-944b-e07fc1f90ae7 began",
	"Reset the password, then log in again: a password of at least 12 characters.",
	"the token is sent in a header; keep your key safe",
	"--- PASS: TestDivide (0.00s)",
	"--- FAIL: TestPassword/short (0.00s)",
	"PASS\nok  \tcalc\t0.003s",
	`{"input_tokens":1830,"output_tokens":96,"total_tokens":1926}`,
	`{"max_tokens": 4096, "token_type": "bearer"}`,
	"func Divide(a, b int) (int, error) {",
	`password := os.Getenv("DB_PASSWORD")`,
	"DB_PASSWORD=${DB_PASSWORD}",
	"export API_KEY=$API_KEY",
	`password = getpass.getpass()`,
	`api_key = os.environ["OPENAI_API_KEY"]`,
	"def login(user, password: str) -> bool:",
	"for _, cookie := range c.Jar.Cookies(u) {",
	"cookie: slices.Clone(m.cookie),",
	`"Authorization": req.Header["Proxy-Authorization"],`,
	"hs.masterSecret = hs.session.secret",
	`t.Errorf("secret = %x, want %x", got, want)`,
	"extendedMasterSecret: true,",
	"if password == \"\" {",
	"see https://go.dev/doc/effective_go and ssh://git@github.com/ann/calc.git",
	"Bearer authentication is simple; Basic authentication sends the password.",
	"docker run -u 1000:1000 -p 8080:80 calc",
	"mkdir -p build && ssh -p 2222 ann@calc && git log -p -3",
	"PWD=/home/ann/calc\nOLDPWD=/home/ann\nKEYBOARD=us\nSSH_AUTH_SOCK=/run/user/1000/ssh-agent",
	"sha256:9b2c3a8f5e1d4c7b6a0f9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2f1e0d9c8b",
	"psql --no-password -h db calc",
	"docker login --password-stdin < pw.txt",
	"The private key stays on your machine; the public key goes to the server.",
	"[redacted] stays [redacted]",
	"| name | type |\n| password | string |",
	"we keep a login page; the password field is hidden",
	`{"kty":"RSA","n":"0vx7agoebGcQSuuPiLJXZpt","e":"AQAB"}`,
}

func TestRedactLeavesLookAlikes(t *testing.T) {
	red := NewRedactor([]string{"SHORT_TOKEN=abc", "PATH=/usr/bin"})
	for _, text := range lookAlikes {
		if got := red.Redact(text); got != text {
			t.Errorf("Redact(%q) = %q; want it unchanged", text, got)
		}
	}
}

func TestRedactKeepsTheName(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"PASSWORD=hunter2hunter2", "PASSWORD=" + Redacted},
		{`{"password": "x1", "user": "ann"}`, `{"password": "` + Redacted + `", "user": "ann"}`},
		{"postgres://ann:pw@db/calc", "postgres://ann:" + Redacted + "@db/calc"},
		{"https://hooks.slack.com/services/T0AAAAAAA/B0BBBBBBB/abcdefghijklmnopqrstuvwx", "https://hooks.slack.com/services/" + Redacted},
	} {
		if got := NewRedactor(nil).Redact(tt.in); got != tt.want {
			t.Errorf("Redact(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// secretEnv is an environment with secrets whose values have no shape a
// pattern knows, and the characters that escaping changes.
var secretEnv = []string{
	"PATH=/usr/bin",
	"OPENAI_API_KEY=sk-ply-Zx9/q+Lm=",
	`PLY_DB_PASSWORD=p@ss/w"rd+x'y z#1`,
	"MY_SERVICE_TOKEN=Qm9vbGVhbiBvcmRlcg",
	"ODD_VALUE_PWD=plainword",
}

// printedAs returns the ways a program may print value: as env prints it
// and as it is escaped in JSON, in Go, in a shell, in a URL and in base64,
// alone and in a basic credential.
func printedAs(name, value string) []string {
	j, _ := json.Marshal(value)
	single := "'" + strings.ReplaceAll(value, "'", `'\''`) + "'"
	return []string{
		name + "=" + value,
		`{"` + name + `":` + string(j) + `}`,
		"const key = " + strconv.Quote(value),
		"export " + name + "=" + single,
		"curl 'https://api.example.com/x?k=" + url.QueryEscape(value) + "&page=2'",
		"GET /v1/" + url.PathEscape(value) + "/items",
		"echo " + base64.StdEncoding.EncodeToString([]byte(value)) + " | base64 -d",
		"the header was " + base64.StdEncoding.EncodeToString([]byte("ann:"+value)) + " in the log",
		"or " + base64.URLEncoding.EncodeToString([]byte("calc-bot:"+value)),
	}
}

func TestRedactTheEnvironmentsSecrets(t *testing.T) {
	red := NewRedactor(secretEnv)
	for _, entry := range secretEnv[1:] {
		name, value, _ := strings.Cut(entry, "=")
		for _, text := range printedAs(name, value) {
			got := red.Redact(text)
			if strings.Contains(got, value) || !strings.Contains(got, Redacted) {
				t.Errorf("Redact(%q) = %q; %s's value is still there", text, got, name)
			}
			for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.URLEncoding} {
				for _, core := range base64Cores(enc, value) {
					if strings.Contains(got, core) {
						t.Errorf("Redact(%q) = %q; the base64 of %s's value is still there", text, got, name)
					}
				}
			}
		}
	}
	if got := red.Redact("PATH=/usr/bin"); got != "PATH=/usr/bin" {
		t.Errorf("Redact(PATH=/usr/bin) = %q; PATH is no secret", got)
	}
}

func TestRedactIsIdempotent(t *testing.T) {
	red := NewRedactor(secretEnv)
	var texts []string
	for _, c := range credentials() {
		texts = append(texts, c.text)
	}
	texts = append(texts, lookAlikes...)
	for _, text := range texts {
		once := red.Redact(text)
		if twice := red.Redact(once); twice != once {
			t.Errorf("Redact(Redact(%q)) = %q, want %q", text, twice, once)
		}
	}
}

func TestNilRedactorRedactsNothing(t *testing.T) {
	var red *Redactor
	text := credentials()[0].text
	if got := red.Redact(text); got != text {
		t.Errorf("a nil Redactor changed %q into %q", text, got)
	}
}

// FuzzRedact checks that Redact never panics and leaves what it returns as
// it is, whatever the text.
func FuzzRedact(f *testing.F) {
	for _, c := range credentials() {
		f.Add(c.text)
	}
	for _, text := range lookAlikes {
		f.Add(text)
	}
	red := NewRedactor(secretEnv)
	f.Fuzz(func(t *testing.T, text string) {
		once := red.Redact(text)
		if twice := red.Redact(once); twice != once {
			t.Errorf("Redact(Redact(%q)) = %q, want %q", text, twice, once)
		}
	})
}

// FuzzRedactAnywhere checks that a secret value of the environment, put
// anywhere in any text, is taken out, whatever stands around it: the
// value is known, so no neighbour may hide it.
func FuzzRedactAnywhere(f *testing.F) {
	for _, text := range lookAlikes {
		f.Add(text, uint(len(text)/2))
	}
	f.Add("export X=", uint(9))
	f.Add(`{"command":"echo \\"}`, uint(16))
	red := NewRedactor(secretEnv)
	var values []string
	for _, kv := range secretEnv {
		if name, value, _ := strings.Cut(kv, "="); name != "PATH" {
			values = append(values, value)
		}
	}
	f.Fuzz(func(t *testing.T, text string, at uint) {
		cut := int(at % uint(len(text)+1))
		for _, value := range values {
			around := text[:cut] + value + text[cut:]
			if out := red.Redact(around); strings.Contains(out, value) {
				t.Errorf("Redact(%q) = %q, which still holds the secret %q", around, out, value)
			}
		}
	})
}

// sessionOfSecrets writes a session in s that holds every credential of
// the table, and every secret of secretEnv in every form printedAs gives,
// in each place an event has text: the user's message, the assistant's,
// a call's arguments (escaped as JSON), its result, a summary, an error
// and the grants. It returns the session's id and the secrets.
func sessionOfSecrets(t *testing.T, s Store) (string, []string) {
	l := create(t, s)
	var secrets []string
	add := func(i int, text string) {
		id := "call_" + strconv.Itoa(i)
		args, _ := json.Marshal(map[string]string{"command": "echo " + text})
		mustAppend(t, l, user("please use "+text))
		mustAppend(t, l, Message{Message: llm.Message{Role: llm.RoleAssistant, Content: text + " is what you gave",
			ToolCalls: []llm.ToolCall{{ID: id, Name: "run_command", Arguments: string(args)}}}})
		mustAppend(t, l, result(id, "the command printed\n"+text))
	}
	for i, c := range credentials() {
		add(i, c.text)
		secrets = append(secrets, c.secrets...)
	}
	for i, entry := range secretEnv[1:] {
		name, value, _ := strings.Cut(entry, "=")
		for j, text := range printedAs(name, value) {
			add(1000+10*i+j, text)
		}
		secrets = append(secrets, value)
	}
	mustAppend(t, l, Compact{Summary: "the user's key is " + credentials()[0].text})
	mustAppend(t, l, Failure{Message: "401: " + credentials()[1].text})
	mustAppend(t, l, Grants{Grants: []string{"curl -H 'Authorization: Bearer " + fake("grant", 40, setAlnum) + "'"}})
	secrets = append(secrets, fake("grant", 40, setAlnum))
	l.Close()
	return l.ID(), secrets
}

// TestNothingPrintedHoldsASecret checks the three ways ply prints a
// session, export, log and search, against a session full of secrets.
func TestNothingPrintedHoldsASecret(t *testing.T) {
	s := newTestStore(t)
	id, secrets := sessionOfSecrets(t, s)
	red := NewRedactor(secretEnv)
	printed := map[string]string{}

	r, err := s.Open(id)
	if err != nil {
		t.Fatal(err)
	}
	var md strings.Builder
	if err := Export(&md, id, r, red); err != nil {
		t.Fatal(err)
	}
	r.Close()
	printed["the export"] = md.String()

	r, _ = s.Open(id)
	var log strings.Builder
	for r.Next() {
		fmt.Fprintln(&log, red.Describe(r.Event()))
	}
	r.Close()
	printed["the log"] = log.String()

	var hits strings.Builder
	for _, text := range append([]string{"please use", "the command printed", "is what you gave", "echo"}, secrets...) {
		err := s.Search(text, "", red, func(h Hit) { fmt.Fprintln(&hits, h.Excerpt) })
		if err != nil {
			t.Fatal(err)
		}
	}
	printed["the search"] = hits.String()

	for what, out := range printed {
		if !strings.Contains(out, Redacted) {
			t.Errorf("%s shows no %s", what, Redacted)
		}
		for _, secret := range secrets {
			if strings.Contains(out, secret) {
				t.Errorf("%s shows the secret %q", what, secret)
			}
		}
	}
}

// TestRedactedPreviewIsThePreview checks that a preview redacted from the
// head of a text is the preview of the whole text redacted, for texts of
// every length and spacing, with no secret and with one where it shows:
// redacting only the head hides no less.
func TestRedactedPreviewIsThePreview(t *testing.T) {
	red, raw := NewRedactor(secretEnv), (*Redactor)(nil)
	token := "ghp_" + fake("preview", 36, setAlnum)
	long := strings.Repeat("é 日本 word\t\n  ", 2000)
	for _, text := range []string{
		"", "short", "  leading and trailing  ", long, long[:5001], strings.Repeat(" ", 9000) + "late",
		"my token is " + token + long, long[:100] + token + long[:100],
		strings.Repeat("x", 70) + token,
		"-----BEGIN OPENSSH PRIVATE KEY-----\n" + pemLines(fake("preview-key", 9000, setB64)),
	} {
		for _, n := range []int{1, 40, 60, 70} {
			got, want := red.Preview(text, n), raw.Preview(red.Redact(text), n)
			// A secret cut at the head's end goes on beyond it: the
			// preview says there is more, where the whole text's
			// redaction swallowed the rest in one marker.
			if got != want && !(got == want+"…" && strings.HasSuffix(want, Redacted)) {
				t.Errorf("the redacted preview of %.40q… in %d = %q, want %q", text, n, got, want)
			}
		}
	}
}

// TestShortKnownValues checks where the environment's secrets stop being
// taken out wherever they appear: a value of six characters is, one of
// five is only where a shape finds it.
func TestShortKnownValues(t *testing.T) {
	red := NewRedactor([]string{"A_TOKEN=sixsix", "B_TOKEN=five5"})
	if got := red.Redact("it was sixsix"); got != "it was "+Redacted {
		t.Errorf("Redact = %q; a secret value of six characters is still there", got)
	}
	if got := red.Redact("it was five5"); got != "it was five5" {
		t.Errorf("Redact = %q; a secret value of five characters was taken out of prose", got)
	}
	if got := red.Redact("B_TOKEN=five5"); got != "B_TOKEN="+Redacted {
		t.Errorf("Redact = %q; a value of five characters assigned to a secret's name is still there", got)
	}
}
