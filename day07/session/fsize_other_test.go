//go:build !unix || aix || solaris

package session

import "errors"

// limitFileSize cannot limit a file's size here.
func limitFileSize(uint64) error { return errors.ErrUnsupported }
