package media

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"math"
	"math/rand/v2"
	"strconv"
	"testing"
)

// photoLike is a w x h picture with what photos have and flat test cards do
// not: grain, sharp edges at every angle, fine stripes and smooth colour
// gradients.
func photoLike(w, h int, gray bool) image.Image {
	rng := rand.New(rand.NewPCG(3, 4))
	at := func(x, y int) (uint8, uint8, uint8) {
		fx, fy := float64(x)/float64(w), float64(y)/float64(h)
		r := 60 + 150*fx
		g := 40 + 170*fy
		b := 120 + 80*math.Sin(9*fx+5*fy)
		// Fine stripes in one band, a disc and a rotated square with hard
		// edges.
		if fy > 0.1 && fy < 0.2 {
			r += 50 * math.Sin(float64(x)*0.9)
		}
		if dx, dy := fx-0.6, fy-0.5; dx*dx+dy*dy < 0.04 {
			r, g, b = 230, 200, 40
		}
		if u, v := (fx-0.3)+(fy-0.7), (fx-0.3)-(fy-0.7); math.Abs(u) < 0.12 && math.Abs(v) < 0.12 {
			r, g, b = 20, 30, 60
		}
		n := float64(rng.IntN(21) - 10)
		c := func(v float64) uint8 { return uint8(max(0, min(255, v+n))) }
		return c(r), c(g), c(b)
	}
	if gray {
		img := image.NewGray(image.Rect(0, 0, w, h))
		for y := range h {
			for x := range w {
				r, g, b := at(x, y)
				img.Pix[y*img.Stride+x] = uint8((int(r)*299 + int(g)*587 + int(b)*114) / 1000)
			}
		}
		return img
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			r, g, b := at(x, y)
			img.SetRGBA(x, y, color.RGBA{r, g, b, 255})
		}
	}
	return img
}

func encodeTestJPEG(t testing.TB, img image.Image, quality int) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: quality}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// fullDecodeDisplay is the display image as processing made it before
// jpegscale: image/jpeg's full decode, area-filtered from its planes.
func fullDecodeDisplay(t *testing.T, data []byte) *image.RGBA {
	t.Helper()
	src, err := jpeg.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	b := src.Bounds()
	dw, dh := fit(b.Dx(), b.Dy(), DisplaySide)
	if ycc, ok := src.(*image.YCbCr); ok {
		return rgbaOf(displayFromYCbCr(ycc, dw, dh))
	}
	return rgbaOf(scaled(src, b, dw, dh))
}

// scaledDecodeDisplay is the display image as Process makes it now.
func scaledDecodeDisplay(t *testing.T, data []byte) (*image.RGBA, uint) {
	t.Helper()
	cfg, err := jpeg.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	dw, dh := fit(cfg.Width, cfg.Height, DisplaySide)
	src, shift, err := decodeJPEGScaled(data, jpegShift(cfg.Width, cfg.Height, dw, dh))
	if err != nil {
		t.Fatal(err)
	}
	if ycc, ok := src.(*image.YCbCr); ok {
		return rgbaOf(displayFromYCbCr(ycc, dw, dh)), shift
	}
	return rgbaOf(scaled(src, src.Bounds(), dw, dh)), shift
}

// rgbaOf is img in RGBA, to compare its colours.
func rgbaOf(img image.Image) *image.RGBA {
	dst := image.NewRGBA(img.Bounds())
	draw.Draw(dst, dst.Bounds(), img, img.Bounds().Min, draw.Src)
	return dst
}

// rgbPSNR compares two images of one size over their RGB channels.
func rgbPSNR(a, b *image.RGBA) float64 {
	var se float64
	for i := 0; i < len(a.Pix); i += 4 {
		for c := range 3 {
			d := float64(a.Pix[i+c]) - float64(b.Pix[i+c])
			se += d * d
		}
	}
	mse := se / float64(len(a.Pix)/4*3)
	if mse == 0 {
		return math.Inf(1)
	}
	return 10 * math.Log10(255*255/mse)
}

