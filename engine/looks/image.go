package looks

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"strings"

	"golang.org/x/image/draw"

	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/platform/svgicon"
)

// A brand's logo and icon are uploaded as PNG or SVG and stored as PNG the
// engine wrote itself: a PNG decoded and encoded again (nothing of the
// upload but its pixels survives), an SVG drawn by the engine's own
// drawer, which knows flat shapes only (no script, link, text, image or
// style can pass), so the brand's media never serves a document a browser
// would run.

// Images are the brand images an upload may set: the header's logo and
// the favicon and home-screen icon.
var Images = []string{"logo", "icon"}

// MaxImageBytes is the largest upload taken.
const MaxImageBytes = 256 << 10

// maxImageSide is the widest and tallest PNG taken, in pixels.
const maxImageSide = 2048

// IconSide is the side of a stored icon, in pixels: the largest icon the
// web app's manifest names.
const IconSide = 512

// drawnSide is the size an SVG is drawn at: the header shows the logo 36 px
// high (216 is 6x), an icon is IconSide.
var drawnSide = map[string]int{"logo": 216, "icon": IconSide}

// The refusals of an upload.
var (
	ErrImageTooLarge = refusal.New(refusal.TooLarge, "look_image_too_large", "The image is larger than 256 kB.")
	ErrImageType     = refusal.New(refusal.Invalid, "look_image_type", "Upload a PNG or SVG image.")
	ErrImageInvalid  = refusal.New(refusal.Invalid, "look_image_invalid", "This image cannot be used: {problem}.")
	ErrImageKind     = refusal.New(refusal.NotFound, "look_image_unknown", "A brand has a logo and an icon, nothing else.")
)

// ImagePNG checks an uploaded brand image (kind logo or icon) and answers
// the PNG to store.
func ImagePNG(kind string, body []byte) ([]byte, error) {
	side, ok := drawnSide[kind]
	if !ok {
		return nil, ErrImageKind
	}
	if len(body) > MaxImageBytes {
		return nil, ErrImageTooLarge
	}
	switch {
	case bytes.HasPrefix(body, []byte("\x89PNG\r\n\x1a\n")):
		square := 0
		if kind == "icon" {
			square = IconSide
		}
		return cleanPNG(body, square)
	case looksLikeSVG(body):
		out, err := svgicon.PNG(body, side)
		if err != nil {
			return nil, ErrImageInvalid.With(map[string]any{"problem": "an SVG may hold flat shapes only (" + err.Error() + ")"})
		}
		return out, nil
	default:
		return nil, ErrImageType
	}
}

// looksLikeSVG tells an SVG document by its start.
func looksLikeSVG(body []byte) bool {
	head := strings.TrimSpace(string(body[:min(len(body), 512)]))
	return strings.HasPrefix(head, "<svg") || (strings.HasPrefix(head, "<?xml") && strings.Contains(head, "<svg"))
}

// cleanPNG decodes a PNG within the size limits and encodes its pixels
// again; with square > 0 scaled whole into a clear square of that side (an
// icon: the manifest names its size).
func cleanPNG(body []byte, square int) ([]byte, error) {
	cfg, err := png.DecodeConfig(bytes.NewReader(body))
	if err != nil {
		return nil, ErrImageInvalid.With(map[string]any{"problem": "not a readable PNG"})
	}
	if cfg.Width < 16 || cfg.Height < 16 || cfg.Width > maxImageSide || cfg.Height > maxImageSide {
		return nil, ErrImageInvalid.With(map[string]any{"problem": fmt.Sprintf("%dx%d pixels, it must be 16 to %d pixels each way", cfg.Width, cfg.Height, maxImageSide)})
	}
	img, err := png.Decode(bytes.NewReader(body))
	if err != nil {
		return nil, ErrImageInvalid.With(map[string]any{"problem": "not a readable PNG"})
	}
	img = flat(img)
	if square > 0 {
		img = squared(img, square)
	}
	var out bytes.Buffer
	if err := png.Encode(&out, img); err != nil {
		return nil, fmt.Errorf("encode brand image: %w", err)
	}
	return out.Bytes(), nil
}

// flat is img as plain pixels, whatever it was decoded as.
func flat(img image.Image) image.Image {
	if _, ok := img.(*image.NRGBA); ok {
		return img
	}
	b := img.Bounds()
	out := image.NewNRGBA(b)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			out.Set(x, y, img.At(x, y))
		}
	}
	return out
}

// squared is img scaled to fit a side x side square, centred on a clear
// one.
func squared(img image.Image, side int) image.Image {
	b := img.Bounds()
	w, h := side, side
	if b.Dx() > b.Dy() {
		h = max(1, side*b.Dy()/b.Dx())
	} else {
		w = max(1, side*b.Dx()/b.Dy())
	}
	out := image.NewNRGBA(image.Rect(0, 0, side, side))
	at := image.Rect((side-w)/2, (side-h)/2, (side-w)/2+w, (side-h)/2+h)
	draw.CatmullRom.Scale(out, at, img, b, draw.Src, nil)
	return out
}
