package webapp

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"rendezvous/engine/platform/httpx"
)

// The app's code is fetched after the first paint. index.html as Vite
// builds it names the entry and its chunks in the head (a module script and
// modulepreload links), so the browser fetches and runs about 200 kB of
// JavaScript before it paints the static first screen (firstpaint.go) and
// before the first photo has arrived: on a phone on slow 4G that is 3 to 4 s
// of white screen (Lighthouse: first paint 3.1-4.6 s on the home and search).
// The engine takes those tags out and writes the list of files into the page
// for codeLoader, which asks for them once the first screen is painted and
// its most important photos (fetchpriority="high") are in.

// codeLoader is the inline script that loads the app's code after the
// first paint: the modulepreload links first, then the entry, one element
// a task. Starting a fetch costs the main thread 2-4 ms, and the eight of
// them in one task were a long task (26 ms unthrottled, over 50 ms on the
// phone Lighthouse emulates) right after the first paint.
const codeLoader = `(function(){var c=JSON.parse(document.getElementById("rdv-code").textContent);` +
	`function go(){var i=c.length-1;(function next(){var e=document.createElement(i?"link":"script");if(i){e.rel="modulepreload";e.href=c[i]}else{e.type="module";e.src=c[i]}e.crossOrigin="";document.head.appendChild(e);if(--i>=0)setTimeout(next,0)})()}` +
	`function painted(){if(document.hidden){go();return}requestAnimationFrame(function(){setTimeout(go,0)})}` +
	`function photos(){var w=[].filter.call(document.querySelectorAll('img[fetchpriority="high"]'),function(i){return!i.complete});var n=w.length;if(!n){painted();return}` +
	`w.forEach(function(i){var d=function(){if(--n===0)painted()};i.addEventListener("load",d,{once:true});i.addEventListener("error",d,{once:true})})}` +
	`if(document.readyState==="loading")document.addEventListener("DOMContentLoaded",photos);else photos()})()`

// appCSP is the member app's Content-Security-Policy: the app's, with the
// code loader's inline script allowed by its hash (and nothing else inline).
var appCSP = strings.Replace(httpx.AppCSP, "script-src 'self'", "script-src 'self' '"+scriptHash(codeLoader)+"'", 1)

// scriptHash is a CSP source for an inline script's text.
func scriptHash(script string) string {
	sum := sha256.Sum256([]byte(script))
	return "sha256-" + base64.StdEncoding.EncodeToString(sum[:])
}

var (
	entryScript   = regexp.MustCompile(`<script type="module" crossorigin src="([^"]+)"></script>\s*`)
	modulePreload = regexp.MustCompile(`<link rel="modulepreload" crossorigin href="([^"]+)">\s*`)
)

// withoutCode takes the entry script and the modulepreload links out of a
// built index.html and returns the page and the files, entry first; a page
// without an entry (no bundle built) comes back as it is.
func withoutCode(index []byte) ([]byte, []string) {
	entry := entryScript.FindSubmatch(index)
	if entry == nil {
		return index, nil
	}
	code := []string{string(entry[1])}
	for _, m := range modulePreload.FindAllSubmatch(index, -1) {
		code = append(code, string(m[1]))
	}
	page := entryScript.ReplaceAll(index, nil)
	page = modulePreload.ReplaceAll(page, nil)
	return page, code
}

// withCodeLoader writes the list of the app's files and the loader at the
// end of the page's body.
func withCodeLoader(page []byte, code []string) ([]byte, error) {
	if len(code) == 0 {
		return page, nil
	}
	list, err := json.Marshal(code)
	if err != nil {
		return nil, fmt.Errorf("encode the app's files: %w", err)
	}
	// A file name never holds "<", but the list sits in a script element.
	list = bytes.ReplaceAll(list, []byte("<"), []byte(`\u003c`))
	tags := append(append([]byte(`<script id="rdv-code" type="application/json">`), list...), "</script><script>"+codeLoader+"</script></body>"...)
	return bytes.Replace(page, []byte("</body>"), tags, 1), nil
}
