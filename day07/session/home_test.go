package session

import (
	"path/filepath"
	"testing"
)

func TestHome(t *testing.T) {
	t.Setenv("HOME", "/home/ann")
	t.Setenv("USERPROFILE", "/home/ann") // what os.UserHomeDir reads on Windows
	tests := []struct {
		name string
		env  map[string]string
		want string
	}{
		{"PLY_HOME wins", map[string]string{"PLY_HOME": "/data/ply", "XDG_STATE_HOME": "/state"}, "/data/ply"},
		{"XDG_STATE_HOME next", map[string]string{"XDG_STATE_HOME": "/state"}, "/state/ply"},
		{"a relative XDG_STATE_HOME does not count", map[string]string{"XDG_STATE_HOME": "state"}, "/home/ann/.local/state/ply"},
		{"nothing set", map[string]string{}, "/home/ann/.local/state/ply"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Home(func(k string) string { return tt.env[k] })
			if err != nil || got != filepath.FromSlash(tt.want) {
				t.Errorf("Home() = %q, %v; want %q", got, err, filepath.FromSlash(tt.want))
			}
		})
	}
}

func TestStoreFromEnv(t *testing.T) {
	env := map[string]string{"PLY_HOME": "/data/ply", "PLY_FSYNC": "1"}
	s, err := StoreFromEnv(func(k string) string { return env[k] })
	if err != nil || s.Dir != filepath.FromSlash("/data/ply/sessions") || !s.Sync {
		t.Errorf("StoreFromEnv = %+v, %v; want /data/ply/sessions with fsync", s, err)
	}
	env["PLY_FSYNC"] = ""
	if s, _ := StoreFromEnv(func(k string) string { return env[k] }); s.Sync {
		t.Error("fsync is on with PLY_FSYNC unset")
	}
}
