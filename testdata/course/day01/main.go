// Command ply is the day of a tiny course that the lab's own tests work
// on: a program with a self-check, in the shape of a real day.
package main

import (
	"fmt"
	"os"

	"ply/day01/selftest"
)

func main() {
	os.Exit(run())
}

// run runs the self-check when SELFTEST=1, and returns the exit status.
func run() int {
	if os.Getenv("SELFTEST") != "1" {
		fmt.Println("ply: the lab's test course")
		return 0
	}
	passed, total := 0, 0
	selftest.Run(func(name string, exercise int, err error) {
		total++
		if err == nil {
			passed++
			fmt.Printf("✓ %s\n", name)
			return
		}
		fmt.Printf("✗ %s: %v — see exercise %d\n", name, err, exercise)
	})
	fmt.Printf("%d/%d passed\n", passed, total)
	if passed < total {
		return 1
	}
	return 0
}
