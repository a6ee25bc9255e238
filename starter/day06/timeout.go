package main

import (
	"fmt"
	"math"
	"strconv"
	"time"
)

// longestIdleTimeout is the largest PLY_IDLE_TIMEOUT ply takes: a day.
// A server silent for longer is not coming back, and a bigger number
// would only overflow a time.Duration.
const longestIdleTimeout = 24 * time.Hour

// idleTimeout reads PLY_IDLE_TIMEOUT, how many seconds a server may say
// nothing (for its headers, then between two pieces of its reply), from
// getenv. Unset, it is 0 and the gateway keeps its default. Fractions are
// allowed ("0.5"); a value that is not a positive number of seconds up to
// a day is an error that names the variable.
func idleTimeout(getenv func(string) string) (time.Duration, error) {
	value := getenv("PLY_IDLE_TIMEOUT")
	if value == "" {
		return 0, nil
	}
	s, err := strconv.ParseFloat(value, 64)
	if err != nil || math.IsNaN(s) || s <= 0 || s > longestIdleTimeout.Seconds() {
		return 0, fmt.Errorf("PLY_IDLE_TIMEOUT=%q: want how many seconds a server may say nothing, "+
			"a positive number up to %.0f such as 300", value, longestIdleTimeout.Seconds())
	}
	return time.Duration(s * float64(time.Second)), nil
}
