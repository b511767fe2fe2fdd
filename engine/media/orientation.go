package media

import (
	"encoding/binary"
	"image"
)

// jpegOrientation reads the EXIF Orientation tag (1 to 8) of a JPEG, or 1
// when there is none or the EXIF block is malformed. Phones store photos
// sideways and set this tag; since re-encoding drops EXIF, the engine must
// apply it to the pixels or portraits would come out on their side.
func jpegOrientation(data []byte) int {
	i := 2
	for i+4 <= len(data) {
		if data[i] != 0xFF {
			return 1
		}
		marker := data[i+1]
		if marker == 0xD8 || (marker >= 0xD0 && marker <= 0xD7) || marker == 0x01 || marker == 0xFF {
			i++
			continue
		}
		if marker == 0xDA || marker == 0xD9 {
			// Start of scan: no more metadata segments.
			return 1
		}
		n := int(binary.BigEndian.Uint16(data[i+2 : i+4]))
		if n < 2 || i+2+n > len(data) {
			return 1
		}
		seg := data[i+4 : i+2+n]
		if marker == 0xE1 && len(seg) > 6 && string(seg[:6]) == "Exif\x00\x00" {
			return exifOrientation(seg[6:])
		}
		i += 2 + n
	}
	return 1
}

func exifOrientation(tiff []byte) int {
	if len(tiff) < 8 {
		return 1
	}
	var bo binary.ByteOrder
	switch string(tiff[:2]) {
	case "II":
		bo = binary.LittleEndian
	case "MM":
		bo = binary.BigEndian
	default:
		return 1
	}
	ifd := int(bo.Uint32(tiff[4:8]))
	if ifd < 8 || ifd+2 > len(tiff) {
		return 1
	}
	count := int(bo.Uint16(tiff[ifd : ifd+2]))
	for k := 0; k < count; k++ {
		e := ifd + 2 + 12*k
		if e+12 > len(tiff) {
			return 1
		}
		if bo.Uint16(tiff[e:e+2]) == 0x0112 && bo.Uint16(tiff[e+2:e+4]) == 3 {
			if o := int(bo.Uint16(tiff[e+8 : e+10])); o >= 1 && o <= 8 {
				return o
			}
			return 1
		}
	}
	return 1
}

// orient turns img, a 4:4:4 YCbCr image, upright for an EXIF orientation
// value.
func orient(img *image.YCbCr, o int) *image.YCbCr {
	if o <= 1 || o > 8 {
		return img
	}
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	dw, dh := w, h
	if o >= 5 {
		dw, dh = h, w
	}
	dst := image.NewYCbCr(image.Rect(0, 0, dw, dh), image.YCbCrSubsampleRatio444)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var dx, dy int
			switch o {
			case 2:
				dx, dy = w-1-x, y
			case 3:
				dx, dy = w-1-x, h-1-y
			case 4:
				dx, dy = x, h-1-y
			case 5:
				dx, dy = y, x
			case 6:
				dx, dy = h-1-y, x
			case 7:
				dx, dy = h-1-y, w-1-x
			case 8:
				dx, dy = y, w-1-x
			}
			// In 4:4:4 a pixel's chroma samples are where its luma is.
			si, di := img.YOffset(x, y), dst.YOffset(dx, dy)
			dst.Y[di], dst.Cb[di], dst.Cr[di] = img.Y[si], img.Cb[si], img.Cr[si]
		}
	}
	return dst
}
