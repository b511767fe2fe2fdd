package tenancy

// Bound is what a number field of a brand file may be: from Min to Max in
// steps of Step (1: whole numbers, 0.01: money), Default when left out
// (nil: it has none). The brand editor gives its inputs these, so it
// offers what the check accepts.
type Bound struct {
	Min     float64  `json:"min"`
	Max     float64  `json:"max"`
	Step    float64  `json:"step"`
	Default *float64 `json:"default,omitempty"`
}

// WholeBound is a Bound of whole numbers from lo to hi, def when left out.
func WholeBound(lo, hi, def int) Bound {
	d := float64(def)
	return Bound{Min: float64(lo), Max: float64(hi), Step: 1, Default: &d}
}
