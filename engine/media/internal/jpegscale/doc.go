// Copyright 2009 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

// Package jpegscale is a fork of the Go standard library's image/jpeg
// decoder (Go 1.26, src/image/jpeg: reader.go, scan.go, huffman.go, dct.go;
// BSD licence, see LICENSE) that scales while it decodes, as libjpeg does
// with DCT scaling: each 8x8 block's low-frequency coefficients go through
// a reduced inverse DCT into 4x4, 2x2 or 1x1 samples (see idctred.go), so a
// photo shown at a fraction of its size is never reconstructed whole. The
// markers, Huffman tables, progressive scans, restart intervals and error
// values are image/jpeg's. What changed: DecodeScaled and the scale it
// carries into makeImg and reconstructBlock; a look-up table that decodes
// an AC code and its coefficient at once (huffman.fastAC); the encoder,
// the format registration and the CMYK, YCbCrK and RGB colour models are
// gone (those return ErrColorModel, and the caller decodes them with
// image/jpeg).
//
// JPEG is defined in ITU-T T.81: https://www.w3.org/Graphics/JPEG/itu-t81.pdf.
package jpegscale
