package discounts

import "testing"

// TestDiscounted: the discounted price is rounded half up to the minor
// unit and never reaches zero.
func TestDiscounted(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		list       int64
		percentage int
		want       int64
	}{
		{1995, 10, 1796}, // 17.955 -> 17.96
		{1999, 25, 1499}, // 14.9925 -> 14.99
		{3995, 25, 2996}, // 29.9625 -> 29.96
		{7995, 50, 3998}, // 39.975 -> 39.98
		{1000, 25, 750},
		{1990, 99, 20}, // 19.90 -> 0.199 -> 0.20
		{1, 99, 1},     // never free
		{3, 50, 2},     // 1.5 -> 2
	} {
		if got := Discounted(c.list, c.percentage); got != c.want {
			t.Errorf("%d less %d%% = %d, want %d", c.list, c.percentage, got, c.want)
		}
	}
}

func TestNormalize(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{" spring25 ": "SPRING25", "Welcome-ab_1": "WELCOME-AB_1", "": ""} {
		if got := Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
}
