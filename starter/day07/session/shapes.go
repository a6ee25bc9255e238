package session

import (
	"encoding/base64"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"ply/day07/tools"
)

// A shape is one way a secret shows in text. It begins with one of its
// words, in any case, or back bytes before it, and before says what must
// come before the word, if anything. re, anchored, matches from there; each
// of its capturing groups that matched is a secret, and the text around it
// stays. A pattern is tried only where its words are (see
// Redactor.once): that is what makes a hundred of them cheap. check,
// when set, says whether what re found really is a secret, given the
// secret and the match around it: what comes before the secret, from
// the start of the name it may follow, and what comes after.
type shape struct {
	words  []string // in lower case, two bytes or more
	back   int
	before func(text string, at int) bool
	re     *regexp.Regexp
	check  func(before, secret, after string) bool
}

// starts is the shape of a secret that begins with one of words, such as
// ghp_ or AKIA.
func starts(re string, words ...string) shape {
	return shape{words: words, re: anchored(re)}
}

// follows is the shape of a secret that words lead to, as password leads
// to the hunter2 of password=hunter2, where before allows it.
func follows(before func(string, int) bool, re string, check func(before, secret, after string) bool, words ...string) shape {
	return shape{words: words, before: before, re: anchored(re), check: check}
}

// anchored compiles re to match only where it is tried.
func anchored(re string) *regexp.Regexp { return regexp.MustCompile(`^(?:` + re + `)`) }

