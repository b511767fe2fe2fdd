package jpegscale

import (
	"bytes"
	"errors"
	"image"
	"image/draw"
	"image/jpeg"
	"io"
	"math"
	"os"
	"path/filepath"
	"testing"
)

// The test images are image/jpeg's own (Go's src/image/testdata, BSD
// licence): a frame of real video in every subsampling the decoder handles,
// baseline and progressive, with restart intervals, grayscale, and the CMYK
// and RGB files it hands back to image/jpeg.
var decodable = []string{
	"video-001.jpeg",
	"video-001.progressive.jpeg",
	"video-001.q50.444.jpeg",
	"video-001.q50.444.progressive.jpeg",
	"video-001.q50.422.jpeg",
	"video-001.q50.422.progressive.jpeg",
	"video-001.q50.420.jpeg",
	"video-001.q50.420.progressive.jpeg",
	"video-001.q50.440.jpeg",
	"video-001.restart2.jpeg",
	"video-001.separate.dc.progression.progressive.jpeg",
	"video-005.gray.jpeg",
	"video-005.gray.q50.2x2.progressive.jpeg",
}

func readTestdata(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// toRGBA converts any image to RGBA at the origin.
func toRGBA(img image.Image) *image.RGBA {
	b := img.Bounds()
	dst := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(dst, dst.Bounds(), img, b.Min, draw.Src)
	return dst
}

// boxDown averages each s x s group of src (partial at the right and
// bottom edges) into one pixel: what a scaled decode approximates.
func boxDown(src *image.RGBA, s int) *image.RGBA {
	w, h := ScaledSize(src.Rect.Dx(), src.Rect.Dy(), uint(bitsOf(s)))
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			var sum [4]int
			n := 0
			for yy := y * s; yy < min((y+1)*s, src.Rect.Dy()); yy++ {
				for xx := x * s; xx < min((x+1)*s, src.Rect.Dx()); xx++ {
					i := src.PixOffset(xx, yy)
					for c := range 4 {
						sum[c] += int(src.Pix[i+c])
					}
					n++
				}
			}
			i := dst.PixOffset(x, y)
			for c := range 4 {
				dst.Pix[i+c] = uint8((sum[c] + n/2) / n)
			}
		}
	}
	return dst
}

func bitsOf(s int) int {
	n := 0
	for s > 1 {
		s >>= 1
		n++
	}
	return n
}

// psnr of b against a over the RGB channels, in dB.
func psnr(a, b *image.RGBA) float64 {
	var se float64
	n := 0
	for i := 0; i < len(a.Pix); i += 4 {
		for c := range 3 {
			d := float64(a.Pix[i+c]) - float64(b.Pix[i+c])
			se += d * d
			n++
		}
	}
	if se == 0 {
		return math.Inf(1)
	}
	return 10 * math.Log10(255*255/(se/float64(n)))
}

// TestFullScaleMatchesImageJPEG: at scale 1/1 the fork decodes exactly as
// image/jpeg, so its Huffman, scan and progressive code is unchanged.
func TestFullScaleMatchesImageJPEG(t *testing.T) {
	t.Parallel()
	for _, name := range decodable {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			data := readTestdata(t, name)
			want, err := jpeg.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			got, err := DecodeScaled(bytes.NewReader(data), 0, false)
			if err != nil {
				t.Fatal(err)
			}
			if got.Bounds() != want.Bounds() {
				t.Fatalf("bounds %v, want %v", got.Bounds(), want.Bounds())
			}
			if p := psnr(toRGBA(want), toRGBA(got)); !math.IsInf(p, 1) {
				t.Errorf("differs from image/jpeg: PSNR %.1f dB", p)
			}
		})
	}
}

