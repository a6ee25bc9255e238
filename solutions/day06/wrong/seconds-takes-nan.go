// Wrong: strconv.ParseFloat reads "NaN" as a number, and NaN passes every
// comparison capWait makes: the wait that comes out is nonsense.
// Exercise: 2
// Caught by: TestSeconds/NaN
package llm

import (
	"math"
	"strconv"
	"strings"
)

func seconds(value string) (float64, bool) {
	s, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
	if err != nil && !math.IsInf(s, 1) {
		return 0, false
	}
	return s, true
}
