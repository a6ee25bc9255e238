package llm

import (
	"math"
	"strconv"
	"time"
)

// waitUnits are the units a wait is said in, largest first: a year is 365
// days, since no wait here needs the calendar.
var waitUnits = []struct {
	one, many string // the unit's name after 1, and after any other number
	size      time.Duration
}{
	{"year", "years", 365 * 24 * time.Hour},
	{"day", "days", 24 * time.Hour},
	{"h", "h", time.Hour},
	{"min", "min", time.Minute},
}

// waitText says how long a wait is the way a person would, in the largest
// unit it reaches, to a tenth: "0.2 s", "1.5 min", "5 min", "2.5 h",
// "31 years". A time.Duration's own String says "271560h0m0s" for the 31
// years.
func waitText(d time.Duration) string {
	for _, u := range waitUnits {
		if d < u.size {
			continue
		}
		if n := tenths(d.Seconds() / u.size.Seconds()); n != "1" {
			return n + " " + u.many
		}
		return "1 " + u.one
	}
	return tenths(d.Seconds()) + " s"
}

// tenths writes x rounded to a tenth, without a trailing ".0".
func tenths(x float64) string {
	return strconv.FormatFloat(math.Round(x*10)/10, 'f', -1, 64)
}