// TestScaledDecode: at 1/2, 1/4 and 1/8 with full chroma each file decodes
// to the rounded-up size, in the colour model image/jpeg gives it, and its
// colours are close to image/jpeg's full decode averaged down by the same
// factor.
func TestScaledDecode(t *testing.T) {
	t.Parallel()
	// The bound for these small, partly q50 video frames, whose blocks are
	// a large part of the picture; a photo scores higher (the media
	// package's tests hold 35 dB on the finished display image).
	const minPSNR = 30
	for _, name := range decodable {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			data := readTestdata(t, name)
			full, err := jpeg.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			fullRGBA := toRGBA(full)
			for shift := uint(1); shift <= 3; shift++ {
				got, err := DecodeScaled(bytes.NewReader(data), shift, true)
				if err != nil {
					t.Fatalf("1/%d: %v", 1<<shift, err)
				}
				w, h := ScaledSize(full.Bounds().Dx(), full.Bounds().Dy(), shift)
				if got.Bounds() != image.Rect(0, 0, w, h) {
					t.Fatalf("1/%d: bounds %v, want %dx%d", 1<<shift, got.Bounds(), w, h)
				}
				if got.ColorModel() != full.ColorModel() {
					t.Errorf("1/%d: colour model %v, want %v", 1<<shift, got.ColorModel(), full.ColorModel())
				}
				p := psnr(boxDown(fullRGBA, 1<<shift), toRGBA(got))
				t.Logf("1/%d: PSNR %.1f dB", 1<<shift, p)
				if p < minPSNR {
					t.Errorf("1/%d: PSNR %.1f dB against the averaged full decode, want at least %d", 1<<shift, p, minPSNR)
				}
			}
		})
	}
}

// TestScaledPlanes: without full chroma, each plane (luma and the
// subsampled chroma alike) is close to image/jpeg's plane averaged down by
// the scale, and the subsampling is image/jpeg's.
func TestScaledPlanes(t *testing.T) {
	t.Parallel()
	const minPSNR = 30
	for _, name := range decodable {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			data := readTestdata(t, name)
			full, err := jpeg.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			for shift := uint(1); shift <= 3; shift++ {
				got, err := DecodeScaled(bytes.NewReader(data), shift, false)
				if err != nil {
					t.Fatalf("1/%d: %v", 1<<shift, err)
				}
				type pl struct {
					pix    []byte
					stride int
				}
				var want, have []pl
				switch f := full.(type) {
				case *image.Gray:
					want, have = []pl{{f.Pix, f.Stride}}, []pl{{got.(*image.Gray).Pix, got.(*image.Gray).Stride}}
				case *image.YCbCr:
					g := got.(*image.YCbCr)
					if g.SubsampleRatio != f.SubsampleRatio {
						t.Fatalf("1/%d: subsampling %v, want %v", 1<<shift, g.SubsampleRatio, f.SubsampleRatio)
					}
					want = []pl{{f.Y, f.YStride}, {f.Cb, f.CStride}, {f.Cr, f.CStride}}
					have = []pl{{g.Y, g.YStride}, {g.Cb, g.CStride}, {g.Cr, g.CStride}}
				}
				s := 1 << shift
				for i := range want {
					// Compare the samples every full-size sample group
					// covers wholly (the planes' padding aside).
					rows := min(len(have[i].pix)/have[i].stride, len(want[i].pix)/want[i].stride/s)
					cols := min(have[i].stride, want[i].stride/s)
					if i == 0 {
						rows, cols = min(rows, full.Bounds().Dy()/s), min(cols, full.Bounds().Dx()/s)
					} else {
						// The chroma planes' last samples cover the
						// edge partly: keep to the inner part.
						rows, cols = rows*3/4, cols*3/4
					}
					var se float64
					for y := range rows {
						for x := range cols {
							sum := 0
							for yy := range s {
								for xx := range s {
									sum += int(want[i].pix[(y*s+yy)*want[i].stride+x*s+xx])
								}
							}
							d := float64(sum)/float64(s*s) - float64(have[i].pix[y*have[i].stride+x])
							se += d * d
						}
					}
					p := 10 * math.Log10(255*255/(se/float64(rows*cols)+1e-9))
					t.Logf("1/%d plane %d: PSNR %.1f dB", s, i, p)
					if p < minPSNR {
						t.Errorf("1/%d plane %d: PSNR %.1f dB against the averaged plane, want at least %d", s, i, p, minPSNR)
					}
				}
			}
		})
	}
}