// shapes are the formats secrets come in, after the rulesets of the
// secret scanners (gitleaks, trufflehog): secrets that name themselves by
// a prefix their issuer gives every token, then secrets named by what
// comes before them. They are compiled once and never changed. The lower
// bounds on lengths are under the real ones, so that a token cut short in
// a preview is still found. A pattern that could run past the end of the
// window Redact tries it on matches up to that end ($), so that the
// window grows.
var shapes = []shape{
	// Private keys, of every armour: PEM of every kind (PKCS#1 and #8, EC,
	// DSA, OpenSSH, encrypted) and PGP's private blocks, to their end, or
	// as far as the key's characters go when the end was cut off; SSH2's
	// four-dash armour; PuTTY's private lines; age's secret keys.
	starts(`-{4,5} ?BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)? ?-{4,5}((?:\\[rn]|\s)*(?:[A-Za-z0-9-]+: [^\r\n\\]*(?:\\[rn]|\s)+)*`+
		`[A-Za-z0-9+/=\s\\]*)(?:-{4,5} ?END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)? ?-{4,5})?`, "-----begin ", "---- begin "),
	starts(`Private-Lines: *\d+((?:\\[rn]|\s)+[A-Za-z0-9+/=\s\\]*)`, "private-lines:"),
	starts(`(AGE-SECRET-KEY-1[0-9A-Z]{20,})`, "age-secret-key-1"),

	// The clouds: AWS access key ids; Google's API keys, OAuth client
	// secrets and access and refresh tokens; Azure's account and shared
	// access keys in connection strings, the signature of a SAS URL, and
	// Entra ID client secrets (three characters, a digit, "Q~").
	starts(`((?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16})`, "akia", "asia", "abia", "acca"),
	starts(`(AIza[0-9A-Za-z_-]{30,}|GOCSPX-[0-9A-Za-z_-]{20,}|ya29\.[0-9A-Za-z_-]{20,}|1//0[0-9A-Za-z_-]{30,})`, "aiza", "gocspx-", "ya29.", "1//0"),
	starts(`(?i)(?:AccountKey|SharedAccessKey|SharedSecretValue|SharedAccessSignature)=([^;"'\s]+)`,
		"accountkey=", "sharedaccesskey=", "sharedsecretvalue=", "sharedaccesssignature="),
	follows(inQuery, `sig=([A-Za-z0-9%+/=_-]{16,})`, nil, "sig="),
	{words: []string{"q~"}, back: 4, re: anchored(`([A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.-]{31,34})`)},

	// Code hosts: GitHub's tokens of every kind, GitLab's, Bitbucket's and
	// Atlassian's.
	starts(`(gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})`, "ghp_", "gho_", "ghs_", "ghu_", "ghr_", "github_pat_"),
	starts(`(gl(?:pat|dt|rt|ptt|soat|cbt|oas|ft|imt|agent|ffct)-[A-Za-z0-9_.-]{20,}|GR1348941[A-Za-z0-9_-]{20,})`,
		"glpat-", "gldt-", "glrt-", "glptt-", "glsoat-", "glcbt-", "gloas-", "glft-", "glimt-", "glagent-", "glffct-", "gr1348941"),
	starts(`(ATBB[A-Za-z0-9_=.-]{24,}|ATATT3[A-Za-z0-9_=-]{60,})`, "atbb", "atatt3"),

	// Package registries: npm, PyPI, crates.io, RubyGems, NuGet, Docker
	// Hub, Artifactory, Clojars, Terraform Cloud.
	starts(`(npm_[A-Za-z0-9]{30,}|pypi-AgE[A-Za-z0-9_-]{40,}|rubygems_[a-f0-9]{40,}|dckr_(?:pat|oat)_[A-Za-z0-9_-]{20,}|AKCp[A-Za-z0-9]{60,}|(?i:clojars_)[a-z0-9]{50,})`,
		"npm_", "pypi-age", "rubygems_", "dckr_", "akcp", "clojars_"),
	follows(atEdge, `(cio[A-Za-z0-9]{32}|oy2[a-z0-9]{43})\b`, nil, "cio", "oy2"),
	{words: []string{".atlasv1."}, back: 14, re: anchored(`([a-z0-9]{14}\.atlasv1\.[A-Za-z0-9_=-]{50,})`)},

	// Chat: Slack's tokens and webhooks, Discord's webhooks, Telegram's
	// bot tokens (their secret half), Microsoft Teams' and Zapier's
	// webhooks. A webhook's host stays, so that the reader knows what it
	// was.
	starts(`(xox[abcdeoprs]-[A-Za-z0-9-]{10,}|xapp-\d-[A-Za-z0-9-]{10,})`, "xoxa-", "xoxb-", "xoxc-", "xoxd-", "xoxe", "xoxo-", "xoxp-", "xoxr-", "xoxs-", "xapp-"),
	starts(`(?:hooks\.slack\.com/(?:services|workflows|triggers)/|discord(?:app)?\.com/api/webhooks/|\.webhook\.office\.com/webhookb2/|hooks\.zapier\.com/hooks/catch/)([A-Za-z0-9@/_+-]{8,})`,
		"hooks.slack.com/", "discord.com/api/webhooks/", "discordapp.com/api/webhooks/", ".webhook.office.com/", "hooks.zapier.com/"),
	follows(afterDigits, `:(AA[A-Za-z0-9_-]{30,})`, nil, ":aa"),

	// Services whose keys say whose they are: OpenAI, Anthropic and the
	// others that begin with sk-, Stripe, Hugging Face, Groq, xAI,
	// Perplexity, Replicate, SendGrid, Mailgun, Shopify, Vault,
	// Databricks, DigitalOcean, Linear, Postman, Doppler, Grafana, Sentry,
	// New Relic, Pulumi, Fly.io, Supabase, Heroku; and JSON Web Tokens.
	follows(atEdge, `(sk-[A-Za-z0-9_-]{20,}|[rs]k_(?:live|test|prod)_[A-Za-z0-9]{10,}|whsec_[A-Za-z0-9]{20,}|hf_[A-Za-z]{30,}|gsk_[A-Za-z0-9]{40,}|`+
		`xai-[A-Za-z0-9]{40,}|pplx-[A-Za-z0-9]{40,}|r8_[A-Za-z0-9]{30,})`, nil,
		"sk-", "sk_live_", "sk_test_", "sk_prod_", "rk_live_", "rk_test_", "rk_prod_", "whsec_", "hf_", "gsk_", "xai-", "pplx-", "r8_"),
	starts(`(SG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{20,}|key-[0-9a-f]{32}|shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}|hv[sbr]\.[A-Za-z0-9_-]{20,}|`+
		`dapi[a-f0-9]{32}|do[opr]_v1_[a-f0-9]{64}|lin_api_[A-Za-z0-9]{40}|PMAK-[a-f0-9]{24}-[a-f0-9]{34}|dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,}|`+
		`gl(?:c|sa)_[A-Za-z0-9+/_=]{32,}|sntr[ysu]s?_[A-Za-z0-9+/=_]{30,}|NRA[KI]-[A-Z0-9]{27,}|pul-[a-f0-9]{40}|fo1_[A-Za-z0-9_-]{40,}|sbp_[a-f0-9]{40}|HRKU-AA[0-9A-Za-z_-]{50,}|ABSK[A-Za-z0-9+/]{100,}={0,2})`,
		"sg.", "key-", "shpat_", "shpca_", "shppa_", "shpss_", "hvs.", "hvb.", "hvr.", "dapi", "doo_v1_", "dop_v1_", "dor_v1_", "lin_api_", "pmak-", "dp.",
		"glc_", "glsa_", "sntr", "nrak-", "nrai-", "pul-", "fo1_", "sbp_", "hrku-aa", "absk"),
	starts(`(eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*)`, "eyj"),

	// Credentials in a request: a bearer token or the like after its
	// scheme, a basic one (base64 of user:password), the value of every
	// header that carries one (Authorization in any spelling, X-API-Key,
	// Private-Token, X-Vault-Token, X-Amz-Security-Token, cookies), and
	// the password of a URL such as postgres://ann:…@db.
	follows(nil, `(?i)(?:bearer|token)\s+([A-Za-z0-9._~+/-]{12,}=*)`, looksRandom, "bearer", "token"),
	follows(nil, `(?i)basic(?:\s+|%20|\+)([A-Za-z0-9+/]{6,}(?:(?:%3D){1,2}|={0,2}))`, isUserPassword, "basic"),
	follows(nil, `(?i)(?:authorization|api-?key|auth-?token|access-?token|session-?token|security-token|private-token|-token|cookie)["']?\s*:\s*["']?`+
		`([^\s"'\\=\[{(&*%`+"`"+`][^\r\n"'\\]*)`, isHeaderValue,
		"authorization", "apikey", "api-key", "authtoken", "auth-token", "accesstoken", "access-token", "sessiontoken", "session-token",
		"security-token", "private-token", "-token", "cookie"),
	starts(`:\\*/\\*/[^/\s:@"'\\]*:([^/\s@"'\\]+)(?:@|$)`, "://", `:\/\/`, `:\\/\\/`),

	// Passwords on a command line: an option named for a secret (--password
	// x, --token=x, -storepass x), curl's -u user:password, the -p glued to
	// its password of the MySQL tools, and the tools whose -p, -a, -P or -w
	// takes one.
	follows(inOption, `(?i)(?:password|passwd|passphrase|pass|passin|passout|pwd|secret|token|api-?key|auth)(?:=|\s+)([^\s"'-][^\s"']*|"[^"\n]*(?:"|$)|'[^'\n]*(?:'|$))`, nil,
		"pass", "pwd", "secret", "token", "apikey", "api-key", "auth"),
	follows(after(" \t\n"), `(?:-u|--user)[ =]?["']?[^\s:"']+:([^\s"'@]+)`, notNumber, "-u", "--user"),
	starts(`(?:mysql[a-z]*|mariadb[a-z-]*)\b[^\n|;&]*?(?:\s-p("[^"\n]*(?:"|$)|'[^'\n]*(?:'|$)|[^\s"']+)|$)`, "mysql", "mariadb"),
	starts(`(?:sshpass(?:\s+-[a-z]+)*?\s+-p|docker\s+login\b[^\n|;&]*?\s-p|mongo(?:sh|dump|restore|import|export)?\b[^\n|;&]*?\s-p|`+
		`redis-cli\b[^\n|;&]*?\s-a|sqlcmd\b[^\n|;&]*?\s-P|ldap[a-z]+\b[^\n|;&]*?\s-w|smbclient\b[^\n|;&]*?\s-U\s*[^\s%]+%)\s*([^\s"'-][^\s"']*)|[a-z-]+\b[^\n|;&]*$`,
		"sshpass", "docker", "mongo", "redis-cli", "sqlcmd", "ldap", "smbclient"),

	// Secrets named by what comes before them. First a variable that
	// tools.HoldsSecret, ply's one rule, calls secret, given a value:
	// DB_PASSWORD=…, "apiKey": "…", client_secret: …. Then the names it
	// does not know but text uses: pass=…, the Pwd=… of a connection string,
	// "auth": "…", a signature, <password>…</password> and IDENTIFIED BY '…'.
	// The name stays. A bare "pass" needs its "=": "PASS: TestDiv" is go
	// test saying a test passed.
	follows(inSecretName, `[A-Za-z0-9_.-]*`+assigns+assignedValue(1), isValue,
		"secret", "password", "passwd", "passphrase", "credential", "webhook", "key", "token", "_pat", "_auth", "_pwd", "_creds", "_jwt", "_connection_string"),
	follows(atEdge, `(?i)pass(?:\\*["'])?\s*=[ \t]*`+assignedValue(1), isValue, "pass"),
	follows(after("_.-"), `(?i)pass`+assigns+assignedValue(1), isValue, "pass"),
	follows(after(";"), `(?i)pwd\s*=[ \t]*`+assignedValue(1), isValue, "pwd"),
	follows(atEdge, `(?i)(?:auth|signature|jwt)`+assigns+assignedValue(8), isValue, "auth", "signature", "jwt"),
	starts(`(?i)(?:password|passwd|secret|token|key)(?:>|\\u003e)([^<\\]+)(?:<|\\u003c)/`,
		"password>", "passwd>", "secret>", "token>", "key>", `password\u003e`, `passwd\u003e`, `secret\u003e`, `token\u003e`, `key\u003e`),
	starts(`(?i)identified\s+by\s+(?:'([^'\n]*)'|"([^"\n]*)")`, "identified"),

	// Files of credentials: a .netrc's password after its login, a
	// .pgpass line's last field (host:port:db:user:password) on
	// PostgreSQL's port, the private parts of a JSON Web Key, and a key
	// in DER, base64 on one line without its armour.
	follows(afterLogin, `(?i)password[ \t]+(\S+)`, nil, "password"),
	starts(`:(?:5432|\*):[^\s:]+:[^\s:]+:(\S+)`, ":5432:", ":*:"),
	follows(afterKty, `\\*"(?:d|p|q|dp|dq|qi|k)\\*"\s*:\s*\\*"([A-Za-z0-9_-]{16,})`, nil,
		`"d"`, `"p"`, `"q"`, `"dp"`, `"dq"`, `"qi"`, `"k"`, `\"d\"`, `\"p\"`, `\"q\"`, `\"dp\"`, `\"dq\"`, `\"qi\"`, `\"k\"`),
	follows(atEdge, `(MII[A-Za-z0-9+/]{60,}={0,2})`, nil, "mii"),
}

