package media

import (
	"encoding/binary"
	"image"
)

// decodeCost estimates, from the header alone, the bytes the standard
// decoders allocate for an image: the decoded pixels in the representation
// the decoder returns, plus what it keeps besides. Where the header leaves
// a choice open it counts the larger one, so the estimate errs high.

func decodeCost(format string, data []byte, cfg image.Config) int64 {
	px := int64(cfg.Width) * int64(cfg.Height)
	switch format {
	case "png":
		return px * pngBytesPerPixel(data) / 2
	case "jpeg":
		return jpegCost(data, cfg.Width, cfg.Height)
	case "webp":
		return px * webpBytesPerPixel(data) / 2
	}
	return px * 16
}

// pngBytesPerPixel is twice the decoded bytes a pixel of the PNG takes
// (twice, so interlaced images' halves stay whole numbers). image/png
// returns a Paletted image (1 byte) for palette images, 8-bit RGBA, NRGBA or
// Gray for the rest (up to 4 bytes: a transparency chunk turns gray into
// NRGBA), and the 64-bit types (8 bytes) for 16-bit depth. Interlaced images
// are decoded pass by pass into images of their own and then merged: twice
// the memory.
func pngBytesPerPixel(data []byte) int64 {
	// Signature (8), IHDR length and type (8), width and height (8), then
	// bit depth, colour type, compression, filter, interlace.
	if len(data) < 29 {
		return 16
	}
	depth, colour, interlaced := data[24], data[25], data[28] == 1
	var b int64 = 4
	switch {
	case colour == 3:
		b = 1
	case depth == 16:
		b = 8
	}
	if interlaced {
		return 4 * b
	}
	return 2 * b
}

// webpBytesPerPixel is twice the decoded bytes a pixel of the WebP takes.
// Lossy (VP8) decodes to 4:2:0 YCbCr, 1.5 bytes; lossless (VP8L) keeps
// 32-bit pixels, their transforms and the NRGBA result, about 12 bytes; the
// extended format (VP8X) may hold either, with alpha, and counts as
// lossless.
func webpBytesPerPixel(data []byte) int64 {
	if len(data) >= 16 && string(data[12:16]) == "VP8 " {
		return 4
	}
	return 24
}

// jpegCost reads the frame header (SOF): image/jpeg decodes each component
// into a plane of one byte a sample, subsampled by its sampling factors (a
// CMYK image is then converted into 4 bytes a pixel besides), and a
// progressive JPEG keeps every component's DCT coefficients, 4 bytes a
// sample, until the last scan.
func jpegCost(data []byte, w, h int) int64 {
	worst := int64(w) * int64(h) * 4 * 5
	sof, progressive := jpegFrame(data)
	if len(sof) < 6 {
		return worst
	}
	n := int(sof[5])
	if n < 1 || len(sof) < 6+3*n {
		return worst
	}
	hmax, vmax := 1, 1
	for i := 0; i < n; i++ {
		hv := sof[6+3*i+1]
		hmax, vmax = max(hmax, int(hv>>4)), max(vmax, int(hv&0x0f))
	}
	// Planes are whole MCUs: round the image up to them.
	mw, mh := int64(8*hmax), int64(8*vmax)
	fw, fh := (int64(w)+mw-1)/mw*mw, (int64(h)+mh-1)/mh*mh
	var samples int64
	for i := 0; i < n; i++ {
		hv := sof[6+3*i+1]
		hi, vi := max(1, int64(hv>>4)), max(1, int64(hv&0x0f))
		samples += fw * hi / int64(hmax) * fh * vi / int64(vmax)
	}
	cost := samples
	if n == 4 {
		cost += 4 * int64(w) * int64(h)
	}
	if progressive {
		cost += 4 * samples
	}
	return cost
}

// jpegFrame finds the start-of-frame segment: its payload after the length
// (precision, height, width, components, then id, sampling and table of
// each) and whether the frame is progressive (SOF2).
func jpegFrame(data []byte) ([]byte, bool) {
	i := 2
	for i+4 <= len(data) {
		if data[i] != 0xFF {
			return nil, false
		}
		marker := data[i+1]
		switch {
		case marker == 0xFF: // fill byte
			i++
			continue
		case marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7):
			i += 2
			continue
		case marker == 0xDA || marker == 0xD9: // scan or end before any frame
			return nil, false
		}
		length := int(binary.BigEndian.Uint16(data[i+2:]))
		if length < 2 || i+2+length > len(data) {
			return nil, false
		}
		if marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC {
			return data[i+4 : i+2+length], marker == 0xC2 || marker == 0xC6 || marker == 0xCA || marker == 0xCE
		}
		i += 2 + length
	}
	return nil, false
}

// workingBytes is what processing takes after decoding, at most: the
// supersampled display canvas of an image that is not a JPEG (twice the
// display size each way, RGBA: 16 bytes a display pixel), the display image
// and its upright copy (4:4:4 YCbCr, 3 bytes each), the same for the
// thumbnail; 24 leaves room.
func workingBytes(w, h int) int64 {
	dw, dh := fit(w, h, DisplaySide)
	ts := int64(min(ThumbSide, w, h))
	return 24 * (int64(dw)*int64(dh) + ts*ts)
}
