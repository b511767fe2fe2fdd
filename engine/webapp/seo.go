package webapp

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"strings"

	"rendezvous/engine/looks"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/tenancy"
	"rendezvous/themes"
)

// LangParam is the query parameter that names a public page's language
// (?lang=de): each language of a brand has its own address, so search
// engines can index every one and hreflang can link them.
const LangParam = "lang"

// infoPages are the static info pages; /{token} is the same page as
// /pages/{token}.
var infoPages = []string{"faq", "service", "terms", "privacy", "cookies", "return-policy", "ban"}

// landerPages are the lander addresses indexed where a brand asks for it
// (index_landers).
var landerPages = []string{"/landers/tinderswipe", "/landers/alonetonight", "/landers/collagelanding",
	"/landers/gallery", "/landers/iconslanding", "/landers/maplanding", "/landers/socialnetwork",
	"/landers/transitionsvideolanding", "/landers/video"}

// publicPath is the canonical path of a page search engines may index on
// tenant t, and whether there is one: the home page, the member search where
// logged-out search is on, the info pages, and the landers where the tenant
// sets index_landers. Member pages, forms and profiles are never indexed.
func publicPath(t *tenancy.Tenant, p string) (string, bool) {
	p = "/" + strings.Trim(p, "/")
	switch {
	case p == "/":
		return p, true
	case p == "/members":
		return p, t.Settings.LoggedOutSearch
	case strings.HasPrefix(p, "/landers/"):
		for _, l := range landerPages {
			if p == l {
				return p, t.Settings.IndexLanders
			}
		}
		return "", false
	}
	for _, page := range infoPages {
		if p == "/pages/"+page || p == "/"+page {
			return "/pages/" + page, true
		}
	}
	return "", false
}

// publicPaths are the pages of tenant t's sitemap.
func publicPaths(t *tenancy.Tenant) []string {
	out := []string{"/"}
	if t.Settings.LoggedOutSearch {
		out = append(out, "/members")
	}
	for _, page := range infoPages {
		out = append(out, "/pages/"+page)
	}
	if t.Settings.IndexLanders {
		out = append(out, landerPages...)
	}
	return out
}

// homeLocale is the language of a public page's address without ?lang=:
// what a crawler without cookies gets.
func homeLocale(t *tenancy.Tenant) string {
	if dl := tenancy.DomainLocale(t); dl != "" {
		return dl
	}
	return t.DefaultLocale
}

// origin is the scheme and primary host of tenant t's canonical addresses.
func (a *App) origin(r *http.Request, t *tenancy.Tenant) string {
	links := a.Links
	if links == nil {
		links = &tenancy.Links{}
	}
	// Links.Base keeps a request's own host when it is one of the tenant's;
	// canonical addresses always name the primary one.
	primary := r.Clone(r.Context())
	primary.Host = t.PrimaryHost
	return links.Base(primary, t)
}

// localeURL is the address of public path p in locale l.
func localeURL(origin string, t *tenancy.Tenant, p, l string) string {
	if l == homeLocale(t) {
		return origin + p
	}
	return origin + p + "?" + LangParam + "=" + url.QueryEscape(l)
}

// headTags are the robots, description, canonical, hreflang and Open Graph
// tags of a page, rendered into index.html so crawlers see them without
// running the app.
func (a *App) headTags(r *http.Request, t *tenancy.Tenant, boot Boot, title string, found bool) []byte {
	var b bytes.Buffer
	attr := html.EscapeString
	p, public := publicPath(t, r.URL.Path)
	public = public && found
	description := boot.Settings.Description
	b.Write(a.iconTags(t))
	if public {
		b.WriteString(`<meta name="robots" content="index, follow">`)
	} else {
		b.WriteString(`<meta name="robots" content="noindex, nofollow">`)
	}
	if description != "" {
		fmt.Fprintf(&b, `<meta name="description" content="%s">`, attr(description))
	}
	if !public {
		return b.Bytes()
	}
	origin := a.origin(r, t)
	canonical := localeURL(origin, t, p, boot.Locale)
	fmt.Fprintf(&b, `<link rel="canonical" href="%s">`, attr(canonical))
	if len(t.Locales) > 1 {
		for _, l := range t.Locales {
			fmt.Fprintf(&b, `<link rel="alternate" hreflang="%s" href="%s">`, attr(l), attr(localeURL(origin, t, p, l)))
		}
		fmt.Fprintf(&b, `<link rel="alternate" hreflang="x-default" href="%s">`, attr(origin+p))
	}
	fmt.Fprintf(&b, `<meta property="og:type" content="website">`)
	fmt.Fprintf(&b, `<meta property="og:site_name" content="%s">`, attr(t.Name))
	fmt.Fprintf(&b, `<meta property="og:title" content="%s">`, attr(title))
	if description != "" {
		fmt.Fprintf(&b, `<meta property="og:description" content="%s">`, attr(description))
	}
	fmt.Fprintf(&b, `<meta property="og:url" content="%s">`, attr(canonical))
	fmt.Fprintf(&b, `<meta property="og:locale" content="%s">`, attr(ogLocale(boot.Locale, boot.Country, t)))
	image := a.iconPath(t)
	if p := themes.DrawnPath(image, 512); p != "" {
		image = p // link previews take PNG, not SVG
	}
	fmt.Fprintf(&b, `<meta property="og:image" content="%s">`, attr(origin+image))
	return b.Bytes()
}

