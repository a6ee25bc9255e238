//go:build !unix

package main

import "testing"

// unixHostileCalls has nothing to add where a workspace cannot hold named
// pipes and symbolic links are not always allowed.
func unixHostileCalls(*testing.T, string) []hostileCall { return nil }
