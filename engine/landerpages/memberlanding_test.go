package landerpages

import (
	"strings"
	"testing"
)

// A visit records the slug of a lander or of a member landing as its A/B
// variant, and nothing for other pages or malformed addresses.
func TestVisitVariant(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ path, want string }{
		{"/members/12/landing2/summer", "summer"},
		{"/members/12/landing3/b/", "b"},
		{"/members/12/landing2", ""},
		{"/members/12/landing", ""},
		{"/members/12/landing/summer", ""},
		{"/members/12/landing4/summer", ""},
		{"/members/x/landing2/summer", ""},
		{"/members/0/landing2/summer", ""},
		{"/members/12/landing2/summer/extra", ""},
		{"/members/12/landing2/" + strings.Repeat("x", 101), ""},
		{"/members/12/landing2/<b>", ""},
		{"/members/12", ""},
		{"/pages/faq", ""},
		{"/landers/video/spring", "spring"},
	} {
		if got := VisitVariant(c.path); got != c.want {
			t.Errorf("VisitVariant(%q) = %q, want %q", c.path, got, c.want)
		}
	}
}
