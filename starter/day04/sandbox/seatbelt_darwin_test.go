package sandbox

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestSeatbeltHolds runs commands under sandbox-exec with the
// workspace-write policy: inside works, outside is refused.
func TestSeatbeltHolds(t *testing.T) {
	top, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	ws, temp := filepath.Join(top, "ws"), filepath.Join(top, "tmp")
	for _, dir := range []string{ws, temp} {
		if err := os.Mkdir(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(top, "outside.txt"), []byte("CANARY\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	p := Places{Workspace: ws, System: systemFolders, Devices: devices}.WorkspaceWrite(temp)
	if err := Supported(p); err != nil {
		t.Skip(err)
	}
	for script, wantOK := range map[string]bool{
		"echo x > made && cat made":   true,
		"echo x > ../made":            false,
		"cat ../outside.txt":          false,
		"ls ~ > /dev/null":            false,
		"echo x > $TMPDIR/t":          true,
		"ls /usr/bin > /dev/null":     true,
		"rm ../outside.txt":           false,
		"cp /bin/echo ../e && ../e x": false,
	} {
		cmd := exec.Command("/bin/sh", "-c", script)
		cmd.Dir, cmd.Env = ws, []string{"PATH=/usr/bin:/bin", "TMPDIR=" + temp, "HOME=" + os.Getenv("HOME")}
		if err := Start(cmd, p); err != nil {
			t.Fatal(err)
		}
		if err := cmd.Wait(); (err == nil) != wantOK {
			t.Errorf("%q under sandbox-exec: %v, want success %v", script, err, wantOK)
		}
	}
}
