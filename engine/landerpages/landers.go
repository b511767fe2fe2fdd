package landerpages

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html/template"
	"io/fs"
	"log/slog"
	"net/http"
	"net/url"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"

	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/tenancy"
	"rendezvous/themes"
)

// Names are the affiliate landers, each served at /landers/{name}/{slug?}. A
// name without its own folder in landers/ shows the generic lander until its
// template is made.
var Names = []string{"tinderswipe", "alonetonight", "collagelanding", "gallery", "iconslanding", "maplanding",
	"socialnetwork", "transitionsvideolanding", "video"}

// NicheNames are the lander niches 1 to 7.
var NicheNames = []string{"default", "she", "bdsm", "bbw", "gilf", "milf", "gay"}

// CopyVariants are the headline variants a slug may choose for A/B tests.
var CopyVariants = []string{"a", "b", "c"}

// Prefix is where the landers live.
const Prefix = "/landers/"

// MemberCount is how many members a lander shows at most.
const MemberCount = 12

// Fit is who fits a niche: a gender (any when empty), sexualities and body
// types (any when empty), an age band, and interests that rank members
// sharing them first.
type Fit struct {
	Gender         string
	Sexualities    []string
	BodyTypes      []string
	MinAge, MaxAge int
	Interests      []int16
}

// FitOf is the fit of niche n (1 default ... 7 gay); interests are the
// ids of the interests table (16 nightlife, 19 massage, 20 romance...).
func FitOf(n int) Fit {
	switch n {
	case 2: // she
		return Fit{Gender: "female", MinAge: 18, MaxAge: 50, Interests: []int16{20, 8, 14}}
	case 3: // bdsm
		return Fit{MinAge: 21, MaxAge: 99, Interests: []int16{16, 19, 20}}
	case 4: // bbw
		return Fit{Gender: "female", MinAge: 21, MaxAge: 99, BodyTypes: []string{"curvy", "full_figured"}}
	case 5: // gilf
		return Fit{Gender: "female", MinAge: 55, MaxAge: 99}
	case 6: // milf
		return Fit{Gender: "female", MinAge: 35, MaxAge: 59}
	case 7: // gay
		return Fit{Gender: "male", Sexualities: []string{"gay", "bi"}, MinAge: 18, MaxAge: 99}
	}
	return Fit{MinAge: 18, MaxAge: 99}
}

// Profile is a member as a lander shows them.
type Profile struct {
	Name      string
	Age       int
	Gender    string
	City      string
	Region    string
	Fictional bool
	// FictionalTag is the brand's tag of a fictional (house) profile in
	// the page's language, "" for other members.
	FictionalTag string
	Online       bool
	Photo        Photo
	// First marks the first member of the page, whose photo loads at once.
	First bool
}

// Photo is a member's main photo in the photo store's two sizes.
type Photo struct {
	URL, ThumbURL string
	Width, Height int
}

// Pool finds the members fitting a niche in a tenant's pool, as a
// logged-out visitor may see them (profiles.Service.LanderMembers).
type Pool interface {
	LanderMembers(ctx context.Context, t *tenancy.Tenant, fit Fit, n int) ([]Profile, error)
}

// Theme is what a lander takes of the tenant's theme (themes/NAME/theme.json).
type Theme struct {
	Primary, OnPrimary, Background, Surface, Text, Muted, Border, Link, Danger template.CSS
	FontBody, FontHeading, Radius                                              template.CSS
	Logo, Icon                                                                 string
}

type themeFile struct {
	Colors struct {
		Primary    string `json:"primary"`
		OnPrimary  string `json:"onPrimary"`
		Background string `json:"background"`
		Surface    string `json:"surface"`
		Text       string `json:"text"`
		TextMuted  string `json:"textMuted"`
		Border     string `json:"border"`
		Link       string `json:"link"`
		Danger     string `json:"danger"`
	} `json:"colors"`
	Fonts struct {
		Body    string `json:"body"`
		Heading string `json:"heading"`
	} `json:"fonts"`
	Radii struct {
		MD string `json:"md"`
	} `json:"radii"`
	Logo string `json:"logo"`
	Icon string `json:"icon"`
}

