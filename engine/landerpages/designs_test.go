package landerpages_test

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"path"
	"regexp"
	"slices"
	"strings"
	"testing"

	"rendezvous/engine/landerpages"
	"rendezvous/engine/server/servertest"
	"rendezvous/landers"
)

// designs are the landers with their own template (landers/NAME/) and
// what only that design shows; each must be among landerpages.Names.
var designs = []struct {
	name  string
	marks []string
}{
	{"alonetonight", []string{`data-testid="night-hero"`, `data-testid="night-online"`, `data-testid="night-cta"`}},
	{"collagelanding", []string{`data-testid="collage"`, `class="tile t0"`}},
	{"gallery", []string{`data-testid="gallery"`, `class="zoom"`, `data-testid="gallery-dialog"`}},
	{"iconslanding", []string{`data-testid="icon-grid"`}},
	{"maplanding", []string{`data-testid="member-map"`, `data-testid="map-list"`, `class="pin p0"`}},
	{"socialnetwork", []string{`data-testid="feed"`, `data-testid="stories"`, `class="post"`}},
	{"transitionsvideolanding", []string{`data-testid="slideshow"`, `data-testid="slideshow-pause"`, `aria-pressed="false"`, `prefers-reduced-motion`}},
	{"video", []string{`data-testid="video-reel"`, `data-testid="reel-pause"`, `prefers-reduced-motion`}},
}

// section is the part of page from the element carrying mark to the end of
// that element's list (the first "</ul>" or "</ol>" after it).
func section(page, mark string) string {
	i := strings.Index(page, mark)
	if i < 0 {
		return ""
	}
	rest := page[i:]
	end := len(rest)
	for _, close := range []string{"</ul>", "</ol>", "</div>"} {
		if j := strings.Index(rest, close); j >= 0 && j < end {
			end = j
		}
	}
	return rest[:end]
}

// Each design renders as itself (not the generic lander) in every
// language of the demo tenants, with its own parts, the niche's member in
// the parts that list members, no text key left unfilled, under 50 KB.
func TestLanderDesignsShowTheirParts(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	she := fitting(t, env, "lustlokaal", 2)
	for _, d := range designs {
		if !slices.Contains(landerpages.Names, d.name) {
			t.Fatalf("%s is not in landerpages.Names", d.name)
		}
		if _, err := fs.Stat(landers.FS, d.name+"/lander.html"); err != nil {
			t.Fatalf("%s has no template: %v", d.name, err)
		}
		for _, lang := range []string{"nl", "en"} {
			for _, variant := range []string{"a", "b", "c"} {
				address := fmt.Sprintf("/landers/%s/she-%s?lang=%s", d.name, variant, lang)
				res := env.Client(t, "localhost").Do("GET", address, nil)
				res.Want(t, http.StatusOK, "")
				page := string(res.Body)
				for _, m := range d.marks {
					if !strings.Contains(page, m) {
						t.Errorf("%s: %s is missing", address, m)
					}
				}
				if strings.Contains(page, `aria-label=""`) || strings.Contains(page, "<h1 id=\"") && strings.Contains(page, `"></h1>`) {
					t.Errorf("%s: an empty label or headline (a text key without text)", address)
				}
				if !strings.Contains(page, `<html lang="`+lang+`"`) {
					t.Errorf("%s: not in %s", address, lang)
				}
				// The theme's logo and icon come as PNG drawings of
				// them (themes.DrawnPath): an SVG image is decoded and
				// drawn on the page's main thread on a phone.
				if i := strings.Index(page, ".svg"); i >= 0 {
					t.Errorf("%s: an SVG image: %s", address, page[max(0, i-80):i+4])
				}
				if len(res.Body) >= 50<<10 {
					t.Errorf("%s: %d bytes, want under 50 KB", address, len(res.Body))
				}
				if !strings.Contains(page, "<strong>"+she+"</strong>") {
					t.Errorf("%s: the member %s is missing", address, she)
				}
			}
		}
	}
	// What lists members lists the niche's member.
	page := string(env.Client(t, "localhost").Do("GET", "/landers/maplanding/she", nil).Body)
	if !strings.Contains(section(page, `data-testid="map-list"`), "<strong>"+she+"</strong>") {
		t.Errorf("maplanding: the list of members near you lacks %s", she)
	}
	page = string(env.Client(t, "localhost").Do("GET", "/landers/video/she", nil).Body)
	if !strings.Contains(section(page, `data-testid="video-reel"`), "<strong>"+she+"</strong>") {
		t.Errorf("video: the reel lacks %s", she)
	}
	// The collage's small tiles say their width, so a phone takes the
	// thumbnail (full photos for every tile kept its largest paint at 3.6 s).
	page = string(env.Client(t, "localhost").Do("GET", "/landers/collagelanding", nil).Body)
	tiles := section(page, `data-testid="collage"`)
	photos, small := strings.Count(tiles, "<img "), strings.Count(tiles, `sizes="(max-width: 699px) 33vw, 230px"`)
	if !strings.Contains(tiles, `sizes="(max-width: 699px) 66vw, 460px"`) || small != photos-1 {
		t.Errorf("collagelanding: %d of %d photos say a small tile's width, want all but the first (two columns): %s", small, photos, tiles)
	}
}

// The copy variant of the slug chooses the design's headline.
func TestLanderDesignsHeadlineVariants(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	h1 := regexp.MustCompile(`<h1[^>]*>([^<]+)</h1>`)
	for _, d := range designs {
		seen := map[string]string{}
		for _, v := range landerpages.CopyVariants {
			page := string(env.Client(t, "localhost").Do("GET", "/landers/"+d.name+"/"+v+"?lang=en", nil).Body)
			m := h1.FindStringSubmatch(page)
			if m == nil {
				t.Fatalf("%s/%s: no headline", d.name, v)
			}
			if other, dup := seen[m[1]]; dup {
				t.Errorf("%s: variants %s and %s share the headline %q", d.name, other, v, m[1])
			}
			seen[m[1]] = v
		}
	}
}

// Every language of landers/texts has every key of English, filled, with
// the same {{placeholders}}; the designs' keys are translated (but for words
// as short as "Online", they differ from English in most languages).
func TestLanderTextsComplete(t *testing.T) {
	t.Parallel()
	read := func(name string) map[string]string {
		raw, err := fs.ReadFile(landers.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]string{}
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return m
	}
	en := read("texts/en.json")
	files, err := fs.Glob(landers.FS, "texts/*.json")
	if err != nil || len(files) != 11 {
		t.Fatalf("texts: %v %v, want 11 languages", files, err)
	}
	holes := regexp.MustCompile(`\{\{\w+\}\}`)
	same := map[string]int{}
	for _, f := range files {
		lang := strings.TrimSuffix(path.Base(f), ".json")
		texts := read(f)
		for k, v := range en {
			got, ok := texts[k]
			if !ok || strings.TrimSpace(got) == "" {
				t.Errorf("%s: %s is missing", lang, k)
				continue
			}
			want, have := holes.FindAllString(v, -1), holes.FindAllString(got, -1)
			slices.Sort(want)
			slices.Sort(have)
			if !slices.Equal(want, have) {
				t.Errorf("%s: %s has %v, English %v", lang, k, have, want)
			}
			if lang != "en" && got == v {
				same[k]++
			}
		}
	}
	for _, d := range designs {
		for k := range en {
			if strings.HasPrefix(k, d.name+".") && same[k] > 5 && len(en[k]) > 8 {
				t.Errorf("%s is English in %d languages", k, same[k])
			}
		}
	}
}