// iconTags are the page's favicon and home-screen icon: the theme's icon
// drawn as PNG (icons.go), or its SVG where the engine draws none.
func (a *App) iconTags(t *tenancy.Tenant) []byte {
	icon := a.iconPath(t)
	favicon, touch := themes.DrawnPath(icon, 32), themes.DrawnPath(icon, 180)
	if favicon == "" {
		return fmt.Appendf(nil, `<link rel="icon" href="%s">`, html.EscapeString(icon))
	}
	return fmt.Appendf(nil, `<link rel="icon" href="%s" sizes="32x32" type="image/png"><link rel="apple-touch-icon" href="%s">`, favicon, touch)
}

// ogLocale is a language as Open Graph names it (language_TERRITORY).
func ogLocale(l, country string, t *tenancy.Tenant) string {
	if country == "" && len(t.Countries) > 0 {
		country = t.Countries[0]
	}
	if country == "" {
		return l
	}
	return l + "_" + strings.ToUpper(country)
}

// iconPath is the brand's icon: its own, else its theme's.
func (a *App) iconPath(t *tenancy.Tenant) string {
	// The brand's own icon (uploaded in the console) before its theme's.
	if own := looks.BootOf(t, "").Icon; own != "" {
		return own
	}
	if tc := a.themeColors(t); tc.Icon != "" {
		return tc.Icon
	}
	return "/themes/" + t.Theme + "/icon.svg"
}

// Robots answers /robots.txt for the request's tenant: the member-only
// areas are closed to crawlers, and the sitemap is named.
func (a *App) Robots(w http.ResponseWriter, r *http.Request) {
	t := tenancy.FromContext(r.Context())
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for _, p := range []string{"/api/", "/chats", "/credits", "/profile", "/notifications", "/transactions", "/likes", "/premium"} {
		b.WriteString("Disallow: " + p + "\n")
	}
	b.WriteString("\nSitemap: " + a.origin(r, t) + "/sitemap.xml\n")
	_, _ = w.Write([]byte(b.String()))
}

type urlSet struct {
	XMLName xml.Name     `xml:"urlset"`
	NS      string       `xml:"xmlns,attr"`
	XHTML   string       `xml:"xmlns:xhtml,attr"`
	URLs    []sitemapURL `xml:"url"`
}

type sitemapURL struct {
	Loc        string        `xml:"loc"`
	Alternates []alternateTo `xml:"xhtml:link"`
}

type alternateTo struct {
	Rel      string `xml:"rel,attr"`
	Hreflang string `xml:"hreflang,attr"`
	Href     string `xml:"href,attr"`
}

// Sitemap answers /sitemap.xml for the request's tenant: its public pages
// on its primary host, one entry per language, each with the addresses of
// the others (hreflang). Another tenant's pages never appear.
func (a *App) Sitemap(w http.ResponseWriter, r *http.Request) {
	t := tenancy.FromContext(r.Context())
	origin := a.origin(r, t)
	set := urlSet{NS: "http://www.sitemaps.org/schemas/sitemap/0.9", XHTML: "http://www.w3.org/1999/xhtml"}
	for _, p := range publicPaths(t) {
		var alts []alternateTo
		if len(t.Locales) > 1 {
			for _, l := range t.Locales {
				alts = append(alts, alternateTo{Rel: "alternate", Hreflang: l, Href: localeURL(origin, t, p, l)})
			}
			alts = append(alts, alternateTo{Rel: "alternate", Hreflang: "x-default", Href: origin + p})
		}
		for _, l := range t.Locales {
			set.URLs = append(set.URLs, sitemapURL{Loc: localeURL(origin, t, p, l), Alternates: alts})
		}
	}
	out, err := xml.MarshalIndent(set, "", "  ")
	if err != nil {
		httpx.WriteError(w, r, fmt.Errorf("encode sitemap: %w", err))
		return
	}
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_, _ = w.Write([]byte(xml.Header))
	_, _ = w.Write(out)
}
