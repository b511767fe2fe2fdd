package media_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/jpeg"
	"math/rand/v2"
	"testing"

	"rendezvous/engine/media"
)

// cameraJPEG is a photo-like w x h JPEG (4:2:0, quality 90): gradients with
// grain, so it compresses and decodes like a camera picture.
func cameraJPEG(t testing.TB, w, h int) []byte {
	t.Helper()
	img := image.NewYCbCr(image.Rect(0, 0, w, h), image.YCbCrSubsampleRatio420)
	rng := rand.New(rand.NewPCG(1, 2))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Y[img.YOffset(x, y)] = uint8(x*200/w+y*55/h) + uint8(rng.IntN(24))
		}
	}
	for y := 0; y < h/2; y++ {
		for x := 0; x < w/2; x++ {
			_, cb, cr := color.RGBToYCbCr(uint8(2*x*255/w), uint8(2*y*255/h), 90)
			i := img.COffset(2*x, 2*y)
			img.Cb[i], img.Cr[i] = cb, cr
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestTwelveMegapixelCost: a 12 MP camera JPEG (4000 x 3000) is processed
// (decode, scale, two encodes) within the memory target of one upload in
// flight, 60 MB allocated, with no allowance: allocation does not depend on
// the machine. Its CPU is held two ways, since CI machines are shared and
// loaded. Against the machine: the whole processing costs less than what
// image/jpeg's full decode alone costs in the same run (the median of
// seven rounds' ratios, each round running the two back to back). The
// 150 ms target against image/jpeg's 170-230 ms for this photo on the
// 2-core development machine asks for about 0.65-0.9x; processing, which
// decodes at half the size with jpegscale, measured 0.68-0.86x there at
// load averages of 11-14 (before jpegscale it was 1.3x: the full decode and
// 60 ms besides), while the ratio of the cheapest rounds of each went from
// 0.69x to 0.96x in the same hour. And absolutely: the cheapest round at
// most twice the target, the allowance for a loaded machine (138-210 ms at
// those loads).
//
// Not parallel: it measures the whole test process, so no other test may
// run meanwhile (parallel tests wait until sequential ones are done).
func TestTwelveMegapixelCost(t *testing.T) {
	const maxVsDecode = 1.0
	data := cameraJPEG(t, 4000, 3000)
	p := media.NewProcessor(media.DefaultLimits, 1)
	cost, err := p.MeasureCost(context.Background(), data, 7)
	if err != nil {
		t.Fatal(err)
	}
	ratio := cost.VsDecode
	t.Logf("12 MP JPEG (%d KiB): %v CPU (image/jpeg's decode alone %v: %.2fx; median of the rounds' ratios %.2fx), %.1f MB allocated",
		len(data)>>10, cost.CPU, cost.DecodeCPU, float64(cost.CPU)/float64(cost.DecodeCPU), ratio, float64(cost.AllocBytes)/1e6)
	if cost.AllocBytes > media.TargetBytesPerUpload {
		t.Errorf("%.1f MB allocated for a 12 MP photo, want at most %.0f MB", float64(cost.AllocBytes)/1e6, float64(media.TargetBytesPerUpload)/1e6)
	}
	// What processing allocates besides the half-size decode (4.5 MB of
	// planes) is the display and thumbnail in 4:4:4 YCbCr (3.7 and 0.3 MB)
	// and the two JPEGs: 9.3 MB in all. An RGBA copy of the display on the
	// way to the encoder (4.9 MB, and a tenth of the CPU converting to it
	// and back) would break this.
	const processingBytes = 11_000_000
	if cost.AllocBytes > processingBytes {
		t.Errorf("%.1f MB allocated for a 12 MP photo, want at most %.0f MB (the display image goes to the encoder in YCbCr)", float64(cost.AllocBytes)/1e6, float64(processingBytes)/1e6)
	}
	if ratio >= maxVsDecode {
		t.Errorf("processing cost %.2fx of image/jpeg's decode alone (median of the rounds; cheapest rounds %v and %v), want less than %.2fx", ratio, cost.CPU, cost.DecodeCPU, maxVsDecode)
	}
	if cost.CPU > 2*media.TargetCPU12MP {
		t.Errorf("%v of CPU for a 12 MP photo, want at most %v (twice the %v target)", cost.CPU, 2*media.TargetCPU12MP, media.TargetCPU12MP)
	}
}
