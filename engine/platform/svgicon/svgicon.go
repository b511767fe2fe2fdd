// Package svgicon draws the themes' icons (flat SVG drawings: filled
// rects, circles, ellipses, polygons and paths) as PNG images.
//
// Why: a browser draws an SVG image in a document of its own, which it
// builds on the page's main thread: the favicon and the header's logo cost
// 14-63 ms each there while the app starts (Lighthouse's total blocking
// time). A PNG is decoded off the main thread. Home screens also want PNG
// icons (the web manifest's 192 and 512 px, Apple's 180 px).
//
// Only what the themes' drawings use is supported; anything else (a
// gradient, a stroke, a transform, text) is an error, so a new drawing
// that this package would draw wrongly fails the engine's tests instead.
package svgicon

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"strconv"
	"strings"

	"golang.org/x/image/vector"
)

// PNG draws the SVG drawing src as a size x size PNG image.
func PNG(src []byte, size int) ([]byte, error) {
	img, err := Draw(src, size)
	if err != nil {
		return nil, err
	}
	var out bytes.Buffer
	if err := png.Encode(&out, img); err != nil {
		return nil, fmt.Errorf("encode icon: %w", err)
	}
	return out.Bytes(), nil
}

// Draw draws the SVG drawing src on a transparent size x size image, its
// viewBox scaled to fit.
func Draw(src []byte, size int) (*image.RGBA, error) {
	if size <= 0 || size > 4096 {
		return nil, fmt.Errorf("icon size %d out of range", size)
	}
	dst := image.NewRGBA(image.Rect(0, 0, size, size))
	d := xml.NewDecoder(bytes.NewReader(src))
	var view [4]float64
	depth := 0
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("read svg: %w", err)
		}
		switch el := tok.(type) {
		case xml.StartElement:
			depth++
			attrs := map[string]string{}
			for _, a := range el.Attr {
				attrs[a.Name.Local] = a.Value
			}
			if el.Name.Local == "svg" && depth == 1 {
				if view, err = viewBox(attrs["viewBox"]); err != nil {
					return nil, err
				}
				continue
			}
			if depth == 1 {
				return nil, fmt.Errorf("svg: the root is <%s>", el.Name.Local)
			}
			if err := drawShape(dst, el.Name.Local, attrs, view, float64(size)); err != nil {
				return nil, err
			}
		case xml.EndElement:
			depth--
		}
	}
	if view[2] == 0 {
		return nil, errors.New("svg: no <svg> with a viewBox")
	}
	return dst, nil
}

func viewBox(s string) ([4]float64, error) {
	var v [4]float64
	f := strings.Fields(strings.ReplaceAll(s, ",", " "))
	if len(f) != 4 {
		return v, fmt.Errorf("svg: viewBox %q", s)
	}
	for i, x := range f {
		n, err := strconv.ParseFloat(x, 64)
		if err != nil {
			return v, fmt.Errorf("svg: viewBox %q", s)
		}
		v[i] = n
	}
	if v[2] <= 0 || v[3] <= 0 {
		return v, fmt.Errorf("svg: viewBox %q", s)
	}
	return v, nil
}

// pen turns the drawing's coordinates into the image's.
type pen struct {
	z          *vector.Rasterizer
	scale      float64
	minX, minY float64
	// cx, cy is the current point, sx, sy the subpath's start, in the
	// drawing's coordinates.
	cx, cy, sx, sy float64
	open           bool
}

func (p *pen) pt(x, y float64) (float32, float32) {
	return float32((x - p.minX) * p.scale), float32((y - p.minY) * p.scale)
}

func (p *pen) moveTo(x, y float64) {
	p.close()
	p.z.MoveTo(p.pt(x, y))
	p.cx, p.cy, p.sx, p.sy, p.open = x, y, x, y, true
}

func (p *pen) lineTo(x, y float64) {
	ax, ay := p.pt(x, y)
	p.z.LineTo(ax, ay)
	p.cx, p.cy = x, y
}

func (p *pen) cubeTo(x1, y1, x2, y2, x, y float64) {
	ax, ay := p.pt(x1, y1)
	bx, by := p.pt(x2, y2)
	cx, cy := p.pt(x, y)
	p.z.CubeTo(ax, ay, bx, by, cx, cy)
	p.cx, p.cy = x, y
}

