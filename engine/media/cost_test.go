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
// loaded: everything after the decode costs at most half of what the
// decode alone costs in the same run (it cost 0.7x the decode before
// issue 17's rework, when the original was converted and scaled twice),
// and the whole at most three times the 150 ms target. Each is the
// cheapest of five rounds (MeasureCost): a mean of three once put the rest
// at 0.53x the decode on a loaded CI machine and 0.3x on the next run.
//
// Not parallel: it measures the whole test process, so no other test may
// run meanwhile (parallel tests wait until sequential ones are done).
func TestTwelveMegapixelCost(t *testing.T) {
	data := cameraJPEG(t, 4000, 3000)
	p := media.NewProcessor(media.DefaultLimits, 1)
	cost, err := p.MeasureCost(context.Background(), data, 5)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("12 MP JPEG (%d KiB): %v CPU (decode alone %v), %.1f MB allocated",
		len(data)>>10, cost.CPU, cost.DecodeCPU, float64(cost.AllocBytes)/1e6)
	if cost.AllocBytes > media.TargetBytesPerUpload {
		t.Errorf("%.1f MB allocated for a 12 MP photo, want at most %.0f MB", float64(cost.AllocBytes)/1e6, float64(media.TargetBytesPerUpload)/1e6)
	}
	if rest := cost.CPU - cost.DecodeCPU; rest > cost.DecodeCPU/2 {
		t.Errorf("%v of CPU besides the decode (%v), want at most half the decode's", rest, cost.DecodeCPU)
	}
	if cost.CPU > 3*media.TargetCPU12MP {
		t.Errorf("%v of CPU for a 12 MP photo, want at most %v (three times the %v target)", cost.CPU, 3*media.TargetCPU12MP, media.TargetCPU12MP)
	}
}
