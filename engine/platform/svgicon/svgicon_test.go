package svgicon_test

import (
	"bytes"
	"image/color"
	"image/png"
	"io/fs"
	"testing"

	"rendezvous/engine/platform/svgicon"
	"rendezvous/themes"
)

// rgba is the colour of the pixel at (x, y), unpremultiplied.
func rgba(t *testing.T, src string, size, x, y int) color.NRGBA {
	t.Helper()
	img, err := svgicon.Draw([]byte(src), size)
	if err != nil {
		t.Fatal(err)
	}
	return color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
}

// Every theme's icon and logo draws, transparent outside its tile and in
// the tile's colour just inside its edge.
func TestThemeDrawings(t *testing.T) {
	t.Parallel()
	names, err := fs.Glob(themes.FS, "*/*.svg")
	if err != nil || len(names) == 0 {
		t.Fatalf("no theme drawings: %v", err)
	}
	for _, name := range names {
		src, err := fs.ReadFile(themes.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		for _, size := range []int{32, 192} {
			out, err := svgicon.PNG(src, size)
			if err != nil {
				t.Fatalf("%s at %d: %v", name, size, err)
			}
			img, err := png.Decode(bytes.NewReader(out))
			if err != nil {
				t.Fatalf("%s: not a PNG: %v", name, err)
			}
			if b := img.Bounds(); b.Dx() != size || b.Dy() != size {
				t.Errorf("%s: %v, want %dx%d", name, b, size, size)
			}
			if _, _, _, a := img.At(0, 0).RGBA(); a != 0 {
				t.Errorf("%s at %d: the corner is not transparent (alpha %d)", name, size, a)
			}
			// 3/48 in from the left edge, half way down: the tile, not the mark.
			if _, _, _, a := img.At(size*3/48, size/2).RGBA(); a != 0xffff {
				t.Errorf("%s at %d: the tile's edge is not opaque (alpha %d)", name, size, a)
			}
		}
	}
}

// Shapes land where SVG puts them: a rect's colour inside it and nothing
// outside; an arc path draws the circle a <circle> draws.
func TestShapes(t *testing.T) {
	t.Parallel()
	rect := `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect x="2" y="2" width="6" height="6" fill="#f00"/></svg>`
	if got := rgba(t, rect, 10, 5, 5); got != (color.NRGBA{255, 0, 0, 255}) {
		t.Errorf("inside the rect: %v", got)
	}
	if got := rgba(t, rect, 10, 1, 5); got.A != 0 {
		t.Errorf("outside the rect: %v", got)
	}
	// A 20-unit viewBox drawn at 40 px: doubled.
	scaled := `<svg viewBox="0 0 20 20"><path d="M0 0h10v10H0z" fill="#00ff00"/></svg>`
	if got := rgba(t, scaled, 40, 19, 19); got != (color.NRGBA{0, 255, 0, 255}) {
		t.Errorf("the scaled square's last pixel: %v", got)
	}
	if got := rgba(t, scaled, 40, 21, 21); got.A != 0 {
		t.Errorf("past the scaled square: %v", got)
	}
	circle, err := svgicon.Draw([]byte(`<svg viewBox="0 0 48 48"><circle cx="24" cy="24" r="20" fill="#000"/></svg>`), 96)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{
		"M4 24 A20 20 0 0 1 44 24 A20 20 0 0 1 4 24 Z",
		"M4 24 a20 20 0 1 0 40 0 a20 20 0 1 0 -40 0 z",
	} {
		arcs, err := svgicon.Draw([]byte(`<svg viewBox="0 0 48 48"><path d="`+d+`" fill="#000"/></svg>`), 96)
		if err != nil {
			t.Fatal(err)
		}
		differ := 0
		for i := 3; i < len(arcs.Pix); i += 4 {
			if diff := int(arcs.Pix[i]) - int(circle.Pix[i]); diff > 40 || diff < -40 {
				differ++
			}
		}
		if differ > 96*96/100 {
			t.Errorf("%s: %d pixels differ from the circle's", d, differ)
		}
		if _, _, _, a := arcs.At(48, 48).RGBA(); a != 0xffff {
			t.Errorf("%s: the centre is not filled", d)
		}
	}
}

// What the package cannot draw right is an error, not a wrong picture.
func TestRefusals(t *testing.T) {
	t.Parallel()
	for _, src := range []string{
		`<svg viewBox="0 0 10 10"><rect width="5" height="5" stroke="#000"/></svg>`,
		`<svg viewBox="0 0 10 10"><linearGradient id="g"/></svg>`,
		`<svg viewBox="0 0 10 10"><path d="M0 0 T 5 5" fill="#000"/></svg>`,
		`<svg viewBox="0 0 10 10"><rect width="5" height="5" fill="red"/></svg>`,
		`<svg viewBox="0 0 10 10"><g transform="scale(2)"/></svg>`,
		`<svg viewBox="0 0 10 10"><path d="M0 0 L 5" fill="#000"/></svg>`,
		`<svg><rect width="5" height="5"/></svg>`,
		`<rect width="5" height="5"/>`,
		`<svg viewBox="0 0 10 10"><rect`,
	} {
		if _, err := svgicon.Draw([]byte(src), 16); err == nil {
			t.Errorf("%s: drawn", src)
		}
	}
	if _, err := svgicon.Draw([]byte(`<svg viewBox="0 0 10 10"/>`), 0); err == nil {
		t.Error("size 0: drawn")
	}
}