// find returns the secrets s finds at a word of its at the given place
// of text, and where its match ends. It tries re on a window from back
// bytes before the word to a little after it. A match that runs to the
// window's end may go on after it, so the window then grows and re is
// tried again.
func (s shape) find(text string, at int) ([]span, int) {
	start := at - s.back
	if start < 0 || s.before != nil && !s.before(text, at) {
		return nil, at
	}
	for size := 128; ; size *= 4 {
		end := min(len(text), at+size)
		m := s.re.FindStringSubmatchIndex(text[start:end])
		if m == nil {
			return nil, at
		}
		if start+m[1] == end && end < len(text) {
			continue
		}
		var found []span
		for g := 2; g < len(m); g += 2 {
			secret := span{start + m[g], start + m[g+1]}
			if m[g] < m[g+1] && (s.check == nil ||
				s.check(text[nameStart(text, start):secret.start], text[secret.start:secret.end], text[secret.end:start+m[1]])) {
				found = append(found, secret)
			}
		}
		return found, start + m[1]
	}
}

// nameStart returns where the name that ends at i begins, going back over
// at most 64 of the characters a name is made of.
func nameStart(text string, i int) int {
	for n := 0; n < 64 && i > 0; n++ {
		if !isNameByte(text[i-1]) {
			break
		}
		i--
	}
	return i
}

