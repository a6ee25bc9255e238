// Wrong: the command's spaces are tidied before it becomes a grant, so two commands that differ inside quotes, or a command and its second line, share one.
// Exercise: 2
// Caught by: TestGrantKey, self-check "always for a command covers that exact command, and no other"
package approval

import "strings"

func grantKey(name string, args arguments, workspace string) string {
	switch name {
	case "run_command":
		command := strings.Join(strings.Fields(args.Command), " ")
		if command == "" {
			return ""
		}
		return name + ": " + command
	case "write_file", "edit_file":
		if args.Path == "" {
			return ""
		}
		return name + ": " + workspacePath(args.Path, workspace)
	}
	return name + ": " + args.raw
}
