package media

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"runtime"
	"runtime/debug"

	"golang.org/x/image/draw"
	"golang.org/x/image/webp"
	"golang.org/x/sync/semaphore"

	"rendezvous/engine/media/internal/jpegscale"
	"rendezvous/engine/platform/refusal"
)

// Upload refusals. Each is answered with its own code, so members learn
// what to do differently. Their texts name DefaultLimits, the limits the
// engine runs with.
var (
	// ErrPhotoMissing: an upload without its "photo" part.
	ErrPhotoMissing = refusal.New(refusal.Malformed, "photo_missing", "Send the photo as the multipart field \"photo\".")
	// ErrNotImage: the bytes are no JPEG, PNG or WebP image.
	ErrNotImage = refusal.New(refusal.UnsupportedMedia, "photo_not_image",
		"This file is not a photo. Please upload a JPEG, PNG or WebP photo.")
	// ErrUnsupportedFormat: a real image format the engine cannot decode
	// (HEIC/HEIF and AVIF: no maintained pure-Go decoder exists).
	ErrUnsupportedFormat = refusal.New(refusal.UnsupportedMedia, "photo_format_unsupported",
		"HEIC and AVIF photos are not supported yet. Please upload a JPEG, PNG or WebP photo.")
	// ErrUploadUnreadable: the multipart upload carrying a photo cannot be
	// read (profile and chat uploads alike).
	ErrUploadUnreadable = refusal.New(refusal.Malformed, "multipart_invalid", "The upload is not valid multipart form data.")
	// ErrFileTooBig: more bytes than Limits.MaxBytes.
	ErrFileTooBig = refusal.New(refusal.TooLarge, "photo_too_big",
		fmt.Sprintf("This photo is too big: at most %d MB.", DefaultLimits.MaxBytes>>20)).
		With(map[string]any{"max_bytes": DefaultLimits.MaxBytes})
	// ErrTooManyPixels: the header announces more pixels than
	// Limits.MaxPixels, a side longer than Limits.MaxSide, or pixels whose
	// decoding would take more memory than Limits.MaxDecodeBytes (deep
	// colour, progressive JPEG). Checked before a single pixel is decoded,
	// so a decompression bomb costs nothing.
	ErrTooManyPixels = refusal.New(refusal.Invalid, "photo_dimensions",
		fmt.Sprintf("This photo has too many pixels: at most %d megapixels and %d pixels a side.",
			DefaultLimits.MaxPixels/1_000_000, DefaultLimits.MaxSide)).
		With(map[string]any{"max_pixels": DefaultLimits.MaxPixels, "max_side": DefaultLimits.MaxSide})
	// ErrTooSmall: a side shorter than Limits.MinSide.
	ErrTooSmall = refusal.New(refusal.Invalid, "photo_too_small",
		fmt.Sprintf("This photo is too small: at least %d pixels a side.", DefaultLimits.MinSide)).
		With(map[string]any{"min_side": DefaultLimits.MinSide})
	// ErrBroken: a valid header followed by pixel data that does not decode.
	ErrBroken = refusal.New(refusal.Invalid, "photo_broken", "This photo is damaged and cannot be read.")
)

// Limits bound what an upload may be.
type Limits struct {
	MaxBytes  int
	MaxPixels int
	MaxSide   int
	MinSide   int
	// MaxDecodeBytes bounds the memory one decode takes (see decodeCost):
	// pixels alone say too little, since a 16-bit RGBA PNG takes eight bytes
	// a pixel and a progressive JPEG keeps its coefficients besides. 0
	// leaves only the processor's DecodeBudget as the bound.
	MaxDecodeBytes int64
}

// DefaultLimits fit phone and camera photos: 20 MiB and 40 megapixels, at
// least 100 pixels a side, and 192 MiB to decode (a 40 MP 8-bit RGBA image
// is 160 MB; a 16-bit one, twice that, is refused).
var DefaultLimits = Limits{MaxBytes: 20 << 20, MaxPixels: 40_000_000, MaxSide: 12_000, MinSide: 100, MaxDecodeBytes: 192 << 20}

// DecodeBudget is the memory all decodes of a processor may take together
// (what decodeCost estimates, summed over the uploads in flight). Uploads
// over it wait for earlier ones to finish, so however many arrive together
// an instance's memory for images stays about this high.
const DecodeBudget = 256 << 20

