package brandfile

// ColorPairs are the checked colour pairs as "fg bg kind where" (tests).
func ColorPairs() []string {
	out := make([]string, len(colorPairs))
	for i, p := range colorPairs {
		kind := "ui"
		if p.text {
			kind = "text"
		}
		out[i] = p.fg + " " + p.bg + " " + kind + " " + p.where
	}
	return out
}
