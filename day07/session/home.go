package session

import (
	"fmt"
	"os"
	"path/filepath"
)

// Home returns the folder ply keeps its state in: $PLY_HOME when it is
// set, else $XDG_STATE_HOME/ply, else ~/.local/state/ply. getenv is
// os.Getenv in ply and a map in tests. XDG_STATE_HOME counts only when it
// is an absolute path, as the XDG rules ask.
func Home(getenv func(string) string) (string, error) {
	if home := getenv("PLY_HOME"); home != "" {
		return filepath.Clean(home), nil
	}
	if state := getenv("XDG_STATE_HOME"); filepath.IsAbs(state) {
		return filepath.Join(state, "ply"), nil
	}
	user, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("find where to keep sessions (set PLY_HOME): %w", err)
	}
	return filepath.Join(user, ".local", "state", "ply"), nil
}

// StoreFromEnv returns the store the environment points at: the sessions
// folder of Home, with an fsync after every event when PLY_FSYNC=1.
func StoreFromEnv(getenv func(string) string) (Store, error) {
	home, err := Home(getenv)
	if err != nil {
		return Store{}, err
	}
	return Store{Dir: filepath.Join(home, "sessions"), Sync: getenv("PLY_FSYNC") == "1"}, nil
}
