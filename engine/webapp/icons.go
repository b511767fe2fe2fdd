package webapp

import (
	"fmt"
	"io/fs"
	"net/http"
	"strconv"
	"sync"

	"rendezvous/engine/platform/svgicon"
	"rendezvous/themes"
)

// drawnIcons caches the PNG images drawn so far of the themes' drawings
// (themes.DrawnPath).
type drawnIcons struct {
	mu  sync.Mutex
	png map[string][]byte
}

// drawnIcon answers the PNG image at file (a path under /themes/), drawing
// it the first time; ok is false when file names no drawn image.
func (a *App) drawnIcon(file string) (png []byte, ok bool, err error) {
	drawing, size, ok := themes.Drawing(file)
	if !ok {
		return nil, false, nil
	}
	a.icons.mu.Lock()
	defer a.icons.mu.Unlock()
	if png, ok := a.icons.png[file]; ok {
		return png, true, nil
	}
	src, err := fs.ReadFile(a.themes, drawing)
	if err != nil {
		return nil, false, nil
	}
	if png, err = svgicon.PNG(src, size); err != nil {
		return nil, false, fmt.Errorf("draw theme image %s: %w", file, err)
	}
	if a.icons.png == nil {
		a.icons.png = map[string][]byte{}
	}
	a.icons.png[file] = png
	return png, true, nil
}

// serveDrawnIcon writes a drawn image; false when file names none.
func (a *App) serveDrawnIcon(w http.ResponseWriter, r *http.Request, file string) bool {
	png, ok, err := a.drawnIcon(file)
	if err != nil {
		a.log.Error("theme image", "file", file, "err", err)
		return false
	}
	if !ok {
		return false
	}
	w.Header().Set("Content-Type", "image/png")
	w.Header().Set("Content-Length", strconv.Itoa(len(png)))
	if r.Method != http.MethodHead {
		_, _ = w.Write(png)
	}
	return true
}
