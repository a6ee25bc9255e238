package ui

import (
	"errors"
	"fmt"
	"strconv"

	"ply/day05/approval"
	"ply/day05/llm"
)

// grantLines is what /grants shows: each "always" of the session,
// numbered for /revoke, made safe for the terminal.
func grantLines(grants []string) []string {
	if len(grants) == 0 {
		return []string{"no grants: every call that asks will ask again"}
	}
	lines := make([]string, len(grants))
	for i, g := range grants {
		lines[i] = fmt.Sprintf("%d  %s", i+1, oneLine(g))
	}
	return lines
}

// errRevokeUsage is the answer to /revoke with an argument it cannot use.
var errRevokeUsage = errors.New("usage: /revoke N (a number /grants shows), or /revoke all")

// revoke drops grants as /revoke arg asks: "all", or the number /grants
// shows beside one. It returns what it did, in words for the user.
func revoke(grants *approval.Grants, arg string) (string, error) {
	if arg == "all" {
		return fmt.Sprintf("revoked %s; every call that asks will ask again", llm.Count(grants.RevokeAll(), "grant")), nil
	}
	list := grants.List()
	n, err := strconv.Atoi(arg)
	switch {
	case err != nil:
		return "", errRevokeUsage
	case n < 1 || n > len(list):
		return "", fmt.Errorf("there is no grant %d (/grants lists them)", n)
	}
	grants.Revoke(list[n-1])
	return "revoked: " + oneLine(list[n-1]), nil
}
