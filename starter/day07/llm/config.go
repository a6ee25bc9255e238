package llm

import (
	"fmt"
	"time"
)

// Defaults for what the environment leaves unset.
const (
	DefaultBaseURL = "https://api.openai.com/v1"
	DefaultModel   = "gpt-4o-mini"
	MockModel      = "scripted" // the name the Mock goes by
)

// Config says which model ply talks to.
type Config struct {
	Mock    bool   // use the scripted model
	Unset   bool   // nothing was configured, so the Mock stands in
	BaseURL string // the server's /v1 address
	APIKey  string // never printed: String says only whether one is set
	Model   string // the server's name for the model

	IdleTimeout time.Duration // how long the server may say nothing (PLY_IDLE_TIMEOUT); 0 for DefaultIdleTimeout
}

// ConfigFromEnv reads MOCK, OPENAI_BASE_URL, OPENAI_API_KEY and PLY_MODEL
// through getenv (os.Getenv in ply, a map in tests). MOCK=1 picks the
// Mock; so does an environment with neither a base URL nor a key.
func ConfigFromEnv(getenv func(string) string) Config {
	c := Config{
		BaseURL: getenv("OPENAI_BASE_URL"),
		APIKey:  getenv("OPENAI_API_KEY"),
		Model:   getenv("PLY_MODEL"),
	}
	switch {
	case getenv("MOCK") == "1":
		c.Mock = true
	case c.BaseURL == "" && c.APIKey == "":
		c.Mock, c.Unset = true, true
	}
	if c.BaseURL == "" {
		c.BaseURL = DefaultBaseURL
	}
	switch {
	case c.Mock:
		c.Model = MockModel
	case c.Model == "":
		c.Model = DefaultModel
	}
	return c
}

// Gateway returns the gateway c describes.
func (c Config) Gateway() Gateway {
	if c.Mock {
		return Mock{}
	}
	o := NewOpenAI(c.BaseURL, c.APIKey)
	if c.IdleTimeout > 0 {
		o.SetIdleTimeout(c.IdleTimeout)
	}
	return o
}

// GoString is what %#v prints: the fields, with only whether a key is set
// and no password in the base URL.
func (c Config) GoString() string {
	return fmt.Sprintf("llm.Config{Mock:%v, Unset:%v, BaseURL:%q, APIKey:%s, Model:%q, IdleTimeout:%v}",
		c.Mock, c.Unset, hideCredentials(c.BaseURL), keyState(c.APIKey), c.Model, c.IdleTimeout)
}

// keyState says whether a key is set, never what it is.
func keyState(key string) string {
	if key == "" {
		return "(none)"
	}
	return "(set)"
}

// String says in a few words which model c points at, for the banner.
// It never includes the key, nor a password in the base URL (a proxy's
// user:password@), so printing a Config cannot leak them.
func (c Config) String() string {
	if c.Mock {
		return "the built-in scripted model (offline)"
	}
	key := "no API key"
	if c.APIKey != "" {
		key = "API key set"
	}
	return fmt.Sprintf("%s at %s (%s)", c.Model, hideCredentials(c.BaseURL), key)
}