// freeAfter is the decode size from which the memory is handed back to the
// operating system as soon as the upload is done, rather than kept by the
// Go heap for minutes: a few such uploads would otherwise leave an idle
// instance holding hundreds of megabytes.
const freeAfter = 64 << 20

// Output sizes: the display image fits in DisplaySide x DisplaySide; the
// thumbnail is a ThumbSide square cut from the centre.
const (
	DisplaySide    = 1280
	ThumbSide      = 320
	displayQuality = 85
	thumbQuality   = 80
)

// Processed is an upload turned into the two JPEGs the engine stores. They
// are freshly encoded from decoded pixels, so no metadata (EXIF, GPS, XMP,
// ICC, comments) of the upload survives.
type Processed struct {
	Display       []byte
	Width, Height int
	Thumb         []byte
	// Format is what the upload was: jpeg, png or webp.
	Format string
	// Hash is the display image's perceptual hash (64-bit pHash): the
	// trust area compares it with every other member's photos.
	Hash uint64
}

// Processor decodes and re-encodes uploads, at most a fixed number at once
// and at most DecodeBudget bytes of decoding at once: decoding is where
// memory goes, so these bounds are what keep an instance's peak memory flat
// however many uploads arrive together.
type Processor struct {
	Limits Limits
	slots  chan struct{}
	budget *semaphore.Weighted
	// budgetBytes is the budget's size: an upload whose decode is larger
	// can never run and is refused at once.
	budgetBytes int64
}

// NewProcessor returns a processor running up to concurrency decodes at
// once (GOMAXPROCS when 0) within DecodeBudget bytes.
func NewProcessor(limits Limits, concurrency int) *Processor {
	if concurrency <= 0 {
		concurrency = runtime.GOMAXPROCS(0)
	}
	return &Processor{Limits: limits, slots: make(chan struct{}, concurrency),
		budget: semaphore.NewWeighted(DecodeBudget), budgetBytes: DecodeBudget}
}

// Sniff names the format of data from its first bytes: jpeg, png, webp,
// heic, avif, or "" for anything else.
func Sniff(data []byte) string {
	switch {
	case len(data) >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF:
		return "jpeg"
	case bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")):
		return "png"
	case len(data) >= 12 && string(data[0:4]) == "RIFF" && string(data[8:12]) == "WEBP":
		return "webp"
	case len(data) >= 12 && string(data[4:8]) == "ftyp":
		switch string(data[8:12]) {
		case "heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1":
			return "heic"
		case "avif", "avis":
			return "avif"
		}
	}
	return ""
}

