package media

import (
	"image"

	"github.com/corona10/goimagehash"
)

// hashSide is the side of the small image the perceptual hash is taken
// from: the DCT hash looks at 32x32 pixels, so shrinking the display image
// first with the area filter costs little and keeps the hash's own resize
// cheap, whatever the upload's size.
const hashSide = 64

// perceptualHash is the 64-bit DCT hash (pHash) of the display image, as
// the member sees it (orientation applied). Copies of a photo that were
// resized, recompressed or slightly cropped keep most of its bits, so the
// trust area finds the same photo on another account by Hamming distance.
func perceptualHash(display *image.YCbCr, orientation int) (uint64, error) {
	small := orient(displayFromYCbCr(display, hashSide, hashSide), orientation)
	h, err := goimagehash.PerceptionHash(small)
	if err != nil {
		return 0, err
	}
	return h.GetHash(), nil
}