// Page is what a lander template renders (landers/README.md).
type Page struct {
	Name, Slug, Path string
	Lang             string
	Niche            int
	NicheName        string
	Copy             string
	Brand            Brand
	Theme            Theme
	Head             Head
	Members          []Profile
	Signup           SignupState
	Company          tenancy.Company
	// Warning is the entry warning's country (NL or DE), "" for none.
	Warning string
	// Fictional is the brand's fictional-profile markers in the page's
	// language (empty where it has none): the lander's copy follows them.
	Fictional tenancy.FictionalText
	// SiteEntry shows the adults-only question over the page (SiteEntryWanted);
	// Back is the page's own address, where answering it returns to.
	SiteEntry bool
	Back      string
	USFooter  bool
	CSS       template.CSS
	Script    template.JS
	// ErrorTexts are the signup refusals' texts for the form's script.
	ErrorTexts map[string]string
	// EURules is the brand's privacy rules (tenancy.Tenant.EURules): the
	// marketing box starts unticked and the cookie question is asked.
	// CookieAsk shows the question (no answer kept yet).
	EURules   bool
	CookieAsk bool
	// Link is the affiliate link's parameters of the page's address
	// (network, ref, sub1-3), carried in the signup form so that the
	// signup is credited without the affiliate cookie.
	Link []LinkParam
}

// LinkParam is one parameter of an affiliate link.
type LinkParam struct{ Name, Value string }

// Brand is the tenant's name and its theme's logo and icon as the pages
// show them: the PNG images the engine draws of a theme's drawings
// (themes.DrawnPath), LogoSet the logo's srcset for sharp screens.
type Brand struct{ Name, Logo, LogoSet, Icon string }

// brandOf is tenant t's Brand in theme.
func brandOf(t *tenancy.Tenant, theme Theme) Brand {
	b := Brand{Name: t.Name, Logo: theme.Logo, Icon: theme.Icon}
	if p := themes.DrawnPath(theme.Logo, 72); p != "" {
		b.Logo, b.LogoSet = p, themes.LogoSrcSet(theme.Logo)
	}
	if p := themes.DrawnPath(theme.Icon, 32); p != "" {
		b.Icon = p
	}
	return b
}

// Head is the page's robots, canonical and hreflang tags.
type Head struct {
	Index       bool
	Description string
	Canonical   string
	Image       string
	Alternates  []Alternate
}

// Alternate is one hreflang link.
type Alternate struct{ Lang, URL string }

// SignupState is the signup form: open or not, and what a refused form
// sent without the script (kept but the password) with its refusal.
type SignupState struct {
	Open                             bool
	MinAge                           int
	Error                            string
	Gender, Name, DateOfBirth, Email string
	// Day, Month and Year are the date of birth's fields as sent (0 for
	// none); Days, Months and Years are their choices, as in the app:
	// years from the youngest allowed age back to 100.
	Day, Month, Year    int
	Days, Months, Years []int
}

// dateChoices fills the date of birth's choices and its fields from
// DateOfBirth (YYYY-MM-DD), in the year of now.
func (s *SignupState) dateChoices(now time.Time) {
	s.Days, s.Months, s.Years = make([]int, 31), make([]int, 12), nil
	for i := range s.Days {
		s.Days[i] = i + 1
	}
	for i := range s.Months {
		s.Months[i] = i + 1
	}
	for y := now.Year() - s.MinAge; y >= now.Year()-100; y-- {
		s.Years = append(s.Years, y)
	}
	if d, err := time.Parse(time.DateOnly, s.DateOfBirth); err == nil && s.Day == 0 {
		s.Day, s.Month, s.Year = d.Day(), int(d.Month()), d.Year()
	}
}

type lander struct {
	// byLang is the lander's template with its texts in each language.
	byLang map[string]*template.Template
	css    template.CSS
	script template.JS
	// csp allows the page's one inline script by its hash.
	csp string
}

// Renderer renders the landers of landers/ for the request's tenant.
type Renderer struct {
	landers map[string]*lander
	texts   map[string]map[string]string
	themes  map[string]Theme
	pool    Pool
	locator tenancy.Locator
	links   *tenancy.Links
	log     *slog.Logger
	// CacheFor is how long a tenant's members for a niche and language,
	// and a rendered page, are reused: landers take affiliate traffic in
	// bursts, and a member who hides or leaves is gone from them within
	// twice this time. 0 renders every page afresh.
	CacheFor time.Duration
	mu       sync.Mutex
	cache    map[string]cached
	pages    map[string]renderedPage
}

