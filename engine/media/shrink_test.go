package media

import (
	"bytes"
	"image"
	"image/color"
	"testing"
)

// The area filter averages exactly what each output sample covers: whole
// blocks at integer ratios, fractional weights otherwise, and a flat plane
// stays flat at any ratio (no rounding drift, no overflow at the largest
// sides the limits allow).
func TestShrinkPlane(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name         string
		src          []byte
		sw, sh, w, h int
		want         []byte
	}{
		{"2x2 blocks", []byte{0, 4, 10, 10, 8, 4, 10, 10}, 4, 2, 2, 1, []byte{4, 10}},
		{"3 to 2", []byte{0, 90, 180}, 3, 1, 2, 1, []byte{30, 150}},
		{"same size", []byte{1, 2, 3, 4}, 2, 2, 2, 2, []byte{1, 2, 3, 4}},
		{"column 3 to 1", []byte{30, 60, 90}, 1, 3, 1, 1, []byte{60}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			dst := make([]byte, tc.w*tc.h)
			shrinkPlane(plane{dst, tc.w, 1}, tc.w, tc.h, plane{tc.src, tc.sw, 1}, tc.sw, tc.sh)
			if !bytes.Equal(dst, tc.want) {
				t.Errorf("got %v, want %v", dst, tc.want)
			}
		})
	}
	for _, size := range [][4]int{{4000, 3000, 1280, 960}, {12000, 100, 1280, 10}, {100, 12000, 10, 1280}, {333, 777, 320, 320}} {
		src := bytes.Repeat([]byte{255}, size[0]*size[1])
		dst := make([]byte, size[2]*size[3])
		shrinkPlane(plane{dst, size[2], 1}, size[2], size[3], plane{src, size[0], 1}, size[0], size[1])
		if n := bytes.Count(dst, []byte{255}); n != len(dst) {
			t.Errorf("%v: a flat 255 plane came out with %d of %d samples 255", size, n, len(dst))
		}
	}
}

// A JPEG's display image, scaled from its subsampled planes, keeps the
// colours of the original where they are: left half red, right half blue.
func TestDisplayFromYCbCrColours(t *testing.T) {
	t.Parallel()
	ratios := []image.YCbCrSubsampleRatio{image.YCbCrSubsampleRatio420, image.YCbCrSubsampleRatio422,
		image.YCbCrSubsampleRatio444, image.YCbCrSubsampleRatio411}
	for _, ratio := range ratios {
		src := image.NewYCbCr(image.Rect(0, 0, 400, 300), ratio)
		for py := range 300 {
			for px := range 400 {
				y, cb, cr := color.RGBToYCbCr(255, 0, 0)
				if px >= 200 {
					y, cb, cr = color.RGBToYCbCr(0, 0, 255)
				}
				src.Y[src.YOffset(px, py)] = y
				src.Cb[src.COffset(px, py)], src.Cr[src.COffset(px, py)] = cb, cr
			}
		}
		out := rgbaOf(displayFromYCbCr(src, 128, 96))
		for _, pt := range []image.Point{{0, 0}, {0, 95}, {60, 48}, {127, 0}, {127, 95}, {68, 48}} {
			c := out.RGBAAt(pt.X, pt.Y)
			red := c.R > 245 && c.G < 10 && c.B < 10
			blue := c.B > 245 && c.R < 10 && c.G < 10
			if (pt.X < 64 && !red) || (pt.X >= 64 && !blue) || c.A != 255 {
				t.Errorf("%v at %v: %v, want %s", ratio, pt, c, map[bool]string{true: "red", false: "blue"}[pt.X < 64])
			}
		}
	}
}