// TestColourModelsLeftToImageJPEG: CMYK, RGB, and at a reduced scale 4:1:1
// and 4:1:0 JPEGs are refused with
// ErrColorModel, for the caller to decode with image/jpeg.
func TestColourModelsLeftToImageJPEG(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"video-001.cmyk.jpeg", "video-001.rgb.jpeg", "video-001.q50.411.jpeg", "video-001.q50.410.progressive.jpeg"} {
		_, err := DecodeScaled(bytes.NewReader(readTestdata(t, name)), 1, false)
		if !errors.Is(err, ErrColorModel) {
			t.Errorf("%s: %v, want ErrColorModel", name, err)
		}
	}
}

// TestUniformBlocks: a flat image decodes to the same flat colour at every
// scale (the reduced IDCTs keep the DC level exactly).
func TestUniformBlocks(t *testing.T) {
	t.Parallel()
	for _, v := range []uint8{0, 1, 77, 128, 200, 255} {
		img := image.NewGray(image.Rect(0, 0, 40, 24))
		for i := range img.Pix {
			img.Pix[i] = v
		}
		var buf bytes.Buffer
		if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 100}); err != nil {
			t.Fatal(err)
		}
		for shift := uint(1); shift <= 3; shift++ {
			got, err := DecodeScaled(bytes.NewReader(buf.Bytes()), shift, false)
			if err != nil {
				t.Fatal(err)
			}
			g := got.(*image.Gray)
			for y := range g.Rect.Dy() {
				for x := range g.Rect.Dx() {
					if c := g.GrayAt(x, y).Y; c != v {
						t.Fatalf("level %d at 1/%d: (%d,%d) is %d", v, 1<<shift, x, y, c)
					}
				}
			}
		}
	}
}

// TestCorruptInput: truncated and corrupted JPEGs give an error at every
// scale, never a panic, and truncation gives io.ErrUnexpectedEOF as
// image/jpeg does.
func TestCorruptInput(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"video-001.q50.420.jpeg", "video-001.q50.420.progressive.jpeg", "video-001.restart2.jpeg", "video-005.gray.jpeg"} {
		data := readTestdata(t, name)
		for shift := uint(0); shift <= 3; shift++ {
			for _, n := range []int{0, 1, 2, 3, 20, 100, len(data) / 3, len(data) / 2, len(data) - 2} {
				_, got := DecodeScaled(bytes.NewReader(data[:n]), shift, shift%2 == 0)
				_, want := jpeg.Decode(bytes.NewReader(data[:n]))
				if (got == nil) != (want == nil) {
					t.Errorf("%s cut to %d bytes at 1/%d: %v, image/jpeg %v", name, n, 1<<shift, got, want)
				}
				if errors.Is(want, io.ErrUnexpectedEOF) && !errors.Is(got, io.ErrUnexpectedEOF) {
					t.Errorf("%s cut to %d bytes at 1/%d: %v, want io.ErrUnexpectedEOF", name, n, 1<<shift, got)
				}
			}
			// Flipped bytes through the header, tables and scan data.
			for i := 2; i < len(data); i += max(1, len(data)/97) {
				for _, x := range []byte{0xff, 0x00, 0x80} {
					bad := bytes.Clone(data)
					bad[i] ^= x
					func() {
						defer func() {
							if r := recover(); r != nil {
								t.Fatalf("%s with byte %d ^ %#x at 1/%d: panic %v", name, i, x, 1<<shift, r)
							}
						}()
						img, err := DecodeScaled(bytes.NewReader(bad), shift, shift%2 == 1)
						if err == nil && img == nil {
							t.Errorf("%s with byte %d ^ %#x: no image and no error", name, i, x)
						}
					}()
				}
			}
		}
	}
}