type cached struct {
	members []Profile
	until   time.Time
}

type renderedPage struct {
	body  []byte
	until time.Time
}

// NewRenderer parses every lander of files (the landers/ folder) and reads
// the themes' colours and logos from themes (the themes/ folder).
func NewRenderer(files, themes fs.FS, pool Pool, locator tenancy.Locator, links *tenancy.Links, log *slog.Logger) (*Renderer, error) {
	x := &Renderer{landers: map[string]*lander{}, texts: map[string]map[string]string{}, themes: map[string]Theme{},
		pool: pool, locator: locator, links: links, log: log, CacheFor: 15 * time.Second, cache: map[string]cached{},
		pages: map[string]renderedPage{}}
	if err := x.readTexts(files); err != nil {
		return nil, err
	}
	if err := x.readThemes(themes); err != nil {
		return nil, err
	}
	for _, name := range append([]string{"generic", "notfound"}, Names...) {
		dir := name
		if _, err := fs.Stat(files, name+"/lander.html"); err != nil {
			dir = "generic"
		}
		if name == "notfound" {
			dir = "layout/notfound"
		}
		l, err := x.parse(files, dir)
		if err != nil {
			return nil, fmt.Errorf("lander %s: %w", name, err)
		}
		x.landers[name] = l
	}
	return x, nil
}

func (x *Renderer) parse(files fs.FS, dir string) (*lander, error) {
	t := template.New("page").Funcs(template.FuncMap{
		"t":      func(string, ...any) string { return "" },
		"srcset": srcset,
	})
	layouts, err := fs.Glob(files, "layout/*.html")
	if err != nil {
		return nil, err
	}
	body := dir + "/lander.html"
	if dir == "layout/notfound" {
		body = "layout/notfound.tmpl"
	}
	if t, err = t.ParseFS(files, append(layouts, body)...); err != nil {
		return nil, err
	}
	read := func(name string) string {
		b, err := fs.ReadFile(files, name)
		if err != nil {
			return ""
		}
		return string(b)
	}
	css := read("layout/base.css")
	script := read("layout/signup.js")
	if dir != "layout/notfound" {
		css += read(dir + "/lander.css")
		script += read(dir + "/lander.js")
	}
	sum := sha256.Sum256([]byte(script))
	csp := "default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) +
		"'; img-src 'self' data: https:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
	l := &lander{byLang: map[string]*template.Template{}, css: template.CSS(css), script: template.JS(script), csp: csp}
	for lang := range x.texts {
		texts := x.textsOf(lang)
		c, err := t.Clone()
		if err != nil {
			return nil, err
		}
		l.byLang[lang] = c.Funcs(template.FuncMap{"t": func(key string, args ...any) string { return fill(texts[key], args) }})
	}
	return l, nil
}

func (x *Renderer) readTexts(files fs.FS) error {
	names, err := fs.Glob(files, "texts/*.json")
	if err != nil {
		return err
	}
	for _, n := range names {
		raw, err := fs.ReadFile(files, n)
		if err != nil {
			return err
		}
		m := map[string]string{}
		if err := json.Unmarshal(raw, &m); err != nil {
			return fmt.Errorf("lander texts %s: %w", n, err)
		}
		x.texts[strings.TrimSuffix(path.Base(n), ".json")] = m
	}
	if x.texts["en"] == nil {
		return fmt.Errorf("lander texts: texts/en.json is missing")
	}
	return nil
}

func (x *Renderer) readThemes(themes fs.FS) error {
	names, err := fs.Glob(themes, "*/theme.json")
	if err != nil {
		return err
	}
	for _, n := range names {
		raw, err := fs.ReadFile(themes, n)
		if err != nil {
			return err
		}
		var f themeFile
		if err := json.Unmarshal(raw, &f); err != nil {
			return fmt.Errorf("theme %s: %w", n, err)
		}
		name := path.Dir(n)
		c := f.Colors
		th := Theme{Primary: cssValue(c.Primary), OnPrimary: cssValue(c.OnPrimary), Background: cssValue(c.Background),
			Surface: cssValue(c.Surface), Text: cssValue(c.Text), Muted: cssValue(c.TextMuted), Border: cssValue(c.Border),
			Link: cssValue(c.Link), Danger: cssValue(c.Danger), FontBody: cssValue(f.Fonts.Body), FontHeading: cssValue(f.Fonts.Heading),
			Radius: cssValue(f.Radii.MD), Logo: f.Logo, Icon: f.Icon}
		if th.Logo == "" {
			th.Logo = "/themes/" + name + "/logo.svg"
		}
		if th.Icon == "" {
			th.Icon = "/themes/" + name + "/icon.svg"
		}
		x.themes[name] = th
	}
	return nil
}

