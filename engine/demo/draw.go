package demo

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"math"
	"math/rand/v2"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// Photo sizes of the drawn pictures: portrait, like phone photos.
const (
	photoW = 600
	photoH = 750
)

var (
	fontOnce sync.Once
	fontFace *opentype.Font
)

func boldFont() *opentype.Font {
	fontOnce.Do(func() {
		f, err := opentype.Parse(gobold.TTF)
		if err != nil {
			panic("demo: embedded Go Bold font is broken: " + err.Error())
		}
		fontFace = f
	})
	return fontFace
}

// drawPhoto paints a demo "photo" for name: a two-colour gradient
// backdrop, soft bokeh circles, a silhouette and the initials, all chosen by
// rng so every member looks different. It returns a JPEG, which then goes
// through the same upload pipeline as members' photos.
func drawPhoto(rng *rand.Rand, name string, variant int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, photoW, photoH))
	h1 := rng.Float64() * 360
	h2 := math.Mod(h1+40+rng.Float64()*120, 360)
	top, bottom := hsl(h1, 0.55, 0.55), hsl(h2, 0.6, 0.3)
	angle := rng.Float64() * 0.6
	for y := 0; y < photoH; y++ {
		for x := 0; x < photoW; x++ {
			t := (float64(y) + angle*float64(x)) / (float64(photoH) + angle*float64(photoW))
			// A little grain so the JPEG looks and weighs like a photo.
			n := (rng.Float64() - 0.5) * 10
			img.SetRGBA(x, y, mix(top, bottom, t, n))
		}
	}
	for i := 0; i < 6+rng.IntN(8); i++ {
		cx, cy := rng.IntN(photoW), rng.IntN(photoH/2)
		r := 20 + rng.IntN(70)
		circle(img, cx, cy, r, hsl(math.Mod(h1+rng.Float64()*60, 360), 0.7, 0.8), 0.18+rng.Float64()*0.2)
	}
	// Silhouette: head and shoulders, shifted per variant.
	skin := hsl(20+rng.Float64()*25, 0.35+rng.Float64()*0.2, 0.25+rng.Float64()*0.45)
	cx := photoW/2 + (variant%3-1)*60 + rng.IntN(30) - 15
	headR := 95 + rng.IntN(25)
	headY := 300 + rng.IntN(60)
	shirt := hsl(rng.Float64()*360, 0.35+rng.Float64()*0.3, 0.2+rng.Float64()*0.3)
	ellipse(img, cx, headY+headR*2+headR/2, headR*4, headR*3, shirt, 1)
	ellipse(img, cx, headY+headR, headR*2/3, headR, darken(skin, 0.85), 1) // neck
	circle(img, cx, headY, headR, skin, 1)
	hair := hsl(rng.Float64()*40, 0.5, 0.1+rng.Float64()*0.4)
	arc(img, cx, headY-headR/4, headR+8, hair)
	initials(img, name, rng)

	var buf bytes.Buffer
	_ = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 88})
	return buf.Bytes()
}

func initials(img *image.RGBA, name string, rng *rand.Rand) {
	var letters []rune
	for _, w := range strings.Fields(name) {
		for _, r := range w {
			if unicode.IsLetter(r) {
				letters = append(letters, unicode.ToUpper(r))
				break
			}
		}
	}
	if len(letters) == 0 {
		return
	}
	face, err := opentype.NewFace(boldFont(), &opentype.FaceOptions{Size: 84, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return
	}
	defer face.Close()
	text := string(letters[:min(2, len(letters))])
	d := &font.Drawer{Dst: img, Src: image.NewUniform(color.NRGBA{255, 255, 255, 235}), Face: face}
	w := d.MeasureString(text).Ceil()
	x := 40 + rng.IntN(max(1, photoW-w-80))
	d.Dot = fixed.P(x, 120+rng.IntN(60))
	d.DrawString(text)
}

func circle(img *image.RGBA, cx, cy, r int, c color.RGBA, alpha float64) {
	ellipse(img, cx, cy, r*2, r*2, c, alpha)
}

// ellipse blends a filled ellipse of width w and height h centred on cx, cy.
func ellipse(img *image.RGBA, cx, cy, w, h int, c color.RGBA, alpha float64) {
	rx, ry := float64(w)/2, float64(h)/2
	b := img.Bounds()
	for y := max(b.Min.Y, cy-h/2); y < min(b.Max.Y, cy+h/2); y++ {
		for x := max(b.Min.X, cx-w/2); x < min(b.Max.X, cx+w/2); x++ {
			dx, dy := (float64(x-cx))/rx, (float64(y-cy))/ry
			if d := dx*dx + dy*dy; d <= 1 {
				// Soft edge over the outer 8%.
				a := alpha * math.Min(1, (1-d)/0.08)
				img.SetRGBA(x, y, mix(img.RGBAAt(x, y), c, a, 0))
			}
		}
	}
}

// arc paints hair: the upper half of a ring around the head.
func arc(img *image.RGBA, cx, cy, r int, c color.RGBA) {
	for y := cy - r; y < cy; y++ {
		for x := cx - r; x < cx+r; x++ {
			dx, dy := float64(x-cx), float64(y-cy)
			if d := math.Hypot(dx, dy); d <= float64(r) && d >= float64(r)*0.55 && image.Pt(x, y).In(img.Bounds()) {
				img.SetRGBA(x, y, c)
			}
		}
	}
}

func mix(a, b color.RGBA, t, noise float64) color.RGBA {
	f := func(x, y uint8) uint8 {
		v := float64(x)*(1-t) + float64(y)*t + noise
		return uint8(math.Max(0, math.Min(255, v)))
	}
	return color.RGBA{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B), 255}
}

func darken(c color.RGBA, f float64) color.RGBA {
	return color.RGBA{uint8(float64(c.R) * f), uint8(float64(c.G) * f), uint8(float64(c.B) * f), 255}
}

// hsl converts hue (degrees), saturation and lightness (0..1) to RGB.
func hsl(h, s, l float64) color.RGBA {
	c := (1 - math.Abs(2*l-1)) * s
	x := c * (1 - math.Abs(math.Mod(h/60, 2)-1))
	m := l - c/2
	var r, g, b float64
	switch {
	case h < 60:
		r, g, b = c, x, 0
	case h < 120:
		r, g, b = x, c, 0
	case h < 180:
		r, g, b = 0, c, x
	case h < 240:
		r, g, b = 0, x, c
	case h < 300:
		r, g, b = x, 0, c
	default:
		r, g, b = c, 0, x
	}
	return color.RGBA{uint8((r + m) * 255), uint8((g + m) * 255), uint8((b + m) * 255), 255}
}
