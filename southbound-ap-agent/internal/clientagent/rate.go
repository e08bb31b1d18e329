package clientagent

import (
	"fmt"
	"strconv"
	"strings"
)

// rateUnit is a rate suffix and what it multiplies.
type rateUnit struct {
	suffix string
	mult   float64
}

// cutRateUnit strips the first of units that s ends with and returns its
// multiplier; without one it returns s, 1 and false.
func cutRateUnit(s string, units []rateUnit) (string, float64, bool) {
	for _, u := range units {
		if strings.HasSuffix(s, u.suffix) {
			return strings.TrimSuffix(s, u.suffix), u.mult, true
		}
	}
	return s, 1, false
}

// flagUnits are the units of a rate given on the command line.
var flagUnits = []rateUnit{{"G", 1e9}, {"M", 1e6}, {"k", 1e3}}

// ParseRate parses a command-line rate: "40M", "500k", "1.5G" or plain bit/s.
func ParseRate(s string) (uint64, error) {
	num, mult, _ := cutRateUnit(s, flagUnits)
	f, err := strconv.ParseFloat(num, 64)
	if err != nil || f <= 0 {
		return 0, fmt.Errorf("rate %q: want a positive number of bit/s, e.g. 40M", num)
	}
	return uint64(f * mult), nil
}