// cssValue keeps a theme value that cannot end the declaration or the
// style element it is written into.
func cssValue(s string) template.CSS {
	if strings.ContainsAny(s, ";{}<>\\") {
		return ""
	}
	return template.CSS(s)
}

// srcset lists a photo's stored sizes: the square thumbnail and the
// display image.
func srcset(p Photo) string {
	var parts []string
	if p.ThumbURL != "" {
		parts = append(parts, p.ThumbURL+" 320w")
	}
	if p.URL != "" && p.Width > 0 {
		parts = append(parts, p.URL+" "+strconv.Itoa(p.Width)+"w")
	}
	return strings.Join(parts, ", ")
}

// Route is a lander address taken apart.
type Route struct {
	Name, Slug string
}

// ParseRoute takes /landers/{name}/{slug?} apart; ok is false for any
// other address and for an unknown name.
func ParseRoute(p string) (Route, bool) {
	rest, found := strings.CutPrefix(p, Prefix)
	if !found {
		return Route{}, false
	}
	rest = strings.TrimSuffix(rest, "/")
	name, slug, _ := strings.Cut(rest, "/")
	if strings.Contains(slug, "/") || !known(name) || !plain(slug) {
		return Route{}, false
	}
	return Route{Name: name, Slug: slug}, true
}

func known(name string) bool {
	for _, n := range Names {
		if n == name {
			return true
		}
	}
	return false
}

// Variant is the A/B variant (the slug) of a lander address, "" for none.
func Variant(p string) string {
	r, _ := ParseRoute(p)
	return r.Slug
}

// choose is the niche and copy variant of a lander visit: a ?niche= query
// (a number or a name), else a word of the slug, else the tenant's niche;
// the copy variant is a word of the slug, else a.
func choose(t *tenancy.Tenant, slug, query string) (niche int, variant string) {
	niche, variant = t.Niche, CopyVariants[0]
	if niche < 1 || niche > len(NicheNames) {
		niche = 1
	}
	for _, w := range strings.FieldsFunc(strings.ToLower(slug), func(r rune) bool { return r == '-' || r == '_' || r == '.' }) {
		if n := nicheOf(w); n > 0 {
			niche = n
		}
		for _, v := range CopyVariants {
			if w == v {
				variant = v
			}
		}
	}
	if n := nicheOf(strings.ToLower(strings.TrimSpace(query))); n > 0 {
		niche = n
	}
	return niche, variant
}

func nicheOf(w string) int {
	if n, err := strconv.Atoi(w); err == nil && n >= 1 && n <= len(NicheNames) {
		return n
	}
	for i, name := range NicheNames {
		if w == name {
			return i + 1
		}
	}
	return 0
}

// Serve answers GET /landers/{name}/{slug?}: the lander in the visitor's
// language on the tenant's theme, with the niche's members; an unknown
// name is the 404 page.
func (x *Renderer) Serve(w http.ResponseWriter, r *http.Request) {
	route, ok := ParseRoute(r.URL.Path)
	if !ok {
		x.NotFound(w, r)
		return
	}
	x.render(w, r, route, SignupState{}, http.StatusOK)
}

// NotFound answers an address under /landers/ that is no lander.
func (x *Renderer) NotFound(w http.ResponseWriter, r *http.Request) {
	x.render(w, r, Route{Name: "notfound"}, SignupState{}, http.StatusNotFound)
}

