// Wrong: "always" for a command grants its name, so always for go test ./... also lets go run evil.go through.
// Exercise: 2
// Caught by: TestGrantKey, TestGrantsTurnAskIntoAllow, self-check "always for a command covers that exact command, and no other"
package approval

import "strings"

func grantKey(name string, args arguments, workspace string) string {
	switch name {
	case "run_command":
		fields := strings.Fields(args.Command)
		if len(fields) == 0 {
			return ""
		}
		return name + ": " + fields[0]
	case "write_file", "edit_file":
		if args.Path == "" {
			return ""
		}
		return name + ": " + workspacePath(args.Path, workspace)
	}
	return name + ": " + args.raw
}
