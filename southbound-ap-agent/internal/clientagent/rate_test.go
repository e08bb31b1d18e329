package clientagent

import (
	"strings"
	"testing"
)

func TestParseRateTakesGMkSuffixesOrPlainBitsPerSecond(t *testing.T) {
	for in, want := range map[string]uint64{"40M": 40_000_000, "500k": 500_000, "1.5G": 1_500_000_000, "64000": 64_000} {
		if got, err := ParseRate(in); err != nil || got != want {
			t.Errorf("%q: %d %v, want %d", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "0", "-1M", "40Mbps", "fastM"} {
		if got, err := ParseRate(bad); err == nil || !strings.Contains(err.Error(), "want a positive number of bit/s") {
			t.Errorf("%q: %d %v", bad, got, err)
		}
	}
}
