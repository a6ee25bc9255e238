package selftest

import (
	"context"
	"fmt"
	"strings"

	"ply/day07/llm"
)

// env makes a getenv function from a map, standing in for os.Getenv.
func env(vars map[string]string) func(string) string {
	return func(key string) string { return vars[key] }
}

func configDefault(context.Context) error {
	cfg := llm.ConfigFromEnv(env(nil))
	if _, isMock := cfg.Gateway().(llm.Mock); !isMock || !cfg.Unset {
		return fmt.Errorf("with nothing set, got %s (Unset=%v), want the scripted model", cfg, cfg.Unset)
	}
	return nil
}

func configHidesKey(context.Context) error {
	const key = "sk-secret-0123456789"
	cfg := llm.ConfigFromEnv(env(map[string]string{"OPENAI_API_KEY": key}))
	for _, shown := range []string{cfg.String(), fmt.Sprint(cfg), fmt.Sprintf("%+v", cfg), fmt.Sprintf("%#v", cfg)} {
		if strings.Contains(shown, key) {
			return fmt.Errorf("the key appears in %q", shown)
		}
	}
	return nil
}
