// Wrong: the arguments are compared as text, so a model that writes
// {"a":1,"b":2} and then {"b":2,"a":1} is never caught going round in
// circles.
// Exercise: 4
// Caught by: TestCanonical, TestRepeatsSee/spelt_differently_is_still_the_same, TestRepeatsSee/no_arguments_and_{}_are_the_same, self-check "calls that differ only in spacing and key order are the same call"
package agent

func canonical(args string) string {
	return args
}