// assigns is what comes between a name and its value: maybe the quote
// that ends the name (escaped, once or more, inside a JSON string), and
// ":", "=", ":=" or "=>", whose ">" JSON may have written \u003e.
const assigns = `(?:\\*["'])?\s*(?::=|=>|=\\u003e|[:=|])[ \t]*`

// assignedValue is the value of an assignment, of at least min characters,
// in a group of its own: quoted (in double quotes, in single quotes, or in
// double quotes escaped, once or more, inside a JSON string) or bare, up
// to the first character that cannot be part of one. A bare value is
// followed by the "(" or "[" after it, if there is one, for isValue to
// see. A quote that does not close before the end of the text is a value
// too: the end may be the end of the window Redact looks through.
func assignedValue(min int) string {
	n := "{" + strconv.Itoa(min) + ",}"
	bare := `[^\s"'` + "`" + `,;&<>(){}\[\]\\`
	return `(?:\\+"((?:[^"\\\n]|\\+[^"\\\n])` + n + `)\\+"|"((?:[^"\\\n]|\\.)` + n + `)"|'([^'\n]` + n + `)'|` +
		`(?:\\*"|')([^"'\n]*)$|(` + bare + `=|]` + bare + `]{` + strconv.Itoa(min-1) + `,})[(\[]?)`
}

