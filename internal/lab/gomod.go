package lab

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// goMod is what the lab needs from a go.mod file.
type goMod struct {
	Module string // the module path, such as "ply/day01"
	Go     string // the go directive, such as "1.25.0"
}

// readGoMod reads the go.mod file in dir. It reads only the module and go
// lines, which is all the lab needs; the go command checks the rest.
func readGoMod(dir string) (goMod, error) {
	name := filepath.Join(dir, "go.mod")
	data, err := os.ReadFile(name)
	if err != nil {
		return goMod{}, err
	}
	var mod goMod
	for line := range strings.Lines(string(data)) {
		line, _, _ = strings.Cut(line, "//")
		switch fields := strings.Fields(line); {
		case len(fields) == 2 && fields[0] == "module":
			mod.Module = unquote(fields[1])
		case len(fields) == 2 && fields[0] == "go":
			mod.Go = fields[1]
		}
	}
	if mod.Module == "" || mod.Go == "" {
		return goMod{}, fmt.Errorf("%s: want a module line and a go line", name)
	}
	return mod, nil
}

// unquote returns s without the quotes that go.mod allows around a path.
func unquote(s string) string {
	if u, err := strconv.Unquote(s); err == nil {
		return u
	}
	return s
}
