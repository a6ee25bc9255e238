package lab

import (
	"path/filepath"
	"strconv"
	"testing"
)

var latestGoTests = []struct {
	versions []string
	want     string
}{
	{[]string{"1.25.0"}, "1.25.0"},
	{[]string{"1.25", "1.25.0"}, "1.25.0"}, // 1.25 is the language; 1.25.0 its first release
	{[]string{"1.26", "1.25.3"}, "1.26"},
	{[]string{"1.24.1", "1.24.10", "1.24.2"}, "1.24.10"},
}

func TestLatestGo(t *testing.T) {
	for _, tt := range latestGoTests {
		root := t.TempDir()
		var days []Day
		for i, v := range tt.versions {
			name := filepath.Join(root, strconv.Itoa(i))
			writeFiles(t, name, map[string]string{"go.mod": "module m\n\ngo " + v + "\n"})
			days = append(days, Day{Dir: name})
		}
		if got, err := latestGo(days); err != nil || got != tt.want {
			t.Errorf("latestGo of go.mod files saying %q = %q, %v; want %q", tt.versions, got, err, tt.want)
		}
	}
}
