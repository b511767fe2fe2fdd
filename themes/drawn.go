package themes

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// The engine draws each theme's logo and icon (SVG) as PNG images at the
// sizes pages ask for, served beside the drawing as NAME-SIZE.png
// (engine/webapp/icons.go). A browser draws an SVG image in a document of
// its own, built on the page's main thread (14-63 ms each while a page
// starts); a PNG is decoded off it. Home screens and link previews want
// PNG too.

// Sizes are the sizes drawn: the favicon (32), the header's 36 px logo at
// 2x and 3x (72, 108), Apple's home-screen icon (180) and the web
// manifest's (192, 512, also the link previews' image).
var Sizes = []int{32, 72, 108, 180, 192, 512}

// drawnFile is a drawn image's path under /themes/.
var drawnFile = regexp.MustCompile(`^([a-z0-9_-]+/(?:logo|icon))-([0-9]+)\.png$`)

// Drawing is the drawing (NAME/logo.svg) of a drawn image's path under
// /themes/ (NAME/logo-72.png) and its size; ok is false for any other path.
func Drawing(file string) (svg string, size int, ok bool) {
	m := drawnFile.FindStringSubmatch(file)
	if m == nil {
		return "", 0, false
	}
	size, _ = strconv.Atoi(m[2])
	if !slices.Contains(Sizes, size) {
		return "", 0, false
	}
	return m[1] + ".svg", size, true
}

// DrawnPath is the path of a theme drawing's PNG image at size, or "" when
// drawing is not a theme's drawing (/themes/NAME/logo.svg or icon.svg).
func DrawnPath(drawing string, size int) string {
	rest, theme := strings.CutPrefix(drawing, "/themes/")
	base, svg := strings.CutSuffix(rest, ".svg")
	file := base + "-" + strconv.Itoa(size) + ".png"
	if _, _, ok := Drawing(file); !theme || !svg || !ok {
		return ""
	}
	return "/themes/" + file
}

// LogoSrcSet is the srcset of a 36 px logo drawn as PNG (DrawnPath), or ""
// when the logo is not a theme's drawing.
func LogoSrcSet(logo string) string {
	x2, x3 := DrawnPath(logo, 72), DrawnPath(logo, 108)
	if x2 == "" {
		return ""
	}
	return x2 + " 2x, " + x3 + " 3x"
}
