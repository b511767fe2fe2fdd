package trust_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"math/rand/v2"
	"testing"

	xdraw "golang.org/x/image/draw"

	"rendezvous/engine/media"
)

// portrait draws a test photo from seed: a gradient background, a head and
// shoulders of random colours and places, a few shapes and some noise, so
// two seeds give two different "people".
func portrait(seed uint64, w, h int) *image.RGBA {
	r := rand.New(rand.NewPCG(seed, seed*7+1))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	c1 := color.RGBA{uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256)), 255}
	c2 := color.RGBA{uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256)), 255}
	vertical := r.IntN(2) == 0
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			f := float64(x) / float64(w)
			if vertical {
				f = float64(y) / float64(h)
			}
			img.SetRGBA(x, y, color.RGBA{mix(c1.R, c2.R, f), mix(c1.G, c2.G, f), mix(c1.B, c2.B, f), 255})
		}
	}
	ellipse := func(cx, cy, rx, ry int, c color.RGBA) {
		for y := max(0, cy-ry); y < min(h, cy+ry); y++ {
			for x := max(0, cx-rx); x < min(w, cx+rx); x++ {
				dx, dy := float64(x-cx)/float64(rx), float64(y-cy)/float64(ry)
				if dx*dx+dy*dy <= 1 {
					img.SetRGBA(x, y, c)
				}
			}
		}
	}
	randColor := func() color.RGBA {
		return color.RGBA{uint8(r.IntN(256)), uint8(r.IntN(256)), uint8(r.IntN(256)), 255}
	}
	// Shoulders, then the head above them.
	cx := w/4 + r.IntN(w/2)
	ellipse(cx, h, w/3+r.IntN(w/6), h/3+r.IntN(h/6), randColor())
	ellipse(cx, h/3+r.IntN(h/4), w/8+r.IntN(w/8), h/6+r.IntN(h/10), randColor())
	for range 4 {
		x0, y0 := r.IntN(w), r.IntN(h)
		rect := image.Rect(x0, y0, x0+w/8+r.IntN(w/4), y0+h/8+r.IntN(h/4))
		draw.Draw(img, rect, image.NewUniform(randColor()), image.Point{}, draw.Src)
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			p := img.RGBAAt(x, y)
			n := r.IntN(31) - 15
			img.SetRGBA(x, y, color.RGBA{clamp(int(p.R) + n), clamp(int(p.G) + n), clamp(int(p.B) + n), 255})
		}
	}
	return img
}

func mix(a, b uint8, f float64) uint8 { return uint8(float64(a)*(1-f) + float64(b)*f) }

func clamp(v int) uint8 { return uint8(max(0, min(255, v))) }

func encodeJPEG(t testing.TB, img image.Image, quality int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: quality}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// resized is img scaled to w x h.
func resized(img image.Image, w, h int) *image.RGBA {
	out := image.NewRGBA(image.Rect(0, 0, w, h))
	xdraw.CatmullRom.Scale(out, out.Bounds(), img, img.Bounds(), xdraw.Src, nil)
	return out
}

// cropped is img without pct percent of its width and height, taken off
// the left and top edges.
func cropped(img *image.RGBA, pct int) *image.RGBA {
	b := img.Bounds()
	dx, dy := b.Dx()*pct/100, b.Dy()*pct/100
	sub := img.SubImage(image.Rect(b.Min.X+dx, b.Min.Y+dy, b.Max.X, b.Max.Y))
	out := image.NewRGBA(image.Rect(0, 0, sub.Bounds().Dx(), sub.Bounds().Dy()))
	draw.Draw(out, out.Bounds(), sub, sub.Bounds().Min, draw.Src)
	return out
}

// hashOf runs an upload through the engine's photo processing, as a
// member's upload goes, and answers the hash it computed.
func hashOf(t testing.TB, upload []byte) uint64 {
	t.Helper()
	out, err := media.NewProcessor(media.DefaultLimits, 1).Process(context.Background(), upload)
	if err != nil {
		t.Fatal(err)
	}
	return out.Hash
}
