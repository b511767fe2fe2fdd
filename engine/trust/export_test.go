package trust

// Detect is detect, for the tests of the signals.
var Detect = detect

// ProbesReach reports whether the band probes of hash a find hash b: one
// of b's bands is among the probes of a's band at the same place.
func ProbesReach(a, b uint64) bool {
	ba, bb := bands(a), bands(b)
	for i := range ba {
		for _, p := range probes(ba[i]) {
			if p == bb[i] {
				return true
			}
		}
	}
	return false
}
