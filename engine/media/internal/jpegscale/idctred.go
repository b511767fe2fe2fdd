package jpegscale

import "math"

// Reduced inverse DCTs (not part of image/jpeg; libjpeg's jidctred.c does
// the same job): an 8x8 block is reconstructed straight into N x N samples,
// N = 4, 2 or 1, from its N x N lowest-frequency coefficients only, as
// libjpeg-turbo's scaled IDCTs do. (libjpeg 6b's jidctred also folds in
// the odd higher coefficients, which makes each sample the exact mean of
// its pixels; tried here, it cost a third more of processing and left the
// display image no closer to the full decode's.)
//
// The full IDCT of T.81 (A.3.3) is
//
//	f(x,y) = 1/4 sum_{u,v<8} C(u)C(v) F(u,v) cos((2x+1)u pi/16) cos((2y+1)v pi/16)
//
// Sampling it at the centre of each k x k group of pixels (k = 8/N, the
// point x = k*x' + (k-1)/2) turns the cosines into cos((2x'+1)u pi/(2N)),
// an N-point IDCT, and dropping the coefficients with u or v >= N is the
// low-pass that keeps that sampling free of aliasing. Each output is thus
// the block's smooth reconstruction at the group's centre, about the group's
// mean, at a fraction of the work: 2*N^3 multiplications instead of the
// full IDCT plus averaging the 64 samples down.

const (
	redConstBits = 13 // fixed-point bits of the kernels
	redPassBits  = 2  // extra bits kept between the two passes
)

// redKernel returns k[x][u] = C(u)/2 cos((2x+1)u pi/(2n)) in fixed point,
// C(0) = 1/sqrt 2 and C(u) = 1 otherwise.
func redKernel(n int) (k [4][4]int32) {
	for x := range n {
		for u := range n {
			c := 0.5
			if u == 0 {
				c = 0.5 / math.Sqrt2
			}
			v := c * math.Cos(float64(2*x+1)*float64(u)*math.Pi/float64(2*n))
			k[x][u] = int32(math.Round(v * (1 << redConstBits)))
		}
	}
	return k
}

var (
	kernel4 = redKernel(4)
	kernel2 = redKernel(2)
)

// clampShift level-shifts a pass-two sum (scaled by 2^(redConstBits +
// redPassBits)) by +128 and clips it to a byte.
func clampShift(v int32) uint8 {
	const bits = redConstBits + redPassBits
	v = (v+(1<<(bits-1)))>>bits + 128
	if v < 0 {
		return 0
	}
	if v > 255 {
		return 255
	}
	return uint8(v)
}

// dcOnly is a block's dequantized DC coefficient as a level-shifted,
// clipped sample: F(0,0)/8 + 128.
func dcOnly(dc int32) uint8 {
	v := (dc+4)>>3 + 128
	if v < 0 {
		return 0
	}
	if v > 255 {
		return 255
	}
	return uint8(v)
}

// idct4x4 writes the 4x4 samples of block b (quantized, natural order;
// qt is the quantization table in natural order) to dst.
func idct4x4(b *block, qt *block, dst []byte, stride int) {
	// Dequantize the low 4x4 coefficients: f[v][u].
	var f [4][4]int32
	for v := range 4 {
		r, q := b[v*8:v*8+4:v*8+4], qt[v*8:v*8+4:v*8+4]
		f[v] = [4]int32{r[0] * q[0], r[1] * q[1], r[2] * q[2], r[3] * q[3]}
	}
	_ = dst[3*stride+3]
	if f[0][1]|f[0][2]|f[0][3]|f[1][0]|f[1][1]|f[1][2]|f[1][3]|
		f[2][0]|f[2][1]|f[2][2]|f[2][3]|f[3][0]|f[3][1]|f[3][2]|f[3][3] == 0 {
		s := dcOnly(f[0][0])
		for y := range 4 {
			row := dst[y*stride : y*stride+4]
			row[0], row[1], row[2], row[3] = s, s, s, s
		}
		return
	}
	// Pass one, along u for each coefficient row v: t[v][x].
	const half = 1 << (redConstBits - redPassBits - 1)
	var t [4][4]int32
	for v := range 4 {
		r := &f[v]
		if r[1]|r[2]|r[3] == 0 {
			// A row with its DC term alone is flat.
			c := (kernel4[0][0]*r[0] + half) >> (redConstBits - redPassBits)
			t[v] = [4]int32{c, c, c, c}
			continue
		}
		for x := range 4 {
			k := &kernel4[x]
			t[v][x] = (k[0]*r[0] + k[1]*r[1] + k[2]*r[2] + k[3]*r[3] + half) >> (redConstBits - redPassBits)
		}
	}
	// Pass two, along v for each output column x.
	for y := range 4 {
		k := &kernel4[y]
		row := dst[y*stride : y*stride+4]
		for x := range 4 {
			row[x] = clampShift(k[0]*t[0][x] + k[1]*t[1][x] + k[2]*t[2][x] + k[3]*t[3][x])
		}
	}
}

// idct2x2 writes the 2x2 samples of block b to dst, as idct4x4.
func idct2x2(b *block, qt *block, dst []byte, stride int) {
	f00 := b[0] * qt[0]
	f01 := b[1] * qt[1] // u=1, v=0
	f10 := b[8] * qt[8] // u=0, v=1
	f11 := b[9] * qt[9]
	_ = dst[stride+1]
	if f01|f10|f11 == 0 {
		s := dcOnly(f00)
		dst[0], dst[1], dst[stride], dst[stride+1] = s, s, s, s
		return
	}
	const half = 1 << (redConstBits - redPassBits - 1)
	k := &kernel2
	// Pass one: t[v][x].
	t00 := (k[0][0]*f00 + k[0][1]*f01 + half) >> (redConstBits - redPassBits)
	t01 := (k[1][0]*f00 + k[1][1]*f01 + half) >> (redConstBits - redPassBits)
	t10 := (k[0][0]*f10 + k[0][1]*f11 + half) >> (redConstBits - redPassBits)
	t11 := (k[1][0]*f10 + k[1][1]*f11 + half) >> (redConstBits - redPassBits)
	dst[0] = clampShift(k[0][0]*t00 + k[0][1]*t10)
	dst[1] = clampShift(k[0][0]*t01 + k[0][1]*t11)
	dst[stride] = clampShift(k[1][0]*t00 + k[1][1]*t10)
	dst[stride+1] = clampShift(k[1][0]*t01 + k[1][1]*t11)
}

// idct1x1 writes block b's one sample, its mean, to dst.
func idct1x1(b *block, qt *block, dst []byte) {
	dst[0] = dcOnly(b[0] * qt[0])
}