// looksRandom reports whether a word after "Bearer" or "token" is a
// token rather than prose: it holds a digit, or a capital after a small
// letter, or is too long for a word.
func looksRandom(_, secret, _ string) bool {
	for i, r := range secret {
		if unicode.IsDigit(r) || i > 0 && unicode.IsUpper(r) && unicode.IsLower(rune(secret[i-1])) {
			return true
		}
	}
	return len(secret) >= 32
}

// isUserPassword reports whether a word after "Basic" is base64 of
// user:password, as a basic credential is, rather than a word of prose.
func isUserPassword(_, secret, _ string) bool {
	if unescaped, err := url.QueryUnescape(secret); err == nil {
		secret = unescaped // Basic%20…%3D, in a URL
	}
	for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding} {
		if b, err := enc.DecodeString(secret); err == nil {
			return strings.Contains(string(b), ":")
		}
	}
	return false
}

// notNumber reports whether what follows "user:" in -u user:… is not a
// number: docker's -u 1000:1000 is a user and a group.
func notNumber(_, secret, _ string) bool {
	return strings.Trim(secret, "0123456789") != ""
}

// inSecretName reports whether the word at at is part of a name that
// tools.HoldsSecret calls secret, such as the KEY of AZURE_STORAGE_KEY;
// a name is looked at up to 64 bytes on each side of the word.
func inSecretName(text string, at int) bool {
	end := at
	for end < len(text) && end < at+64 && isNameByte(text[end]) {
		end++
	}
	return tools.HoldsSecret(text[nameStart(text, at):end], "")
}

// isHeaderValue reports whether what follows a header's name can be its
// value, rather than code that computes one, as in cookie:
// slices.Clone(m.cookie): a header's value has no brackets.
func isHeaderValue(_, secret, _ string) bool {
	return !strings.ContainsAny(secret, "()[]{}")
}

