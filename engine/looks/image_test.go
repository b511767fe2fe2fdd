package looks_test

import (
	"bytes"
	"image"
	"image/png"
	"testing"

	"rendezvous/engine/looks"
	"rendezvous/engine/looks/lookstest"
)

// An uploaded icon is stored square at the size the web app's manifest
// names (looks.IconSide), the picture centred in it whole; a logo keeps
// its own shape.
func TestIconStoredSquare(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		kind string
		w, h int
		want image.Point
	}{
		{"icon", 64, 40, image.Pt(looks.IconSide, looks.IconSide)},
		{"icon", 1024, 1024, image.Pt(looks.IconSide, looks.IconSide)},
		{"logo", 120, 60, image.Pt(120, 60)},
	} {
		out, err := looks.ImagePNG(tc.kind, lookstest.PNG(t, tc.w, tc.h))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(bytes.NewReader(out))
		if err != nil {
			t.Fatal(err)
		}
		if got := img.Bounds().Size(); got != tc.want {
			t.Errorf("%s %dx%d stored %v, want %v", tc.kind, tc.w, tc.h, got, tc.want)
		}
		if tc.kind == "icon" && tc.w != tc.h {
			// The wide picture fills the width; above and below it is clear.
			if _, _, _, a := img.At(looks.IconSide/2, 2).RGBA(); a != 0 {
				t.Errorf("the band above a wide icon is not clear")
			}
			if r, _, _, a := img.At(looks.IconSide/2, looks.IconSide/2).RGBA(); a == 0 || r>>8 < 190 {
				t.Errorf("the icon's middle is not its picture")
			}
		}
	}
}