func (p *pen) quadTo(x1, y1, x, y float64) {
	ax, ay := p.pt(x1, y1)
	bx, by := p.pt(x, y)
	p.z.QuadTo(ax, ay, bx, by)
	p.cx, p.cy = x, y
}

func (p *pen) close() {
	if p.open {
		p.z.ClosePath()
		p.cx, p.cy, p.open = p.sx, p.sy, false
	}
}

// ellipse draws a whole ellipse as four cubic curves.
func (p *pen) ellipse(cx, cy, rx, ry float64) {
	const k = 0.5522847498 // 4/3 (sqrt 2 - 1): a quarter circle as a cubic
	p.moveTo(cx+rx, cy)
	p.cubeTo(cx+rx, cy+k*ry, cx+k*rx, cy+ry, cx, cy+ry)
	p.cubeTo(cx-k*rx, cy+ry, cx-rx, cy+k*ry, cx-rx, cy)
	p.cubeTo(cx-rx, cy-k*ry, cx-k*rx, cy-ry, cx, cy-ry)
	p.cubeTo(cx+k*rx, cy-ry, cx+rx, cy-k*ry, cx+rx, cy)
	p.close()
}

func drawShape(dst *image.RGBA, name string, a map[string]string, view [4]float64, size float64) error {
	for _, unsupported := range []string{"stroke", "transform", "opacity", "fill-opacity", "style", "clip-path", "mask", "filter", "fill-rule"} {
		if v, ok := a[unsupported]; ok && !(unsupported == "stroke" && v == "none") {
			return fmt.Errorf("svg <%s>: %s is not supported", name, unsupported)
		}
	}
	switch name {
	case "title", "desc":
		return nil
	case "rect", "circle", "ellipse", "path", "polygon":
	default:
		return fmt.Errorf("svg: <%s> is not supported", name)
	}
	fill, err := parseColor(a["fill"])
	if err != nil {
		return fmt.Errorf("svg <%s>: %w", name, err)
	}
	z := vector.NewRasterizer(dst.Bounds().Dx(), dst.Bounds().Dy())
	p := &pen{z: z, scale: size / math.Max(view[2], view[3]), minX: view[0], minY: view[1]}
	n := func(k string) (float64, error) {
		v, ok := a[k]
		if !ok {
			return 0, nil
		}
		f, err := strconv.ParseFloat(strings.TrimSuffix(v, "px"), 64)
		if err != nil {
			return 0, fmt.Errorf("svg <%s>: %s=%q", name, k, v)
		}
		return f, nil
	}
	nums := func(keys ...string) ([]float64, error) {
		out := make([]float64, len(keys))
		for i, k := range keys {
			f, err := n(k)
			if err != nil {
				return nil, err
			}
			out[i] = f
		}
		return out, nil
	}
	switch name {
	case "rect":
		v, err := nums("x", "y", "width", "height", "rx", "ry")
		if err != nil {
			return err
		}
		rx, ry := v[4], v[5]
		if _, ok := a["ry"]; !ok {
			ry = rx
		}
		if _, ok := a["rx"]; !ok {
			rx = ry
		}
		roundedRect(p, v[0], v[1], v[2], v[3], math.Min(rx, v[2]/2), math.Min(ry, v[3]/2))
	case "circle":
		v, err := nums("cx", "cy", "r")
		if err != nil {
			return err
		}
		p.ellipse(v[0], v[1], v[2], v[2])
	case "ellipse":
		v, err := nums("cx", "cy", "rx", "ry")
		if err != nil {
			return err
		}
		p.ellipse(v[0], v[1], v[2], v[3])
	case "polygon":
		f, err := numbers(a["points"])
		if err != nil || len(f) < 4 || len(f)%2 != 0 {
			return fmt.Errorf("svg <polygon>: points %q", a["points"])
		}
		p.moveTo(f[0], f[1])
		for i := 2; i < len(f); i += 2 {
			p.lineTo(f[i], f[i+1])
		}
		p.close()
	case "path":
		if err := tracePath(p, a["d"]); err != nil {
			return err
		}
	}
	p.close()
	if fill != color.Transparent {
		z.Draw(dst, dst.Bounds(), image.NewUniform(fill), image.Point{})
	}
	return nil
}

