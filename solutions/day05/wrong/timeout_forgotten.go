// Wrong: the grant of a command leaves its timeout out, so "always" for a command that may run two minutes lets the same command run ten.
// Exercise: 2
// Caught by: TestGrantKey, TestGrantsTurnAskIntoAllow
package approval

func grantKey(name string, args arguments, workspace string) string {
	switch name {
	case "run_command":
		if args.Command == "" {
			return ""
		}
		return name + ": " + args.Command
	case "write_file", "edit_file":
		if args.Path == "" {
			return ""
		}
		return name + ": " + workspacePath(args.Path, workspace)
	}
	return name + ": " + args.raw
}
