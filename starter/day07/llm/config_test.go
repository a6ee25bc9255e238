package llm

import (
	"fmt"
	"strings"
	"testing"
)

func TestConfigFromEnv(t *testing.T) {
	tests := []struct {
		name string
		env  map[string]string
		want Config
	}{
		{"nothing set", nil,
			Config{Mock: true, Unset: true, BaseURL: DefaultBaseURL, Model: MockModel}},
		{"MOCK=1 wins over a key", map[string]string{"MOCK": "1", "OPENAI_API_KEY": "k"},
			Config{Mock: true, BaseURL: DefaultBaseURL, APIKey: "k", Model: MockModel}},
		{"a key alone means OpenAI", map[string]string{"OPENAI_API_KEY": "k"},
			Config{BaseURL: DefaultBaseURL, APIKey: "k", Model: DefaultModel}},
		{"Ollama: a base URL and a model, no key", map[string]string{"OPENAI_BASE_URL": "http://localhost:11434/v1", "PLY_MODEL": "qwen3"},
			Config{BaseURL: "http://localhost:11434/v1", Model: "qwen3"}},
		{"MOCK=0 is not the Mock", map[string]string{"MOCK": "0", "OPENAI_API_KEY": "k"},
			Config{BaseURL: DefaultBaseURL, APIKey: "k", Model: DefaultModel}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ConfigFromEnv(func(k string) string { return tt.env[k] })
			if got != tt.want {
				t.Errorf("ConfigFromEnv(%v) = %#v, want %#v", tt.env, got, tt.want)
			}
		})
	}
}

func TestConfigGateway(t *testing.T) {
	if _, ok := (Config{Mock: true}).Gateway().(Mock); !ok {
		t.Error("Config{Mock: true}.Gateway() is not the Mock")
	}
	if _, ok := (Config{BaseURL: DefaultBaseURL}).Gateway().(*OpenAI); !ok {
		t.Error("Config{BaseURL: …}.Gateway() is not an *OpenAI")
	}
}

func TestConfigStringHidesKey(t *testing.T) {
	c := Config{BaseURL: DefaultBaseURL, APIKey: "sk-secret", Model: "m"}
	for _, got := range []string{c.String(), fmt.Sprint(c), fmt.Sprintf("%v and %+v and %#v", c, c, c)} {
		if strings.Contains(got, "sk-secret") {
			t.Errorf("printed config %q contains the key", got)
		}
	}
	if got, want := c.String(), "m at https://api.openai.com/v1 (API key set)"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

func TestConfigHidesBaseURLPassword(t *testing.T) {
	c := ConfigFromEnv(func(k string) string {
		return map[string]string{"OPENAI_BASE_URL": "https://bob:hunter2@proxy.example/v1", "PLY_MODEL": "m"}[k]
	})
	for _, got := range []string{c.String(), fmt.Sprintf("%v and %+v and %#v", c, c, c)} {
		if strings.Contains(got, "hunter2") || !strings.Contains(got, "https://***@proxy.example/v1") {
			t.Errorf("printed config %q, want the base URL shown as https://***@proxy.example/v1", got)
		}
	}
	if c.BaseURL != "https://bob:hunter2@proxy.example/v1" {
		t.Errorf("BaseURL = %q, want it kept whole: the client needs the password", c.BaseURL)
	}
}