func roundedRect(p *pen, x, y, w, h, rx, ry float64) {
	if w <= 0 || h <= 0 {
		return
	}
	const k = 0.5522847498
	p.moveTo(x+rx, y)
	p.lineTo(x+w-rx, y)
	p.cubeTo(x+w-rx+k*rx, y, x+w, y+ry-k*ry, x+w, y+ry)
	p.lineTo(x+w, y+h-ry)
	p.cubeTo(x+w, y+h-ry+k*ry, x+w-rx+k*rx, y+h, x+w-rx, y+h)
	p.lineTo(x+rx, y+h)
	p.cubeTo(x+rx-k*rx, y+h, x, y+h-ry+k*ry, x, y+h-ry)
	p.lineTo(x, y+ry)
	p.cubeTo(x, y+ry-k*ry, x+rx-k*rx, y, x+rx, y)
	p.close()
}

// parseColor reads a fill: #rgb, #rrggbb, white, black or none (an absent
// fill is black, as in SVG).
func parseColor(s string) (color.Color, error) {
	switch s {
	case "", "black":
		return color.RGBA{A: 255}, nil
	case "white":
		return color.RGBA{255, 255, 255, 255}, nil
	case "none":
		return color.Transparent, nil
	}
	h := strings.TrimPrefix(s, "#")
	if h == s || (len(h) != 3 && len(h) != 6) {
		return nil, fmt.Errorf("fill %q is not supported", s)
	}
	if len(h) == 3 {
		h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if err != nil {
		return nil, fmt.Errorf("fill %q is not supported", s)
	}
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}, nil
}

// numbers reads a list of numbers as SVG writes them: separated by spaces
// or commas, or by nothing where the next one starts with a sign or a
// second decimal point.
func numbers(s string) ([]float64, error) {
	var out []float64
	for i := 0; i < len(s); {
		c := s[i]
		if c == ' ' || c == ',' || c == '\n' || c == '\t' || c == '\r' {
			i++
			continue
		}
		j := i
		if s[j] == '-' || s[j] == '+' {
			j++
		}
		dot, exp := false, false
		for ; j < len(s); j++ {
			d := s[j]
			switch {
			case d >= '0' && d <= '9':
			case d == '.' && !dot && !exp:
				dot = true
			case (d == 'e' || d == 'E') && !exp:
				exp = true
				if j+1 < len(s) && (s[j+1] == '-' || s[j+1] == '+') {
					j++
				}
			default:
				goto end
			}
		}
	end:
		f, err := strconv.ParseFloat(s[i:j], 64)
		if err != nil {
			return nil, fmt.Errorf("number %q", s[i:j])
		}
		out = append(out, f)
		i = j
	}
	return out, nil
}

// tracePath follows a path's d: M L H V C S Q A Z, absolute and relative.
func tracePath(p *pen, d string) error {
	var lastCtrlX, lastCtrlY float64
	var lastCmd byte
	for i := 0; i < len(d); {
		cmd := d[i]
		if strings.IndexByte(" ,\n\t\r", cmd) >= 0 {
			i++
			continue
		}
		if strings.IndexByte("MmLlHhVvCcSsQqAaZz", cmd) < 0 {
			return fmt.Errorf("svg path: command %q is not supported", cmd)
		}
		j := i + 1
		for j < len(d) && strings.IndexByte("MmLlHhVvCcSsQqAaZzTt", d[j]) < 0 {
			j++
		}
		args, err := numbers(d[i+1 : j])
		if err != nil {
			return fmt.Errorf("svg path: %w", err)
		}
		i = j
		rel := cmd >= 'a'
		upper := cmd &^ 0x20
		per := map[byte]int{'M': 2, 'L': 2, 'H': 1, 'V': 1, 'C': 6, 'S': 4, 'Q': 4, 'A': 7, 'Z': 0}[upper]
		if upper == 'Z' {
			if len(args) != 0 {
				return errors.New("svg path: numbers after Z")
			}
			p.close()
			lastCmd = 'Z'
			continue
		}
		if len(args) == 0 || len(args)%per != 0 {
			return fmt.Errorf("svg path: %c takes numbers in %ds", cmd, per)
		}
		for k := 0; k < len(args); k += per {
			v := args[k : k+per]
			ox, oy := 0.0, 0.0
			if rel {
				ox, oy = p.cx, p.cy
			}
			switch upper {
			case 'M':
				if k == 0 {
					p.moveTo(ox+v[0], oy+v[1])
				} else {
					p.lineTo(ox+v[0], oy+v[1]) // further pairs are lines
				}
			case 'L':
				p.lineTo(ox+v[0], oy+v[1])
			case 'H':
				p.lineTo(ox+v[0], p.cy)
			case 'V':
				p.lineTo(p.cx, oy+v[0])
			case 'C':
				lastCtrlX, lastCtrlY = ox+v[2], oy+v[3]
				p.cubeTo(ox+v[0], oy+v[1], lastCtrlX, lastCtrlY, ox+v[4], oy+v[5])
			case 'S':
				x1, y1 := p.cx, p.cy
				if lastCmd == 'C' || lastCmd == 'S' {
					x1, y1 = 2*p.cx-lastCtrlX, 2*p.cy-lastCtrlY
				}
				lastCtrlX, lastCtrlY = ox+v[0], oy+v[1]
				p.cubeTo(x1, y1, lastCtrlX, lastCtrlY, ox+v[2], oy+v[3])
			case 'Q':
				p.quadTo(ox+v[0], oy+v[1], ox+v[2], oy+v[3])
			case 'A':
				arcTo(p, v[0], v[1], v[2], v[3] != 0, v[4] != 0, ox+v[5], oy+v[6])
			}
			lastCmd = upper
		}
	}
	return nil
}

