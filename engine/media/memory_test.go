package media_test

import (
	"bytes"
	"compress/zlib"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"testing"

	"rendezvous/engine/media"
)

// flatPNG is a w x h PNG of one colour, written row by row so the test never
// holds the pixels: a small file with a huge decode (a 6300 x 6300 16-bit
// RGBA one is about 309 KB and 318 MB decoded).
func flatPNG(t testing.TB, w, h int, depth, colour byte) []byte {
	t.Helper()
	channels := map[byte]int{0: 1, 2: 3, 4: 2, 6: 4}[colour]
	var out bytes.Buffer
	out.WriteString("\x89PNG\r\n\x1a\n")
	chunk := func(kind string, body []byte) {
		b := binary.BigEndian.AppendUint32(nil, uint32(len(body)))
		b = append(b, kind...)
		b = append(b, body...)
		out.Write(binary.BigEndian.AppendUint32(b, crc32.ChecksumIEEE(b[4:])))
	}
	ihdr := binary.BigEndian.AppendUint32(nil, uint32(w))
	ihdr = binary.BigEndian.AppendUint32(ihdr, uint32(h))
	chunk("IHDR", append(ihdr, depth, colour, 0, 0, 0))
	var idat bytes.Buffer
	z, err := zlib.NewWriterLevel(&idat, zlib.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	row := make([]byte, 1+w*channels*int(depth)/8) // filter byte 0, then the pixels
	for i := 1; i < len(row); i++ {
		row[i] = 0x80
	}
	for y := 0; y < h; y++ {
		if _, err := z.Write(row); err != nil {
			t.Fatal(err)
		}
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	chunk("IDAT", idat.Bytes())
	chunk("IEND", nil)
	return out.Bytes()
}

// memoryKB reads a field of /proc/self/status (VmRSS, VmHWM) in KiB.
func memoryKB(t *testing.T, field string) int64 {
	t.Helper()
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, field+":"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return kb
		}
	}
	t.Fatalf("no %s in /proc/self/status", field)
	return 0
}

// Six large uploads at once through the engine's processor keep the process
// under 400 MB, and the memory goes back to the system once they are done.
// Six 309 KB 16-bit RGBA PNGs of 6300 x 6300 pixels (318 MB each to decode)
// are refused before decoding; six 8-bit ones (159 MB each) are decoded,
// one after another within the decode budget. The peak is the kernel's
// high-water mark of the resident set, reset before the uploads.
//
// Not parallel: it measures the whole test process, so no other test may
// allocate meanwhile (parallel tests wait until sequential ones are done).
func TestParallelLargeUploadsBoundedMemory(t *testing.T) {
	deep := flatPNG(t, 6300, 6300, 16, 6)
	wide := flatPNG(t, 6300, 6300, 8, 6)
	if len(deep) > 400<<10 {
		t.Fatalf("the 16-bit PNG is %d bytes, not a small file", len(deep))
	}
	p := media.NewProcessor(media.DefaultLimits, 6) // slots enough for all six: the budget must bound them

	runtime.GC()
	debug.FreeOSMemory()
	base := memoryKB(t, "VmRSS")
	if err := os.WriteFile("/proc/self/clear_refs", []byte("5"), 0); err != nil {
		t.Fatalf("reset the peak RSS: %v", err)
	}

	var wg sync.WaitGroup
	errs := make([]error, 12)
	for i := range 12 {
		data := deep
		if i%2 == 1 {
			data = wide
		}
		wg.Go(func() {
			out, err := p.Process(context.Background(), data)
			if err == nil && (out.Width != media.DisplaySide || out.Height != media.DisplaySide) {
				t.Errorf("upload %d: %dx%d", i, out.Width, out.Height)
			}
			errs[i] = err
		})
	}
	wg.Wait()
	peak := memoryKB(t, "VmHWM")
	after := memoryKB(t, "VmRSS")
	t.Logf("RSS before %d MB, peak %d MB, after %d MB", base>>10, peak>>10, after>>10)

	for i, err := range errs {
		if i%2 == 0 && !errors.Is(err, media.ErrTooManyPixels) {
			t.Errorf("16-bit upload %d: %v, want ErrTooManyPixels", i, err)
		}
		if i%2 == 1 && err != nil {
			t.Errorf("8-bit upload %d: %v", i, err)
		}
	}
	if peak > 400<<10 {
		t.Errorf("peak RSS %d MB, want under 400 MB", peak>>10)
	}
	if after > base+64<<10 {
		t.Errorf("RSS %d MB after the uploads, %d MB before: memory not given back", after>>10, base>>10)
	}
}

// Deep colour and progressive JPEGs are judged by the memory they take to
// decode, not by their pixels alone; whatever fits is still accepted.
func TestDecodeMemoryLimit(t *testing.T) {
	t.Parallel()
	progressive := jpegBomb(t, 8000, 5000) // 40 MP 4:4:4: 120 MB of samples and 480 MB of coefficients
	progressive[bytes.Index(progressive, []byte{0xFF, 0xC0})+1] = 0xC2
	cases := []struct {
		name    string
		data    []byte
		wantErr error
	}{
		{"16-bit RGBA 6300 x 6300", flatPNG(t, 6300, 6300, 16, 6), media.ErrTooManyPixels},
		{"16-bit RGB interlaced 4000 x 4000", interlaced(flatPNG(t, 4000, 4000, 16, 2)), media.ErrTooManyPixels},
		{"progressive jpeg 8000 x 5000", progressive, media.ErrTooManyPixels},
		{"16-bit RGBA 1200 x 900", flatPNG(t, 1200, 900, 16, 6), nil},
		{"16-bit gray 2000 x 1500", flatPNG(t, 2000, 1500, 16, 0), nil},
	}
	p := media.NewProcessor(media.DefaultLimits, 2)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			_, err := p.Process(context.Background(), tc.data)
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("err %v, want %v", err, tc.wantErr)
			}
		})
	}
}

// interlaced marks a PNG as Adam7-interlaced; enough for the header checks,
// which run before its data is read.
func interlaced(png []byte) []byte {
	png = bytes.Clone(png)
	png[28] = 1
	binary.BigEndian.PutUint32(png[29:], crc32.ChecksumIEEE(png[12:29]))
	return png
}

// An upload waits for room in the budget only as long as its request
// lasts: one whose member has gone is not decoded.
func TestDecodeEndsWithTheRequest(t *testing.T) {
	t.Parallel()
	p := media.NewProcessor(media.DefaultLimits, 1)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.Process(ctx, flatPNG(t, 3000, 3000, 8, 6)); !errors.Is(err, context.Canceled) {
		t.Fatalf("upload of an ended request: %v, want context.Canceled", err)
	}
}
