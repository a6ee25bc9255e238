package main

import (
	"fmt"
	"strconv"
)

// contextBudget reads PLY_CONTEXT, the number of tokens the model's window
// holds, from getenv. Unset, it is 0 and the agent keeps its default; a
// value that is not a positive whole number is an error that names the
// variable, since a budget guessed from a typo would compact too often, or
// never.
func contextBudget(getenv func(string) string) (int, error) {
	value := getenv("PLY_CONTEXT")
	if value == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(value)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("PLY_CONTEXT=%q: want the model's window in tokens, a positive whole number such as 32768", value)
	}
	return n, nil
}