// TestScaledDecodeDisplayQuality: the display image made from a JPEG
// decoded at a reduced scale is, at every scale Process picks, within
// 35 dB PSNR of the one made from image/jpeg's full decode (a difference
// no one sees at the display size), and of the same size.
func TestScaledDecodeDisplayQuality(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name      string
		img       image.Image
		quality   int
		wantShift uint
	}{
		{"12 MP colour 4:2:0", photoLike(4000, 3000, false), 90, 1},
		{"phone 4032 x 3024", photoLike(4032, 3024, false), 85, 1},
		{"portrait 3000 x 4000", photoLike(3000, 4000, false), 90, 1},
		{"wide 5200 x 2900", photoLike(5200, 2900, false), 90, 2},
		{"panorama 10240 x 1200", photoLike(10240, 1200, false), 85, 3},
		{"grayscale 2600 x 1800", photoLike(2600, 1800, true), 90, 1},
		{"just over the display 1300 x 700", photoLike(1300, 700, false), 90, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			data := encodeTestJPEG(t, tc.img, tc.quality)
			want := fullDecodeDisplay(t, data)
			got, shift := scaledDecodeDisplay(t, data)
			if shift != tc.wantShift {
				t.Errorf("decoded at 1/%d, want 1/%d", 1<<shift, 1<<tc.wantShift)
			}
			if got.Bounds() != want.Bounds() {
				t.Fatalf("display %v, want %v", got.Bounds(), want.Bounds())
			}
			p := rgbPSNR(want, got)
			t.Logf("1/%d: PSNR %.1f dB against the full decode's display", 1<<shift, p)
			if p < 35 {
				t.Errorf("PSNR %.1f dB against the full decode's display, want at least 35", p)
			}
		})
	}
}

// TestJPEGShift: the largest reduction whose result still holds the
// display size.
func TestJPEGShift(t *testing.T) {
	t.Parallel()
	cases := []struct {
		w, h int
		want uint
	}{
		{4000, 3000, 1}, {2560, 1920, 1}, {2556, 1916, 0}, {1280, 960, 0}, {800, 600, 0},
		{5120, 3840, 2}, {5116, 3836, 1}, {10240, 7680, 3}, {12000, 12000, 3}, {3000, 4000, 1},
	}
	for _, tc := range cases {
		dw, dh := fit(tc.w, tc.h, DisplaySide)
		if got := jpegShift(tc.w, tc.h, dw, dh); got != tc.want {
			t.Errorf("%dx%d (display %dx%d): 1/%d, want 1/%d", tc.w, tc.h, dw, dh, 1<<got, 1<<tc.want)
		}
	}
}

// TestCorruptJPEGThroughScaledDecode: truncated and corrupted JPEGs that
// Process decodes at a reduced scale give the typed error the full decode
// gave (ErrNotImage for a broken header, ErrBroken for broken pixel data)
// or, where image/jpeg reads them, a photo; never a panic.
func TestCorruptJPEGThroughScaledDecode(t *testing.T) {
	t.Parallel()
	p := NewProcessor(DefaultLimits, 2)
	for _, src := range []struct {
		name string
		data []byte
	}{
		{"colour", encodeTestJPEG(t, photoLike(2600, 300, false), 80)},
		{"grayscale", encodeTestJPEG(t, photoLike(2600, 300, true), 80)},
	} {
		data := src.data
		variants := map[string][]byte{}
		for _, n := range []int{4, 20, 150, 400, 700, len(data) / 4, len(data) / 2, len(data) - 100, len(data) - 2} {
			variants["cut to "+strconv.Itoa(n)] = data[:n]
		}
		rng := rand.New(rand.NewPCG(5, 6))
		for i := range 24 {
			bad := bytes.Clone(data)
			at := 2 + rng.IntN(len(bad)-2)
			if i < 8 {
				at = 2 + rng.IntN(600) // the header and tables
			}
			bad[at] ^= byte(1 + rng.IntN(255))
			variants["byte "+strconv.Itoa(at)+" flipped"] = bad
		}
		zeroed := bytes.Clone(data)
		clear(zeroed[len(data)/3 : len(data)/3+5000])
		variants["5000 bytes zeroed"] = zeroed
		broken := 0
		for name, bad := range variants {
			var want error
			if _, err := jpeg.DecodeConfig(bytes.NewReader(bad)); err != nil {
				want = ErrNotImage
			} else if _, err := jpeg.Decode(bytes.NewReader(bad)); err != nil {
				want = ErrBroken
			}
			got := func() (err error) {
				defer func() {
					if r := recover(); r != nil {
						err = errors.New("panic")
						t.Errorf("%s %s: panic %v", src.name, name, r)
					}
				}()
				_, err = p.Process(t.Context(), bad)
				return err
			}()
			if want == nil && got != nil && !errors.Is(got, ErrTooManyPixels) && !errors.Is(got, ErrTooSmall) {
				t.Errorf("%s %s: %v, image/jpeg reads it", src.name, name, got)
			}
			if want != nil && !errors.Is(got, want) {
				t.Errorf("%s %s: %v, want %v", src.name, name, got, want)
			}
			if errors.Is(got, ErrBroken) {
				broken++
			}
		}
		if broken < 5 {
			t.Errorf("%s: only %d of %d variants broke the pixel data", src.name, broken, len(variants))
		}
	}
}