// isValue reports whether the value of an assignment can be a secret.
// Code that reads one is not: password = getpass(), token =
// os.environ["T"], secret = hs.session.secret, and a bare value after
// Go's ":=", which declares a variable from an expression (a secret
// written in Go is quoted). Nor is a type (password: string), a literal
// such as null, or a verb of a format, as in "password = %q".
func isValue(before, secret, after string) bool {
	quoted := strings.HasSuffix(before, `"`) || strings.HasSuffix(before, "'")
	switch {
	case strings.HasPrefix(after, "(") || strings.HasPrefix(after, "["):
		return false
	case !quoted && (strings.HasSuffix(strings.TrimRight(before, " \t"), ":=") || codePath.MatchString(secret)):
		return false
	case formatVerb.MatchString(secret):
		return false
	case secret == "$" || shellVariable.MatchString(secret): // ${DB_PASSWORD} stops at its "{"
		return false
	}
	switch strings.ToLower(secret) {
	case "null", "nil", "none", "true", "false", "undefined", "str", "string", "bool", "int":
		return false
	}
	return true
}

// shellVariable is a bare value that names a variable of the shell or a
// template, $DB_PASSWORD: a place for a secret, not one. A hash that
// starts with $ ($2a$10$…) goes on with a digit, and is a value.
var shellVariable = regexp.MustCompile(`^\$[A-Za-z_][A-Za-z0-9_]*$`)

// codePath is a bare value that is a path of names, as code writes one:
// m.cookie, os.environ, hs.session.secret.
var codePath = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)+$`)

// formatVerb is a verb of Go's or C's printf, with its flags.
var formatVerb = regexp.MustCompile(`^%[-+# 0-9.*]*[a-zA-Z]$`)

// atEdge reports whether the word at at starts a word of text: at its
// start, after a character that is no letter or digit, or after a \n or
// \t that JSON wrote for a line end or a tab.
func atEdge(text string, at int) bool {
	if at == 0 || !isAlnum(text[at-1]) {
		return true
	}
	return at >= 2 && text[at-2] == '\\' && strings.IndexByte("nrt", text[at-1]) >= 0
}

// after returns a before that wants the word to follow one of chars.
func after(chars string) func(string, int) bool {
	return func(text string, at int) bool { return at > 0 && strings.IndexByte(chars, text[at-1]) >= 0 }
}

// inQuery reports whether the word at at begins a parameter of a URL's
// query: after "?", "&" or ";", or the "\u0026" JSON writes for "&".
func inQuery(text string, at int) bool {
	return after("?&;")(text, at) || strings.HasSuffix(text[:at], `\u0026`)
}

// afterLogin reports whether the word at at follows a login and its
// name, as a .netrc's password does: login ann password ….
func afterLogin(text string, at int) bool {
	name := back(text, at, isSpace)
	login := back(text, name, func(c byte) bool { return !isSpace(c) })
	end := back(text, login, isSpace)
	return name < at && login < name && end < login && end >= 5 && strings.EqualFold(text[end-5:end], "login") &&
		(end == 5 || isSpace(text[end-6]))
}

// back returns where the run of bytes that in accepts, ending at i,
// begins; it looks back over 256 bytes at most.
func back(text string, i int, in func(byte) bool) int {
	for n := 0; n < 256 && i > 0 && in(text[i-1]); n++ {
		i--
	}
	return i
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// afterKty reports whether the word at at is in a JSON Web Key: its
// "kty" comes a little before.
func afterKty(text string, at int) bool {
	return strings.Contains(text[max(0, at-512):at], "kty")
}

// afterDigits reports whether the word at at follows eight digits, as the
// secret half of a Telegram bot token follows its bot's number.
func afterDigits(text string, at int) bool {
	return at >= 8 && strings.Trim(text[at-8:at], "0123456789") == ""
}

// inOption reports whether the word at at ends an option's name, as
// password ends --db-password: the name begins with "-" after a space.
func inOption(text string, at int) bool {
	i := at
	for i > 0 && (isAlnum(text[i-1]) || text[i-1] == '-') {
		i--
	}
	return i < at && text[i] == '-' && (i == 0 || strings.IndexByte(" \t\n", text[i-1]) >= 0)
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// isNameByte reports whether c can be part of a name: a letter, a digit,
// "_", "-" or ".".
func isNameByte(c byte) bool { return isAlnum(c) || c == '_' || c == '-' || c == '.' }