func (x *Renderer) render(w http.ResponseWriter, r *http.Request, route Route, signup SignupState, status int) {
	t := tenancy.FromContext(r.Context())
	l := x.landers[route.Name]
	if t == nil || l == nil {
		httpx.WriteError(w, r, httpx.ErrNotFound)
		return
	}
	page, err := x.page(r, t, route, signup)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if status != http.StatusOK {
		page.Head.Index = false
	}
	page.CSS, page.Script = l.css, l.script
	key := fmt.Sprintf("%d|%s|%s|%s|%d|%s|%s|%t|%t|%t|%s|%t|%s", t.ID, page.Name, page.Path, page.Lang, page.Niche, page.Copy,
		page.Warning, page.USFooter, page.Signup.Open, page.Head.Index, page.Head.Canonical, page.SiteEntry, page.Back)
	cacheable := signup.Error == "" && status == http.StatusOK && x.CacheFor > 0
	body, ok := x.cachedPage(key)
	if !ok || !cacheable {
		tmpl := l.byLang[page.Lang]
		if tmpl == nil {
			tmpl = l.byLang["en"]
		}
		var b bytes.Buffer
		if err := tmpl.ExecuteTemplate(&b, "page", page); err != nil {
			httpx.WriteError(w, r, fmt.Errorf("render lander %s: %w", route.Name, err))
			return
		}
		body = b.Bytes()
		if cacheable {
			x.keepPage(key, body)
		}
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Security-Policy", l.csp)
	// A lander shows no member's data and is entered from other sites, so
	// it does without the opener policy the rest of the site carries: that
	// policy makes the browser start the page in a fresh process, whose cold
	// first layout costs a phone about a tenth of a second (Lighthouse's
	// blocking time on tinderswipe: 270-520 ms with it, 50-150 ms without).
	h.Del("Cross-Origin-Opener-Policy")
	h.Set("Cache-Control", "no-store")
	h.Set("Vary", "Cookie, Accept-Language")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// maxPages bounds the rendered pages kept: slugs are the affiliates' own
// words, so their number has no limit of its own.
const maxPages = 2000

// cachedPage is the page rendered for key, while it is fresh.
func (x *Renderer) cachedPage(key string) ([]byte, bool) {
	x.mu.Lock()
	defer x.mu.Unlock()
	c, ok := x.pages[key]
	if !ok || time.Now().After(c.until) {
		return nil, false
	}
	return c.body, true
}

// keepPage keeps a rendered page for CacheFor: landers take affiliate
// traffic in bursts, and the same page is asked for again and again.
func (x *Renderer) keepPage(key string, body []byte) {
	now := time.Now()
	x.mu.Lock()
	defer x.mu.Unlock()
	if len(x.pages) >= maxPages {
		for k, c := range x.pages {
			if now.After(c.until) {
				delete(x.pages, k)
			}
		}
		if len(x.pages) >= maxPages {
			x.pages = map[string]renderedPage{}
		}
	}
	x.pages[key] = renderedPage{body: body, until: now.Add(x.CacheFor)}
}

// textsOf is the catalogue of lang with English for what it lacks.
func (x *Renderer) textsOf(lang string) map[string]string {
	en := x.texts["en"]
	own := x.texts[lang]
	if own == nil {
		return en
	}
	return fallback{own: own, en: en}.merged()
}

type fallback struct{ own, en map[string]string }

func (f fallback) merged() map[string]string {
	if len(f.own) >= len(f.en) {
		return f.own
	}
	out := make(map[string]string, len(f.en))
	for k, v := range f.en {
		out[k] = v
	}
	for k, v := range f.own {
		out[k] = v
	}
	return out
}

// fill replaces {{name}} in s by the value after "name" in args.
func fill(s string, args []any) string {
	for i := 0; i+1 < len(args); i += 2 {
		s = strings.ReplaceAll(s, "{{"+fmt.Sprint(args[i])+"}}", fmt.Sprint(args[i+1]))
	}
	return s
}

// homeLocale is the language of a page's address without ?lang=.
func homeLocale(t *tenancy.Tenant) string {
	if dl := tenancy.DomainLocale(t); dl != "" {
		return dl
	}
	return t.DefaultLocale
}

func (x *Renderer) page(r *http.Request, t *tenancy.Tenant, route Route, signup SignupState) (Page, error) {
	country := x.locator.Country(r)
	lang := tenancy.NegotiateLocale(r, t, "", country)
	if l := r.URL.Query().Get("lang"); t.HasLocale(l) {
		lang = l
	}
	niche, variant := choose(t, route.Slug, r.URL.Query().Get("niche"))
	theme, ok := x.themes[t.Theme]
	if !ok {
		theme = x.themes["amber"]
	}
	p := Page{Name: route.Name, Slug: route.Slug, Path: r.URL.Path, Lang: lang, Niche: niche, NicheName: NicheNames[niche-1],
		Copy: variant, Brand: brandOf(t, theme), Theme: theme, Company: t.Company, Fictional: t.Settings.FictionalIn(lang)}
	switch strings.ToUpper(country) {
	case "NL", "DE":
		p.Warning = strings.ToUpper(country)
	}
	p.USFooter = lang == "en" && (t.HasCountry("US") || strings.EqualFold(country, "US"))
	s := t.Settings
	signup.Open = s.Signups == "all" || (s.Signups == "with_trafficsource" && HasTrafficSource(r))
	signup.MinAge = s.MinAge
	if signup.MinAge <= 0 {
		signup.MinAge = 18
	}
	signup.dateChoices(time.Now().In(t.Location))
	p.Signup = signup
	p.EURules = t.EURules()
	p.CookieAsk = p.EURules && ConsentAsked(r) == ""
	if link := FromQuery(r); link != nil {
		v := link.values()
		for _, k := range []string{"network", "ref", "sub1", "sub2", "sub3"} {
			if v.Get(k) != "" {
				p.Link = append(p.Link, LinkParam{k, v.Get(k)})
			}
		}
	}
	if p.SiteEntry = SiteEntryWanted(r, t, country); p.SiteEntry {
		p.Back = r.URL.RequestURI()
	}
	texts := x.textsOf(lang)
	p.ErrorTexts = map[string]string{}
	for k, v := range texts {
		if code, ok := strings.CutPrefix(k, "error."); ok {
			p.ErrorTexts[code] = strings.ReplaceAll(v, "{{sitename}}", t.Name)
		}
	}
	p.Head = x.head(r, t, route, lang)
	if route.Name != "notfound" && x.pool != nil {
		members, err := x.members(r.Context(), t, niche, lang)
		if err != nil {
			return Page{}, err
		}
		p.Members = members
	}
	return p, nil
}

func (x *Renderer) head(r *http.Request, t *tenancy.Tenant, route Route, lang string) Head {
	h := Head{Description: t.Settings.Description, Index: t.Settings.IndexLanders && route.Slug == "" && route.Name != "notfound"}
	if !h.Index {
		return h
	}
	links := x.links
	if links == nil {
		links = &tenancy.Links{}
	}
	primary := r.Clone(r.Context())
	primary.Host = t.PrimaryHost
	origin := links.Base(primary, t)
	p := Prefix + route.Name
	at := func(l string) string {
		if l == homeLocale(t) {
			return origin + p
		}
		return origin + p + "?lang=" + l
	}
	h.Canonical = at(lang)
	theme := x.themes[t.Theme]
	h.Image = origin + theme.Icon
	if p := themes.DrawnPath(theme.Icon, 512); p != "" {
		h.Image = origin + p // link previews take PNG, not SVG
	}
	if len(t.Locales) > 1 {
		for _, l := range t.Locales {
			h.Alternates = append(h.Alternates, Alternate{Lang: l, URL: at(l)})
		}
		h.Alternates = append(h.Alternates, Alternate{Lang: "x-default", URL: origin + p})
	}
	return h
}

// members are the niche's members of t's pool in language lang, reused
// for CacheFor.
func (x *Renderer) members(ctx context.Context, t *tenancy.Tenant, niche int, lang string) ([]Profile, error) {
	key := fmt.Sprintf("%d|%d|%s", t.ID, niche, lang)
	now := time.Now()
	x.mu.Lock()
	c, ok := x.cache[key]
	x.mu.Unlock()
	if ok && now.Before(c.until) {
		return c.members, nil
	}
	members, err := x.pool.LanderMembers(tenancy.WithLanguage(ctx, lang), t, FitOf(niche), MemberCount)
	if err != nil {
		return nil, fmt.Errorf("lander members: %w", err)
	}
	if len(members) > 0 {
		members[0].First = true
	}
	tag := t.Settings.FictionalIn(lang).Singular
	for i := range members {
		if members[i].Fictional {
			members[i].FictionalTag = tag
		}
	}
	if x.CacheFor > 0 {
		x.mu.Lock()
		x.cache[key] = cached{members: members, until: now.Add(x.CacheFor)}
		x.mu.Unlock()
	}
	return members, nil
}

// SignupForm is the lander's signup form as posted without the script.
type SignupForm struct {
	Gender, Seeking, Name, DateOfBirth, Email, Password string
	// OrientationConsent and Marketing are the form's two boxes.
	OrientationConsent, Marketing bool
	// Tracking is the affiliate link the form carries (Page.Link) with the
	// form's lander; nil without one.
	Tracking *Tracking
}

// dateOfBirth is the form's date of birth as YYYY-MM-DD: its day, month
// and year fields (as the app asks them), or a date_of_birth field. A field
// left empty leaves it empty (the signup asks for it); numbers that make no
// date (31 February) are left for the signup to refuse.
func dateOfBirth(form url.Values) string {
	if v := strings.TrimSpace(form.Get("date_of_birth")); v != "" {
		return v
	}
	day, month, year := strings.TrimSpace(form.Get("day")), strings.TrimSpace(form.Get("month")), strings.TrimSpace(form.Get("year"))
	if day == "" || month == "" || year == "" {
		return ""
	}
	d, errD := strconv.Atoi(day)
	m, errM := strconv.Atoi(month)
	y, errY := strconv.Atoi(year)
	if errD != nil || errM != nil || errY != nil || d < 1 || d > 31 || m < 1 || m > 12 || y < 1000 || y > 9999 {
		return day + "/" + month + "/" + year // no date: refused as such
	}
	return fmt.Sprintf("%04d-%02d-%02d", y, m, d)
}

// SignupFunc signs a visitor up from a lander's form and logs them in
// (the server joins accounts and profiles for it, as /api/signup.php).
type SignupFunc func(w http.ResponseWriter, r *http.Request, f SignupForm) error

// SignupHandler answers POST /landers/signup, the form of a lander posted
// without its script: the app's signup, then the app (/complete-signup)
// logged in; a refusal shows the lander again with the refusal in the form.
func (x *Renderer) SignupHandler(signup SignupFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		r.Body = http.MaxBytesReader(w, r.Body, 16<<10)
		if err := r.ParseForm(); err != nil {
			httpx.WriteError(w, r, refusal.New(refusal.Invalid, "form_invalid", "The form could not be read."))
			return
		}
		f := SignupForm{Gender: r.PostForm.Get("gender"), Seeking: r.PostForm.Get("seeking"), Name: r.PostForm.Get("name"),
			DateOfBirth: dateOfBirth(r.PostForm), Email: r.PostForm.Get("email"), Password: r.PostForm.Get("password"),
			OrientationConsent: r.PostForm.Get("orientation_consent") != "", Marketing: r.PostForm.Get("marketing") != ""}
		if link := fromValues(r.PostForm); link != nil {
			link.Lander = VisitLander(r.PostForm.Get("lander"))
			f.Tracking = link
		}
		err := signup(w, r, f)
		if err == nil {
			http.Redirect(w, r, "/complete-signup", http.StatusSeeOther)
			return
		}
		refused := refusal.As(err)
		if refused == nil {
			httpx.WriteError(w, r, err)
			return
		}
		route, ok := ParseRoute(r.PostForm.Get("lander"))
		if !ok {
			route = Route{Name: Names[0]}
		}
		// The lander again, as the form's own address shows it.
		again := r.Clone(r.Context())
		again.URL.Path = Prefix + route.Name
		if route.Slug != "" {
			again.URL.Path += "/" + route.Slug
		}
		lang := tenancy.NegotiateLocale(r, tenancy.FromContext(r.Context()), "", x.locator.Country(r))
		text := x.textsOf(lang)["error."+refused.Code]
		if text == "" {
			text = refused.Text()
		}
		for k, v := range refused.Params {
			text = strings.ReplaceAll(text, "{{"+k+"}}", fmt.Sprint(v))
		}
		text = strings.ReplaceAll(text, "{{sitename}}", tenancy.FromContext(r.Context()).Name)
		day, _ := strconv.Atoi(r.PostForm.Get("day"))
		month, _ := strconv.Atoi(r.PostForm.Get("month"))
		year, _ := strconv.Atoi(r.PostForm.Get("year"))
		x.render(w, again, route, SignupState{Error: text, Gender: f.Gender, Name: f.Name, DateOfBirth: f.DateOfBirth, Email: f.Email,
			Day: day, Month: month, Year: year}, httpx.Status(refused.Kind))
	}
}
