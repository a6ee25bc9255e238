package lab

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
)

// A Day is one day module of the course: a folder dayNN with a go.mod.
type Day struct {
	Name string // such as "day01"
	Dir  string // the folder: the course's root joined with Name
}

// dayName matches the name of a day's folder.
var dayName = regexp.MustCompile(`^day[0-9][0-9]$`)

// Days returns the days in the course at root, in order. A dayNN folder
// without a go.mod is not a day yet, and is left out.
func Days(root string) ([]Day, error) {
	entries, err := os.ReadDir(root)
	if err != nil {
		return nil, fmt.Errorf("find the days: %w", err)
	}
	var days []Day
	for _, e := range entries {
		if !e.IsDir() || !dayName.MatchString(e.Name()) {
			continue
		}
		dir := filepath.Join(root, e.Name())
		_, err := os.Stat(filepath.Join(dir, "go.mod"))
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("find the days: %w", err)
		}
		days = append(days, Day{Name: e.Name(), Dir: dir})
	}
	return days, nil
}
