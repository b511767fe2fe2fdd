package themes_test

import (
	"testing"

	"rendezvous/themes"
)

func TestDrawnPath(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		drawing string
		size    int
		want    string
	}{
		{"/themes/amber/icon.svg", 32, "/themes/amber/icon-32.png"},
		{"/themes/rose/logo.svg", 108, "/themes/rose/logo-108.png"},
		{"/themes/rose/logo.svg", 100, ""},       // not a drawn size
		{"/themes/rose/theme.svg", 32, ""},       // not a logo or icon
		{"https://cdn.example/logo.svg", 32, ""}, // not a theme's
		{"/themes/rose/logo.png", 32, ""},        // not a drawing
		{"/themes/../etc/logo.svg", 32, ""},      // not a theme name
	} {
		if got := themes.DrawnPath(c.drawing, c.size); got != c.want {
			t.Errorf("DrawnPath(%q, %d) = %q, want %q", c.drawing, c.size, got, c.want)
		}
	}
	if got := themes.LogoSrcSet("/themes/midnight/logo.svg"); got != "/themes/midnight/logo-72.png 2x, /themes/midnight/logo-108.png 3x" {
		t.Errorf("LogoSrcSet: %q", got)
	}
	if got := themes.LogoSrcSet("/uploads/logo.svg"); got != "" {
		t.Errorf("LogoSrcSet of another image: %q", got)
	}
}
