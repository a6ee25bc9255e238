//go:build windows

package tools

import (
	"context"
	"os/exec"
	"strconv"
	"syscall"
)

// shellCommand returns the command that runs command in cmd.exe, in a
// process group of its own, so that Ctrl-C at the console reaches ply
// alone, which decides what to stop. The command line is passed as it is
// ("cmd /d /s /c "command""): cmd.exe does its own parsing, and the
// quoting Go does for ordinary programs would get in its way. When ctx is
// done, the command and the processes it started are killed.
func shellCommand(ctx context.Context, command string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "cmd")
	cmd.SysProcAttr = &syscall.SysProcAttr{
		CmdLine:       `cmd /d /s /c "` + command + `"`,
		CreationFlags: syscall.CREATE_NEW_PROCESS_GROUP,
	}
	cmd.Cancel = func() error { return killGroup(cmd) }
	return cmd
}

// ownGroup makes cmd start in a process group of its own, as
// shellCommand's cmd.exe does.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{CreationFlags: syscall.CREATE_NEW_PROCESS_GROUP}
}

// killGroup kills cmd's process and every process it started, as far as
// Windows can tell: taskkill /T follows the parent of each process, so a
// process whose parent has already ended is missed, and after the command
// has ended, so is everything it left behind. A job object would catch
// them all, but it takes golang.org/x/sys/windows and tests that run on
// Windows, which the course's CI does not; this is a best effort, and the
// lesson says so. The call still ends: WaitDelay closes the output of a
// process that lives on. When taskkill itself fails, the command's own
// process is still killed.
func killGroup(cmd *exec.Cmd) error {
	taskkill := exec.Command("taskkill", "/T", "/F", "/PID", strconv.Itoa(cmd.Process.Pid))
	if err := taskkill.Run(); err != nil {
		return cmd.Process.Kill()
	}
	return nil
}