// Process checks an upload against the limits, decodes it, turns it upright
// (EXIF orientation, which re-encoding would otherwise lose), flattens
// transparency onto white and encodes the display image and the thumbnail.
// When the decodes in flight leave no room in the budget it waits for
// room, as long as ctx (the member's request) lasts.
func (p *Processor) Process(ctx context.Context, data []byte) (Processed, error) {
	lim := p.Limits
	if len(data) > lim.MaxBytes {
		return Processed{}, ErrFileTooBig
	}
	format := Sniff(data)
	switch format {
	case "heic", "avif":
		return Processed{}, ErrUnsupportedFormat
	case "jpeg", "png", "webp":
	default:
		return Processed{}, ErrNotImage
	}
	decodeConfig, decode := configDecoderOf(format), decoderOf(format)
	cfg, err := decodeConfig(data)
	if err != nil {
		return Processed{}, ErrNotImage
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > lim.MaxSide || cfg.Height > lim.MaxSide ||
		cfg.Width*cfg.Height > lim.MaxPixels {
		return Processed{}, ErrTooManyPixels
	}
	if cfg.Width < lim.MinSide || cfg.Height < lim.MinSide {
		return Processed{}, ErrTooSmall
	}
	cost := decodeCost(format, data, cfg)
	if lim.MaxDecodeBytes > 0 && cost > lim.MaxDecodeBytes {
		return Processed{}, ErrTooManyPixels
	}
	cost += workingBytes(cfg.Width, cfg.Height)
	if cost > p.budgetBytes {
		return Processed{}, ErrTooManyPixels
	}
	orientation := 1
	if format == "jpeg" {
		orientation = jpegOrientation(data)
	}

	if err := p.budget.Acquire(ctx, cost); err != nil {
		return Processed{}, fmt.Errorf("media: waiting to decode: %w", err)
	}
	defer p.budget.Release(cost)
	select {
	case p.slots <- struct{}{}:
	case <-ctx.Done():
		return Processed{}, fmt.Errorf("media: waiting to decode: %w", ctx.Err())
	}
	defer func() { <-p.slots }()
	if cost >= freeAfter {
		// Runs before the budget is released: the next large decode starts
		// on a heap that has already let this one go.
		defer debug.FreeOSMemory()
	}
	// Scale first, rotate after: turning the small image is cheap. A JPEG
	// is decoded straight at the smallest scale that still holds the
	// display size (jpegShift); the area filter finishes to the exact size.
	// The thumbnail comes from the display image, which holds every pixel
	// it needs (it is at least as large), not from the original again.
	dw, dh := fit(cfg.Width, cfg.Height, DisplaySide)
	var shift uint
	if format == "jpeg" {
		shift = jpegShift(cfg.Width, cfg.Height, dw, dh)
		decode = func(b []byte) (image.Image, error) {
			img, used, err := decodeJPEGScaled(b, shift)
			shift = used
			return img, err
		}
	}
	src, err := safeDecode(decode, data)
	if err != nil {
		return Processed{}, ErrBroken
	}
	b := src.Bounds()
	if sw, sh := jpegscale.ScaledSize(cfg.Width, cfg.Height, shift); b.Dx() != sw || b.Dy() != sh {
		// The header lied about the size; trust neither.
		return Processed{}, ErrBroken
	}

	var display *image.YCbCr
	if ycc, ok := src.(*image.YCbCr); ok && (dw != b.Dx() || dh != b.Dy()) {
		display = displayFromYCbCr(ycc, dw, dh)
	} else {
		display = scaled(src, b, dw, dh)
	}
	src = nil // let the decoded original go before the rest
	side := min(dw, dh)
	corner := image.Pt((dw-side)/2, (dh-side)/2)
	crop := image.Rectangle{Min: corner, Max: corner.Add(image.Pt(side, side))}
	ts := min(ThumbSide, cfg.Width, cfg.Height)
	thumb := displayFromYCbCr(display.SubImage(crop).(*image.YCbCr), ts, ts)

	displayImg := orient(display, orientation)
	out := Processed{Format: format, Width: displayImg.Bounds().Dx(), Height: displayImg.Bounds().Dy()}
	if out.Display, err = encodeJPEG(displayImg, displayQuality); err != nil {
		return Processed{}, err
	}
	if out.Thumb, err = encodeJPEG(orient(thumb, orientation), thumbQuality); err != nil {
		return Processed{}, err
	}
	if out.Hash, err = perceptualHash(display, orientation); err != nil {
		return Processed{}, fmt.Errorf("media: perceptual hash: %w", err)
	}
	return out, nil
}

// decoderOf is the decoder of a format Sniff names, nil for one the engine
// cannot decode.
func decoderOf(format string) func([]byte) (image.Image, error) {
	switch format {
	case "jpeg":
		return func(b []byte) (image.Image, error) { return jpeg.Decode(bytes.NewReader(b)) }
	case "png":
		return func(b []byte) (image.Image, error) { return png.Decode(bytes.NewReader(b)) }
	case "webp":
		return func(b []byte) (image.Image, error) { return webp.Decode(bytes.NewReader(b)) }
	}
	return nil
}

// jpegShift is the largest reduction (as a power of two, at most 1/8) at
// which a w x h JPEG, decoded scaled, still has at least dw x dh pixels:
// the display image is then area-filtered down from it, so no detail the
// display shows is lost, and the decoder skips the rest.
func jpegShift(w, h, dw, dh int) uint {
	for shift := uint(3); shift > 0; shift-- {
		if sw, sh := jpegscale.ScaledSize(w, h, shift); sw >= dw && sh >= dh {
			return shift
		}
	}
	return 0
}

// decodeJPEGScaled decodes a JPEG at 1/(1<<shift) of its size with
// jpegscale, or with image/jpeg at full size for the colour models
// jpegscale leaves to it (CMYK, RGB, 4:1:1) and for shift 0. It returns
// the scale it used.
func decodeJPEGScaled(data []byte, shift uint) (image.Image, uint, error) {
	if shift > 0 {
		img, err := jpegscale.DecodeScaled(bytes.NewReader(data), shift, false)
		if !errors.Is(err, jpegscale.ErrColorModel) {
			return img, shift, err
		}
	}
	img, err := jpeg.Decode(bytes.NewReader(data))
	return img, 0, err
}

// configDecoderOf reads the header of a format decoderOf decodes.
func configDecoderOf(format string) func([]byte) (image.Config, error) {
	switch format {
	case "jpeg":
		return func(b []byte) (image.Config, error) { return jpeg.DecodeConfig(bytes.NewReader(b)) }
	case "png":
		return func(b []byte) (image.Config, error) { return png.DecodeConfig(bytes.NewReader(b)) }
	case "webp":
		return func(b []byte) (image.Config, error) { return webp.DecodeConfig(bytes.NewReader(b)) }
	}
	return nil
}

// safeDecode turns a decoder panic on hostile input into an error: the
// standard decoders are robust, but an upload must never take down the
// engine.
func safeDecode(decode func([]byte) (image.Image, error), data []byte) (img image.Image, err error) {
	defer func() {
		if r := recover(); r != nil {
			img, err = nil, fmt.Errorf("decoder panic: %v", r)
		}
	}()
	return decode(data)
}

// fit scales w x h down (never up) to fit in a side x side box.
func fit(w, h, side int) (int, int) {
	if w <= side && h <= side {
		return w, h
	}
	if w >= h {
		return side, max(1, h*side/w)
	}
	return max(1, w*side/h), side
}

// scaled draws the sr part of src into a new w x h image on a white
// background, so transparent pixels come out white in the JPEG.
//
// It samples the source bilinearly at twice the target size and then
// averages each 2x2 block: a supersampling filter that is sharp and free of
// visible aliasing, and that needs no buffer beyond that 2x image. (The
// kernel scalers of x/image/draw keep a float64 buffer of the target width
// times the source height: some 80 MB for one phone photo, which made
// parallel uploads cost half a gigabyte.)
func scaled(src image.Image, sr image.Rectangle, w, h int) *image.YCbCr {
	op := draw.Over
	if o, ok := src.(interface{ Opaque() bool }); ok && o.Opaque() {
		// Nothing to blend onto white: replacing is faster.
		op = draw.Src
	}
	canvas := func(w, h int) *image.RGBA {
		img := image.NewRGBA(image.Rect(0, 0, w, h))
		if op == draw.Over {
			draw.Draw(img, img.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
		}
		return img
	}
	if sr.Dx() == w && sr.Dy() == h {
		// Same size: a plain copy.
		dst := canvas(w, h)
		draw.Draw(dst, dst.Bounds(), src, sr.Min, op)
		return averageToYCbCr(dst, 1)
	}
	mid := canvas(2*w, 2*h)
	draw.ApproxBiLinear.Scale(mid, mid.Bounds(), src, sr, op, nil)
	return averageToYCbCr(mid, 2)
}

// averageToYCbCr averages each n x n block (n is 1 or 2) of an opaque src
// into one pixel of a 4:4:4 YCbCr image, converted as image/jpeg's encoder
// converts RGBA: the display image goes to the encoder in YCbCr whatever it
// was decoded from.
func averageToYCbCr(src *image.RGBA, n int) *image.YCbCr {
	w, h := src.Bounds().Dx()/n, src.Bounds().Dy()/n
	dst := image.NewYCbCr(image.Rect(0, 0, w, h), image.YCbCrSubsampleRatio444)
	var px [3]uint8
	for y := 0; y < h; y++ {
		r0 := src.Pix[(n*y)*src.Stride:]
		r1 := src.Pix[(n*y+n-1)*src.Stride:]
		for x := 0; x < w; x++ {
			i := 4 * n * x
			for c := range 3 {
				if n == 1 {
					px[c] = r0[i+c]
					continue
				}
				sum := uint16(r0[i+c]) + uint16(r0[i+4+c]) + uint16(r1[i+c]) + uint16(r1[i+4+c])
				px[c] = uint8((sum + 2) / 4)
			}
			o := y*dst.YStride + x
			dst.Y[o], dst.Cb[o], dst.Cr[o] = color.RGBToYCbCr(px[0], px[1], px[2])
		}
	}
	return dst
}

func encodeJPEG(img image.Image, quality int) ([]byte, error) {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: quality}); err != nil {
		return nil, fmt.Errorf("media: encode jpeg: %w", err)
	}
	return buf.Bytes(), nil
}
