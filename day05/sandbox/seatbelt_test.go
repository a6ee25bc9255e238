package sandbox

import (
	"strings"
	"testing"
)

func TestSeatbeltProfile(t *testing.T) {
	p := Policy{Name: "workspace-write", Rules: []Rule{
		{"/Users/ann/calc", Read | Write | Execute},
		{"/usr", Read | Execute},
		{"/dev/null", Read | Write},
		{`/Users/ann/a "quoted" \ name`, Read},
	}}
	profile := SeatbeltProfile(p)
	want := []string{
		"(deny default)",
		"(allow file-read*\n  (subpath \"/Users/ann/calc\")\n  (subpath \"/usr\")\n  (subpath \"/dev/null\")\n  (subpath \"/Users/ann/a \\\"quoted\\\" \\\\ name\"))\n",
		"(allow file-write*\n  (subpath \"/Users/ann/calc\")\n  (subpath \"/dev/null\"))\n",
		"(allow process-exec\n  (subpath \"/Users/ann/calc\")\n  (subpath \"/usr\"))\n",
	}
	for _, w := range want {
		if !strings.Contains(profile, w) {
			t.Errorf("the profile lacks\n%s\nIt is:\n%s", w, profile)
		}
	}
	for _, never := range []string{"network", "(allow default)", "kern.procargs", "(allow sysctl-read)\n", "(allow process-info*)\n"} {
		if strings.Contains(profile, never) {
			t.Errorf("the profile holds %q, which lets a command out:\n%s", never, profile)
		}
	}
	p.Network = true
	if !strings.Contains(SeatbeltProfile(p), "(allow network*") {
		t.Error("with Network, the profile does not allow the network")
	}
}