// arcTo draws an elliptical arc from the current point to (x, y) as cubic
// curves of at most a quarter turn each (SVG 1.1, appendix F.6: from the
// endpoints to the centre).
func arcTo(p *pen, rx, ry, rotDeg float64, large, sweep bool, x, y float64) {
	x1, y1 := p.cx, p.cy
	rx, ry = math.Abs(rx), math.Abs(ry)
	if rx == 0 || ry == 0 || (x1 == x && y1 == y) {
		p.lineTo(x, y)
		return
	}
	phi := rotDeg * math.Pi / 180
	cos, sin := math.Cos(phi), math.Sin(phi)
	dx, dy := (x1-x)/2, (y1-y)/2
	x1p := cos*dx + sin*dy
	y1p := -sin*dx + cos*dy
	if l := x1p*x1p/(rx*rx) + y1p*y1p/(ry*ry); l > 1 {
		rx, ry = rx*math.Sqrt(l), ry*math.Sqrt(l)
	}
	num := rx*rx*ry*ry - rx*rx*y1p*y1p - ry*ry*x1p*x1p
	den := rx*rx*y1p*y1p + ry*ry*x1p*x1p
	coef := math.Sqrt(math.Max(0, num/den))
	if large == sweep {
		coef = -coef
	}
	cxp, cyp := coef*rx*y1p/ry, -coef*ry*x1p/rx
	cx := cos*cxp - sin*cyp + (x1+x)/2
	cy := sin*cxp + cos*cyp + (y1+y)/2
	angle := func(ux, uy, vx, vy float64) float64 {
		return math.Atan2(ux*vy-uy*vx, ux*vx+uy*vy)
	}
	theta := angle(1, 0, (x1p-cxp)/rx, (y1p-cyp)/ry)
	delta := angle((x1p-cxp)/rx, (y1p-cyp)/ry, (-x1p-cxp)/rx, (-y1p-cyp)/ry)
	if !sweep && delta > 0 {
		delta -= 2 * math.Pi
	} else if sweep && delta < 0 {
		delta += 2 * math.Pi
	}
	segs := int(math.Ceil(math.Abs(delta) / (math.Pi / 2)))
	step := delta / float64(segs)
	k := 4.0 / 3 * math.Tan(step/4)
	point := func(t float64) (float64, float64, float64, float64) {
		ct, st := math.Cos(t), math.Sin(t)
		px := cx + rx*ct*cos - ry*st*sin
		py := cy + rx*ct*sin + ry*st*cos
		// the derivative: the direction of the tangent
		tx := -rx*st*cos - ry*ct*sin
		ty := -rx*st*sin + ry*ct*cos
		return px, py, tx, ty
	}
	for s := 0; s < segs; s++ {
		t0, t1 := theta+float64(s)*step, theta+float64(s+1)*step
		ax, ay, atx, aty := point(t0)
		bx, by, btx, bty := point(t1)
		if s == segs-1 {
			bx, by = x, y
		}
		p.cubeTo(ax+k*atx, ay+k*aty, bx-k*btx, by-k*bty, bx, by)
	}
}
