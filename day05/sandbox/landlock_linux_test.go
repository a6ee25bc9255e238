package sandbox

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/sys/unix"
)

// TestMain lets the test binary serve as a program a confined command
// runs: with SANDBOX_TEST_DIAL set to tcp, mptcp or udp, it sends a
// greeting to SANDBOX_TEST_ADDR that way, as a download or a leak would,
// and says whether it could.
func TestMain(m *testing.M) {
	if way := os.Getenv("SANDBOX_TEST_DIAL"); way != "" {
		if err := greet(way, os.Getenv("SANDBOX_TEST_ADDR")); err != nil {
			fmt.Println("dial:", err)
			os.Exit(1)
		}
		fmt.Println("connected")
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// greet sends "hello" to addr over tcp, Multipath TCP or udp.
func greet(way, addr string) error {
	var d net.Dialer
	network := way
	if way == "mptcp" {
		d.SetMultipathTCP(true)
		network = "tcp"
	}
	conn, err := d.Dial(network, addr)
	if err != nil {
		return err
	}
	defer conn.Close()
	_, err = conn.Write([]byte("hello"))
	return err
}

// canary is what the files outside the workspace hold: output that shows
// it read one of them.
const canary = "CANARY-c4n4ry"

// confinement is a workspace with files around it that a confined
// command must not reach: a home folder with a key, a file beside the
// workspace, and links in the workspace that lead to them.
type confinement struct {
	top, ws, temp, home string
	places              Places
}

func newConfinement(t *testing.T) *confinement {
	t.Helper()
	top, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	c := &confinement{top: top, ws: filepath.Join(top, "ws"), temp: filepath.Join(top, "tmp"), home: filepath.Join(top, "home")}
	files := map[string]string{
		"ws/calc.go":              "package calc\n",
		"home/.ssh/id_ed25519":    canary + " key\n",
		"outside.txt":             canary + " outside\n",
		"tmp/.keep":               "",
		"other-tmp/left-by-other": canary + " other\n",
	}
	for name, content := range files {
		path := filepath.Join(top, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for link, target := range map[string]string{"ws/out": top, "ws/-r=x": "/", "ws/keys": c.home + "/.ssh"} {
		if err := os.Symlink(target, filepath.Join(top, link)); err != nil {
			t.Fatal(err)
		}
	}
	c.places = Places{Workspace: c.ws, System: systemFolders, Devices: devices}
	return c
}

// run runs script in sh, in the workspace, confined to p, and returns its
// output and whether it succeeded.
func (c *confinement) run(t *testing.T, p Policy, script string) (string, bool) {
	t.Helper()
	cmd := exec.Command("sh", "-c", script)
	cmd.Dir = c.ws
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + c.home, "TMPDIR=" + c.temp}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := Start(cmd, p); err != nil {
		t.Fatalf("start %q: %v", script, err)
	}
	err := cmd.Wait()
	return out.String(), err == nil
}

// snapshot returns every file under dir with its content, links as where
// they point.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		switch {
		case info.Mode()&os.ModeSymlink != 0:
			target, err := os.Readlink(path)
			files[path] = "-> " + target
			return err
		case info.Mode().IsRegular():
			data, err := os.ReadFile(path)
			files[path] = string(data)
			return err
		}
		files[path] = info.Mode().String()
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// needLandlock skips a test on a machine whose kernel cannot keep p.
func needLandlock(t *testing.T, p Policy) {
	t.Helper()
	if err := Supported(p); err != nil {
		t.Skip("no sandbox on this machine:", err)
	}
}

// TestWorkspaceWriteHolds runs commands that try every way out of the
// workspace-write policy: the kernel must refuse each, and nothing
// outside the workspace and the command's temporary folder may change.
func TestWorkspaceWriteHolds(t *testing.T) {
	c := newConfinement(t)
	p := c.places.WorkspaceWrite(c.temp)
	needLandlock(t, p)
	padded := strings.Repeat("./", 1900) + "out/outside.txt" // most of PATH_MAX, which a check of names may give up on
	refused := []struct{ name, script string }{
		{"writes beside the workspace", "echo x > ../made-outside"},
		{"writes through a link", "echo x > out/made-outside"},
		{"empties a file outside", "truncate -s 0 ../outside.txt"},
		{"removes a file outside", "rm -f ../outside.txt"},
		{"renames a file outside", "mv ../outside.txt ../moved.txt"},
		{"makes a folder outside", "mkdir ../made-dir"},
		{"writes another temporary folder", "echo x > ../other-tmp/mine"},
		{"reads the home folder", "cat $HOME/.ssh/id_ed25519"},
		{"reads a key through a link", "cat keys/id_ed25519"},
		{"reads beside the workspace", "cat ../outside.txt"},
		{"reads through a link out", "cat out/outside.txt"},
		{"reads through a link named like an option", "cat -- -r=x" + c.top + "/outside.txt"},
		{"reads by a path padded past what a check of names reads", "cat " + padded},
		{"lists the home folder", "ls $HOME"},
		{"reads ply's environment", "cat /proc/$PPID/environ"},
		{"reads the first process's environment", "cat /proc/1/environ"},
		{"runs a program from outside", "cp /bin/true ./mytrue && chmod +x ./mytrue && cp ./mytrue ../other-tmp/t && ../other-tmp/t"},
	}
	before := snapshot(t, c.top)
	for _, tt := range refused {
		out, ok := c.run(t, p, tt.script)
		if ok || strings.Contains(out, canary) {
			t.Errorf("%s: %q succeeded in the sandbox (output %q): the kernel let it out", tt.name, tt.script, out)
		}
	}
	after := snapshot(t, c.top)
	for path, was := range before {
		if !strings.HasPrefix(path, c.ws) && !strings.HasPrefix(path, c.temp) && after[path] != was {
			t.Errorf("%s changed in the sandbox: %q, was %q", path, after[path], was)
		}
	}
	for path := range after {
		if _, ok := before[path]; !ok && !strings.HasPrefix(path, c.ws) && !strings.HasPrefix(path, c.temp) {
			t.Errorf("%s was made outside the workspace", path)
		}
	}
}

// TestWorkspaceWriteLetsWorkBeDone runs what an approved command does:
// each must succeed, or the sandbox is in the way of the work.
func TestWorkspaceWriteLetsWorkBeDone(t *testing.T) {
	c := newConfinement(t)
	p := c.places.WorkspaceWrite(c.temp)
	needLandlock(t, p)
	allowed := []struct{ name, script string }{
		{"writes the workspace", "echo x > made && mkdir -p sub/dir && mv made sub/dir/ && rm -r sub"},
		{"writes its temporary folder", "echo x > $TMPDIR/t && cat $TMPDIR/t"},
		{"runs the system's programs", "ls /usr/bin > /dev/null && grep -c package calc.go"},
		{"runs a program it built in the workspace", "cp /bin/true ./mytrue && ./mytrue"},
		{"reads the system's data", "cat /etc/passwd > /dev/null"},
		{"signals its own processes", "sleep 5 & kill $!"},
	}
	for _, tt := range allowed {
		if out, ok := c.run(t, p, tt.script); !ok {
			t.Errorf("%s: %q failed in the sandbox: %s", tt.name, tt.script, out)
		}
	}
}

// TestNetwork sends a greeting to a port of this machine from the
// sandbox, over TCP, Multipath TCP (which Landlock does not see) and UDP:
// the kernel refuses each, unless the policy allows the network. A UDP
// greeting that arrives is the proof, since sending one fails nowhere.
func TestNetwork(t *testing.T) {
	c := newConfinement(t)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	tcp, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer tcp.Close()
	go func() {
		for {
			conn, err := tcp.Accept()
			if err != nil {
				return
			}
			conn.Close()
		}
	}()
	udp, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer udp.Close()
	for _, network := range []bool{false, true} {
		c.places.Network = network
		p := c.places.WorkspaceWrite(c.temp)
		p.Rules = append(p.Rules, Rule{self, Read | Execute}) // the test binary greets
		needLandlock(t, p)
		for way, addr := range map[string]net.Addr{"tcp": tcp.Addr(), "mptcp": tcp.Addr(), "udp": udp.LocalAddr()} {
			out, ok := c.run(t, p, fmt.Sprintf("SANDBOX_TEST_DIAL=%s SANDBOX_TEST_ADDR=%s %s", way, addr, self))
			if ok != network {
				t.Errorf("with Network %v, a greeting over %s to %s: %q", network, way, addr, out)
			}
		}
	}
	// On loopback a datagram is queued for its reader before send returns:
	// every greeting that was sent is there to read now, without waiting.
	raw, err := udp.(*net.UDPConn).SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	greetings := 0
	err = raw.Read(func(fd uintptr) bool {
		buf := make([]byte, 16)
		for {
			if _, _, err := unix.Recvfrom(int(fd), buf, unix.MSG_DONTWAIT); err != nil {
				return true // nothing more queued: done, not waiting
			}
			greetings++
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if greetings != 1 {
		t.Errorf("%d greetings over udp arrived, want the one sent with the network: one more is a leak from a sandbox without it", greetings)
	}
}

// TestSignalsStayInside signals ply from the sandbox: the kernel refuses
// from Landlock's version 6 on.
func TestSignalsStayInside(t *testing.T) {
	if abi, err := landlockABI(); err != nil || abi < scopeABI {
		t.Skipf("Landlock's version here, %d (%v), does not keep signals inside", abi, err)
	}
	c := newConfinement(t)
	if out, ok := c.run(t, c.places.WorkspaceWrite(c.temp), "kill -0 $PPID"); ok {
		t.Errorf("the sandbox let a command signal ply: %q", out)
	}
}

func TestStartRefusesWhatItCannotKeep(t *testing.T) {
	abi, err := landlockABI()
	if err != nil {
		t.Skip("no Landlock:", err)
	}
	if abi >= networkABI {
		t.Skip("this kernel keeps every policy")
	}
	cmd := exec.Command("true")
	if err := Start(cmd, Policy{Name: "read-only"}); err == nil {
		cmd.Wait()
		t.Error("Start ran a command under a policy without the network, on a kernel that cannot confine TCP")
	}
}

func TestLoader(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip(err)
	}
	if got := loader(sh); !strings.Contains(got, "ld") {
		t.Errorf("loader(%s) = %q, want the path of its ELF interpreter", sh, got)
	}
	if got := loader("/etc/passwd"); got != "" {
		t.Errorf("loader(/etc/passwd) = %q, want none for a file that is no program", got)
	}
}

// TestReadOnlyHolds confines commands to the read-only policy with every
// program they need allowed to start, as if the gate allowed anything:
// the kernel alone must refuse each write, each read outside the
// workspace and the system, each connection, each signal to ply, and
// each program the policy does not name.
func TestReadOnlyHolds(t *testing.T) {
	c := newConfinement(t)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var programs []string
	for _, name := range []string{"sh", "cat", "ls", "touch", "rm", "truncate", "mkdir", "mv", "ln", "cp", "kill"} {
		if path, err := exec.LookPath(name); err == nil {
			programs = append(programs, path)
		}
	}
	p := c.places.ReadOnly(append(programs, self))
	needLandlock(t, p)
	if err := os.MkdirAll(filepath.Join(c.ws, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(c.ws, ".git", "index"), []byte("DIRC"), 0o644); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	padded := strings.Repeat("./", 1900) + "out/outside.txt"
	refused := []struct{ name, script string }{
		{"writes the workspace", "echo x > made"},
		{"empties a file of the workspace", "truncate -s 0 calc.go"},
		{"removes a file of the workspace", "rm -f calc.go"},
		{"renames a file of the workspace", "mv calc.go moved.go"},
		{"makes a folder in the workspace", "mkdir made"},
		{"makes a link in the workspace", "ln -s /etc/passwd made"},
		{"rewrites git's index", "echo x > .git/index"},
		{"writes beside the workspace", "echo x > ../made-outside"},
		{"writes its temporary folder", "echo x > $TMPDIR/t"},
		{"reads the home folder", "cat $HOME/.ssh/id_ed25519"},
		{"reads a key through a link", "cat keys/id_ed25519"},
		{"reads through a link out", "cat out/outside.txt"},
		{"reads through a link named like an option", "cat -- -r=x" + c.top + "/outside.txt"},
		{"reads by a padded path", "cat " + padded},
		{"reads ply's environment", "cat /proc/$PPID/environ"},
		{"runs a program the policy does not name", "ls /usr/bin > /dev/null && uname"},
		{"connects to a port of this machine", "SANDBOX_TEST_DIAL=tcp SANDBOX_TEST_ADDR=" + ln.Addr().String() + " " + self},
		{"connects by Multipath TCP", "SANDBOX_TEST_DIAL=mptcp SANDBOX_TEST_ADDR=" + ln.Addr().String() + " " + self},
	}
	if abi, err := landlockABI(); err == nil && abi >= scopeABI {
		refused = append(refused, struct{ name, script string }{"signals ply", "kill -0 $PPID"})
	}
	before := snapshot(t, c.top)
	for _, tt := range refused {
		out, ok := c.run(t, p, tt.script)
		if ok || strings.Contains(out, canary) {
			t.Errorf("%s: %q succeeded in the read-only sandbox (output %q): the kernel let it through", tt.name, tt.script, out)
		}
	}
	if after := snapshot(t, c.top); len(after) != len(before) {
		t.Errorf("the read-only sandbox let files be made or removed: %d files before, %d after", len(before), len(after))
	} else {
		for path, was := range before {
			if after[path] != was {
				t.Errorf("%s changed in the read-only sandbox: %q, was %q", path, after[path], was)
			}
		}
	}
	for _, script := range []string{"cat calc.go", "ls -la", "cat /etc/passwd > /dev/null", "ls /usr/bin > /dev/null"} {
		if out, ok := c.run(t, p, script); !ok {
			t.Errorf("%q failed in the read-only sandbox: %s", script, out)
		}
	}
}

// TestLandlockLeavesModesAlone shows what Landlock does not confine: a
// file's mode and times are its metadata, and a confined program may
// change them where it may read. The read-only policy still keeps them,
// because the programs it lets start are those the gate judged, and none
// of the default rules changes a mode or a time.
func TestLandlockLeavesModesAlone(t *testing.T) {
	c := newConfinement(t)
	chmod, err := exec.LookPath("chmod")
	if err != nil {
		t.Skip(err)
	}
	p := c.places.ReadOnly([]string{chmod})
	needLandlock(t, p)
	cmd := exec.Command(chmod, "+x", "calc.go")
	cmd.Dir = c.ws
	if err := Start(cmd, p); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err != nil {
		t.Skipf("this kernel's Landlock refused chmod (%v): it confines modes now, and the lesson may say so", err)
	}
	info, err := os.Stat(filepath.Join(c.ws, "calc.go"))
	if err != nil || info.Mode()&0o111 == 0 {
		t.Errorf("chmod +x in the read-only sandbox: mode %v, %v; want it changed, as Landlock leaves modes alone", info.Mode(), err)
	}
}
