package media_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"testing"

	"rendezvous/engine/media"
)

// gradient is a test picture: red grows to the right, green downwards, and
// the top-left 10% is pure blue, so tests can tell where a corner went.
func gradient(w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := color.RGBA{uint8(255 * x / w), uint8(255 * y / h), 80, 255}
			if x < w/10 && y < h/10 {
				c = color.RGBA{0, 0, 255, 255}
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}

func encJPEG(t testing.TB, img image.Image) []byte {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func encPNG(t testing.TB, img image.Image) []byte {
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// withSegments inserts JPEG marker segments right after SOI, as cameras do
// with EXIF (APP1), XMP (APP1) and comments (COM).
func withSegments(jpg []byte, segs ...[]byte) []byte {
	out := append([]byte{}, jpg[:2]...)
	for _, s := range segs {
		out = append(out, s...)
	}
	return append(out, jpg[2:]...)
}

func segment(marker byte, payload []byte) []byte {
	s := []byte{0xFF, marker, 0, 0}
	binary.BigEndian.PutUint16(s[2:], uint16(len(payload)+2))
	return append(s, payload...)
}

// exif builds an APP1 EXIF segment (big-endian TIFF) with an Orientation
// tag, a camera Make that carries a marker string, and a GPS IFD holding a
// latitude: what a phone writes.
func exif(orientation uint16) []byte {
	bo := binary.BigEndian
	tiff := []byte("MM\x00\x2a\x00\x00\x00\x08")
	// IFD0: 3 entries, then next-IFD offset 0, then the Make string.
	const entries = 3
	makeOff := 8 + 2 + 12*entries + 4
	makeStr := []byte("SECRETCAMERA-GPS-52.37N\x00")
	gpsOff := makeOff + len(makeStr)
	ifd := make([]byte, 2+12*entries+4)
	bo.PutUint16(ifd[0:], entries)
	put := func(i int, tag, typ uint16, count, value uint32) {
		e := ifd[2+12*i:]
		bo.PutUint16(e[0:], tag)
		bo.PutUint16(e[2:], typ)
		bo.PutUint32(e[4:], count)
		bo.PutUint32(e[8:], value)
	}
	put(0, 0x010F, 2, uint32(len(makeStr)), uint32(makeOff)) // Make
	put(1, 0x0112, 3, 1, uint32(orientation)<<16)            // Orientation (SHORT, left-justified)
	put(2, 0x8825, 4, 1, uint32(gpsOff))                     // GPSInfo IFD pointer
	// GPS IFD: GPSLatitudeRef "N".
	gps := make([]byte, 2+12+4)
	bo.PutUint16(gps[0:], 1)
	bo.PutUint16(gps[2:], 0x0001)
	bo.PutUint16(gps[4:], 2)
	bo.PutUint32(gps[6:], 2)
	copy(gps[10:], "N\x00")
	tiff = append(append(append(tiff, ifd...), makeStr...), gps...)
	return segment(0xE1, append([]byte("Exif\x00\x00"), tiff...))
}

// pngWithText adds a tEXt chunk (metadata a PNG may carry) before IEND.
func pngWithText(p []byte, key, value string) []byte {
	data := append([]byte(key+"\x00"), value...)
	chunk := make([]byte, 8, 12+len(data))
	binary.BigEndian.PutUint32(chunk, uint32(len(data)))
	copy(chunk[4:], "tEXt")
	chunk = append(chunk, data...)
	crc := crc32.ChecksumIEEE(chunk[4:])
	chunk = binary.BigEndian.AppendUint32(chunk, crc)
	iend := len(p) - 12
	return append(append(append([]byte{}, p[:iend]...), chunk...), p[iend:]...)
}

// pngBomb is a valid PNG header announcing w x h pixels with no data: a
// decompression bomb's first bytes.
func pngBomb(w, h uint32) []byte {
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 6 // 8-bit RGBA
	chunk := binary.BigEndian.AppendUint32(nil, 13)
	chunk = append(chunk, "IHDR"...)
	chunk = append(chunk, ihdr...)
	chunk = binary.BigEndian.AppendUint32(chunk, crc32.ChecksumIEEE(chunk[4:]))
	return append([]byte("\x89PNG\r\n\x1a\n"), chunk...)
}

// jpegBomb rewrites the frame size of a real JPEG to w x h.
func jpegBomb(t testing.TB, w, h uint16) []byte {
	j := encJPEG(t, gradient(120, 120))
	for i := 2; i+9 < len(j); {
		if j[i] == 0xFF && (j[i+1] == 0xC0 || j[i+1] == 0xC2) {
			binary.BigEndian.PutUint16(j[i+5:], h)
			binary.BigEndian.PutUint16(j[i+7:], w)
			return j
		}
		i += 2 + int(binary.BigEndian.Uint16(j[i+2:]))
	}
	t.Fatal("no SOF in test JPEG")
	return nil
}

func heicHeader() []byte {
	return append([]byte("\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic"), make([]byte, 200)...)
}

func readFile(t testing.TB, name string) []byte {
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// assertClean checks that a stored JPEG carries no metadata: only the
// segments an image needs (quantisation and Huffman tables, frame, scan),
// no APPn (EXIF, XMP, ICC, JFIF extensions) and no comment, and none of the
// upload's marker strings anywhere.
func assertClean(t *testing.T, out []byte) {
	t.Helper()
	for _, bad := range []string{"Exif", "SECRET", "GPS", "http://ns.adobe.com", "rendezvous-comment", "Author"} {
		if bytes.Contains(out, []byte(bad)) {
			t.Errorf("stored bytes contain %q", bad)
		}
	}
	if len(out) < 4 || out[0] != 0xFF || out[1] != 0xD8 {
		t.Fatalf("stored bytes are not a JPEG")
	}
	for i := 2; i+4 <= len(out); {
		m := out[i+1]
		if m == 0xDA {
			break
		}
		if (m >= 0xE1 && m <= 0xEF) || m == 0xFE {
			t.Errorf("stored JPEG has metadata segment 0xFF%02X", m)
		}
		i += 2 + int(binary.BigEndian.Uint16(out[i+2:]))
	}
}

func TestProcess(t *testing.T) {
	t.Parallel()
	xmp := segment(0xE1, []byte("http://ns.adobe.com/xap/1.0/\x00<x:xmpmeta>SECRET</x:xmpmeta>"))
	comment := segment(0xFE, []byte("rendezvous-comment SECRET"))
	cases := []struct {
		name           string
		data           []byte
		wantErr        error
		wantFormat     string
		wantW, wantH   int
		wantThumb      int
		wantBlueCorner string // where the blue corner should end up: tl, tr, bl, br
	}{
		{name: "jpeg with exif gps xmp comment", data: withSegments(encJPEG(t, gradient(2000, 1500)), exif(1), xmp, comment),
			wantFormat: "jpeg", wantW: 1280, wantH: 960, wantThumb: 320, wantBlueCorner: "tl"},
		{name: "jpeg rotated 90 (orientation 6)", data: withSegments(encJPEG(t, gradient(400, 200)), exif(6)),
			wantFormat: "jpeg", wantW: 200, wantH: 400, wantThumb: 200, wantBlueCorner: "tr"},
		{name: "jpeg rotated 180 (orientation 3)", data: withSegments(encJPEG(t, gradient(300, 200)), exif(3)),
			wantFormat: "jpeg", wantW: 300, wantH: 200, wantThumb: 200, wantBlueCorner: "br"},
		{name: "jpeg rotated 270 (orientation 8)", data: withSegments(encJPEG(t, gradient(400, 200)), exif(8)),
			wantFormat: "jpeg", wantW: 200, wantH: 400, wantThumb: 200, wantBlueCorner: "bl"},
		{name: "portrait png with text chunk", data: pngWithText(encPNG(t, gradient(600, 1800)), "Author", "SECRET"),
			wantFormat: "png", wantW: 426, wantH: 1280, wantThumb: 320, wantBlueCorner: "tl"},
		{name: "webp lossy with alpha", data: readFile(t, "testdata/yellow_rose.lossy-with-alpha.webp"),
			wantFormat: "webp", wantW: 400, wantH: 301, wantThumb: 301},
		{name: "webp lossless", data: readFile(t, "testdata/tux.lossless.webp"),
			wantFormat: "webp", wantW: 386, wantH: 395, wantThumb: 320},
		{name: "heic", data: heicHeader(), wantErr: media.ErrUnsupportedFormat},
		{name: "avif", data: []byte("\x00\x00\x00\x1cftypavif\x00\x00\x00\x00avifmif1miaf"), wantErr: media.ErrUnsupportedFormat},
		{name: "text", data: []byte("<html><script>alert(1)</script></html>"), wantErr: media.ErrNotImage},
		{name: "empty", data: nil, wantErr: media.ErrNotImage},
		{name: "gif", data: []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), wantErr: media.ErrNotImage},
		{name: "jpeg magic then junk", data: append([]byte{0xFF, 0xD8, 0xFF}, bytes.Repeat([]byte{7}, 500)...), wantErr: media.ErrNotImage},
		{name: "png bomb 100k x 100k", data: pngBomb(100_000, 100_000), wantErr: media.ErrTooManyPixels},
		{name: "png bomb 8k x 8k", data: pngBomb(8000, 8000), wantErr: media.ErrTooManyPixels},
		{name: "png one very long side", data: pngBomb(20_000, 100), wantErr: media.ErrTooManyPixels},
		{name: "jpeg bomb 60k x 60k", data: jpegBomb(t, 60000, 60000), wantErr: media.ErrTooManyPixels},
		{name: "too small", data: encPNG(t, gradient(50, 400)), wantErr: media.ErrTooSmall},
		{name: "truncated jpeg", data: encJPEG(t, gradient(800, 600))[:3000], wantErr: media.ErrBroken},
		{name: "too many bytes", data: append(encPNG(t, gradient(120, 120)), make([]byte, media.DefaultLimits.MaxBytes)...), wantErr: media.ErrFileTooBig},
	}
	p := media.NewProcessor(media.DefaultLimits, 2)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			out, err := p.Process(context.Background(), tc.data)
			if tc.wantErr != nil {
				if !errors.Is(err, tc.wantErr) {
					t.Fatalf("err %v, want %v", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if out.Format != tc.wantFormat || out.Width != tc.wantW || out.Height != tc.wantH {
				t.Errorf("got %s %dx%d, want %s %dx%d", out.Format, out.Width, out.Height, tc.wantFormat, tc.wantW, tc.wantH)
			}
			assertClean(t, out.Display)
			assertClean(t, out.Thumb)
			disp, err := jpeg.Decode(bytes.NewReader(out.Display))
			if err != nil {
				t.Fatalf("display is no JPEG: %v", err)
			}
			if b := disp.Bounds(); b.Dx() != tc.wantW || b.Dy() != tc.wantH {
				t.Errorf("display decodes to %v", b)
			}
			th, err := jpeg.Decode(bytes.NewReader(out.Thumb))
			if err != nil {
				t.Fatalf("thumb is no JPEG: %v", err)
			}
			if b := th.Bounds(); b.Dx() != tc.wantThumb || b.Dy() != tc.wantThumb {
				t.Errorf("thumb is %v, want a %d square", b, tc.wantThumb)
			}
			if tc.wantBlueCorner != "" {
				if got := blueCorner(disp); got != tc.wantBlueCorner {
					t.Errorf("blue corner at %s, want %s (orientation not applied)", got, tc.wantBlueCorner)
				}
			}
		})
	}
}

// blueCorner says which corner of img is the blue one.
func blueCorner(img image.Image) string {
	b := img.Bounds()
	at := map[string]image.Point{
		"tl": {b.Min.X + 2, b.Min.Y + 2}, "tr": {b.Max.X - 3, b.Min.Y + 2},
		"bl": {b.Min.X + 2, b.Max.Y - 3}, "br": {b.Max.X - 3, b.Max.Y - 3},
	}
	for name, pt := range at {
		r, g, bl, _ := img.At(pt.X, pt.Y).RGBA()
		if bl > 0xC000 && r < 0x4000 && g < 0x4000 {
			return name
		}
	}
	return "none"
}

func TestSniff(t *testing.T) {
	t.Parallel()
	cases := map[string][]byte{
		"jpeg": {0xFF, 0xD8, 0xFF, 0xE0}, "png": []byte("\x89PNG\r\n\x1a\n...."),
		"webp": []byte("RIFF\x00\x00\x00\x00WEBPVP8 "), "heic": heicHeader(), "": []byte("hello world!"),
	}
	for want, data := range cases {
		if got := media.Sniff(data); got != want {
			t.Errorf("Sniff(%q...) = %q, want %q", data[:4], got, want)
		}
	}
}

// FuzzProcess feeds arbitrary bytes to the upload path: it must never
// panic, must refuse with one of its errors, and whatever it accepts must
// come out as clean JPEGs within the size limits. The seeds run in every
// normal test run.
func FuzzProcess(f *testing.F) {
	f.Add(encJPEG(f, gradient(120, 100)))
	f.Add(withSegments(encJPEG(f, gradient(130, 110)), exif(6)))
	f.Add(encPNG(f, gradient(100, 140)))
	f.Add(readFile(f, "testdata/yellow_rose.lossy-with-alpha.webp"))
	f.Add(pngBomb(50_000, 50_000))
	f.Add(jpegBomb(f, 65000, 65000))
	f.Add(heicHeader())
	f.Add([]byte("not an image"))
	f.Add(encJPEG(f, gradient(200, 200))[:500])
	known := []error{media.ErrNotImage, media.ErrUnsupportedFormat, media.ErrFileTooBig, media.ErrTooManyPixels, media.ErrTooSmall, media.ErrBroken}
	p := media.NewProcessor(media.Limits{MaxBytes: 1 << 20, MaxPixels: 4_000_000, MaxSide: 4000, MinSide: 100}, 1)
	f.Fuzz(func(t *testing.T, data []byte) {
		out, err := p.Process(context.Background(), data)
		if err != nil {
			for _, k := range known {
				if errors.Is(err, k) {
					return
				}
			}
			t.Fatalf("unexpected error kind: %v", err)
		}
		for _, b := range [][]byte{out.Display, out.Thumb} {
			cfg, err := jpeg.DecodeConfig(bytes.NewReader(b))
			if err != nil {
				t.Fatalf("accepted upload produced no JPEG: %v", err)
			}
			if cfg.Width > media.DisplaySide || cfg.Height > media.DisplaySide {
				t.Fatalf("output %dx%d exceeds the display size", cfg.Width, cfg.Height)
			}
		}
	})
}

func BenchmarkProcess(b *testing.B) {
	data := encJPEG(b, gradient(3000, 2000))
	p := media.NewProcessor(media.DefaultLimits, 1)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := p.Process(context.Background(), data); err != nil {
			b.Fatal(err)
		}
	}
}
