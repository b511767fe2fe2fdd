package media

import (
	"image"
)

// The display image of a JPEG is scaled straight from the decoded YCbCr
// planes and the thumbnail from the display image, never from the original
// twice: for a 12 MP photo this is what keeps processing to the decode and
// two small encodes (it took 425 ms of CPU, most of it converting and scaling
// the full-size original twice).

// axis maps n output samples onto a run of sn source samples by area:
// output i covers [i*sn, (i+1)*sn) in units where a source sample is n
// wide, and each source sample it overlaps weighs by the overlap. The
// weights of an output sum to sn.
type axis struct {
	first   []int
	weights [][]uint32
	total   uint32
}

func newAxis(sn, n int) axis {
	a := axis{first: make([]int, n), weights: make([][]uint32, n), total: uint32(sn)}
	for i := range n {
		lo, hi := i*sn, (i+1)*sn
		j := lo / n
		a.first[i] = j
		for ; j*n < hi; j++ {
			a.weights[i] = append(a.weights[i], uint32(min((j+1)*n, hi)-max(j*n, lo)))
		}
	}
	return a
}

// plane is 8-bit samples step bytes apart in rows stride bytes apart.
type plane struct {
	pix          []byte
	stride, step int
}

// shrinkPlane area-averages the sw x sh samples of src starting at its
// pix[0] into the w x h samples of dst: every source sample counts by the
// part of it an output sample covers (a box filter of exactly the scale),
// sharp and free of aliasing for the downscales photos need, in integer
// arithmetic. Each output row first sums its source rows down the columns
// (a tight loop over whole rows), then across.
func shrinkPlane(dst plane, w, h int, src plane, sw, sh int) {
	xs, ys := newAxis(sw, w), newAxis(sh, h)
	cols := make([]uint32, sw) // at most 255 x sh: fits for any side the limits allow
	div := uint64(xs.total) * uint64(ys.total)
	for y := range h {
		clear(cols)
		for k, wy := range ys.weights[y] {
			s := src.pix[(ys.first[y]+k)*src.stride:]
			if src.step == 1 {
				s = s[:sw]
				for x, v := range s {
					cols[x] += wy * uint32(v)
				}
				continue
			}
			for x := range cols {
				cols[x] += wy * uint32(s[x*src.step])
			}
		}
		d := dst.pix[y*dst.stride:]
		for x := range w {
			var sum uint64
			c := cols[xs.first[x]:]
			for j, wx := range xs.weights[x] {
				sum += uint64(wx) * uint64(c[j])
			}
			d[x*dst.step] = uint8((sum + div/2) / div)
		}
	}
}

// displayFromYCbCr scales a decoded JPEG (or lossy WebP) to w x h from its
// planes, each from its own resolution, without converting the original to
// RGBA first; the thumbnail is a part of the display image scaled the same
// way. The display image stays in YCbCr (4:4:4) to the encoder,
// which takes YCbCr as it is: converting it to RGBA and the encoder back
// to YCbCr cost a 12 MP photo about a tenth of its processing.
func displayFromYCbCr(src *image.YCbCr, w, h int) *image.YCbCr {
	b := src.Bounds()
	hs, vs := 1, 1
	switch src.SubsampleRatio {
	case image.YCbCrSubsampleRatio422:
		hs = 2
	case image.YCbCrSubsampleRatio420:
		hs, vs = 2, 2
	case image.YCbCrSubsampleRatio440:
		vs = 2
	case image.YCbCrSubsampleRatio411:
		hs = 4
	case image.YCbCrSubsampleRatio410:
		hs, vs = 4, 2
	}
	// The chroma samples covering b (image/jpeg's planes start at b.Min).
	cx0, cy0 := floorDiv(b.Min.X, hs), floorDiv(b.Min.Y, vs)
	cw, ch := ceilDiv(b.Max.X, hs)-cx0, ceilDiv(b.Max.Y, vs)-cy0
	dst := image.NewYCbCr(image.Rect(0, 0, w, h), image.YCbCrSubsampleRatio444)
	shrinkPlane(plane{dst.Y, dst.YStride, 1}, w, h, plane{src.Y[src.YOffset(b.Min.X, b.Min.Y):], src.YStride, 1}, b.Dx(), b.Dy())
	c0 := src.COffset(b.Min.X, b.Min.Y)
	shrinkPlane(plane{dst.Cb, dst.CStride, 1}, w, h, plane{src.Cb[c0:], src.CStride, 1}, cw, ch)
	shrinkPlane(plane{dst.Cr, dst.CStride, 1}, w, h, plane{src.Cr[c0:], src.CStride, 1}, cw, ch)
	return dst
}

func floorDiv(a, b int) int {
	if a < 0 {
		return -((-a + b - 1) / b)
	}
	return a / b
}

func ceilDiv(a, b int) int { return -floorDiv(-a, b) }
