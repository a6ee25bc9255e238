package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"ply/day06/sandbox"
)

// sandboxFlags are the flags that widen the sandbox of the commands ply
// runs: a folder more to read or to write (a toolchain outside the system,
// a cache of another language), and the network.
type sandboxFlags struct {
	read, write []string // absolute paths of folders that exist
	network     bool
}

// register adds the flags to flags.
func (f *sandboxFlags) register(flags *flag.FlagSet) {
	flags.Func("sandbox-read", "let commands read and run programs from `dir` too (repeatable)", folderFlag(&f.read))
	flags.Func("sandbox-write", "let commands write `dir` too (repeatable)", folderFlag(&f.write))
	flags.BoolVar(&f.network, "sandbox-net", false, "let commands open network connections")
}

// folderFlag returns a flag's function that adds a folder to list, as an
// absolute path, and refuses a path that is no folder.
func folderFlag(list *[]string) func(string) error {
	return func(value string) error {
		abs, err := filepath.Abs(value)
		if err != nil {
			return err
		}
		info, err := os.Stat(abs)
		if err == nil && !info.IsDir() {
			err = errors.New("not a folder")
		}
		if err != nil {
			return fmt.Errorf("%s: %w", value, err)
		}
		*list = append(*list, abs)
		return nil
	}
}

// places returns what the sandbox of the workspace dir is made of, with
// the flags' folders, or nil when commands cannot be confined here. Then
// it says so on stderr, once, with why: the user should know that every
// command asks, and runs with all their rights once approved.
func (f sandboxFlags) places(dir string) *sandbox.Places {
	places := sandbox.DefaultPlaces(dir)
	places.Read, places.Write, places.Network = f.read, f.write, f.network
	if err := places.Check(); err != nil {
		fmt.Fprintf(os.Stderr, "ply: no sandbox (%v): every command asks, and runs with all your rights\n", err)
		return nil
	}
	return &places
}
