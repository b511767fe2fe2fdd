package webapp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io/fs"
	"log/slog"
	"maps"
	"net/http"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"

	"rendezvous/engine/identity"
	"rendezvous/engine/looks"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/profiles"
	"rendezvous/engine/tenancy"
	"rendezvous/themes"
)

// Viewer is what the app knows of the logged-in member at first paint.
type Viewer struct {
	// User is the member in the shape of GET /api/user.php, or nil.
	User any
	// Language is the member's saved language.
	Language string
	// Counts are the navigation's badges, nil when nobody is logged in.
	Counts *NavCounts
	// Credits is the member's balance, which the chat's first paint shows
	// under the composer as the app does.
	Credits int64
}

// NavCounts are the navigation's badges, in the boot state so they show on
// the first paint instead of after the first refresh.
type NavCounts struct {
	UnreadMessages int64 `json:"unread_messages"`
	NewLikes       int64 `json:"new_likes"`
}

// ViewerFunc finds the logged-in member of a request; accounts provides it.
type ViewerFunc func(r *http.Request) (Viewer, error)

// ChatThread is what the first screen of a conversation (/chats/{id})
// needs: messages.php's answer, which the app takes as its first load, and
// what the static first paint draws of it.
type ChatThread struct {
	// Answer is GET /api/messages.php's answer for the conversation.
	Answer any
	// Paint is the partner and the messages, for the first paint.
	Paint ChatPaint
}

// ChatPaint is a conversation as the static first paint draws it.
type ChatPaint struct {
	Partner     ChatPartner
	Messages    []ChatPaintMessage
	OlderHidden bool
	// Blocked: the partner blocked the member, who sees no composer.
	Blocked bool
	// FreeMessagesLeft is the member's free text messages left: the
	// composer's line then tells the next message is free.
	FreeMessagesLeft int
}

// ChatPartner is the other member of a conversation in the chat's top bar.
type ChatPartner struct {
	ID   int64
	Name string
	Age  int
	// Fictional marks a house profile (labelled with the tenant's fictional_singular).
	Fictional bool
	// Thumb is the address of their photo's thumbnail ("" without one).
	Thumb string
}

// ChatPaintMessage is one message of the first paint.
type ChatPaintMessage struct {
	Mine bool
	// Kind is text, gift or photo.
	Kind, Text string
	// GiftID and GiftName name a gift (the app's catalogues name the usual ones).
	GiftID, GiftName string
	// Photo is the thumbnail of a photo message.
	Photo string
}

// ChatFunc opens a conversation for the logged-in member of a request, as
// GET /api/messages.php does (marking it read): a refusal when nobody is
// logged in or the conversation is not theirs. Package user provides it.
type ChatFunc func(r *http.Request, conversation int64) (ChatThread, error)

// App serves the member app.
type App struct {
	dist    fs.FS
	themes  fs.FS
	locator tenancy.Locator
	viewer  ViewerFunc
	index   []byte
	// code is the app's files index.html named, entry first (codeloader.go).
	code []string
	// LiveIndex re-reads index.html for every page, for a bundle served
	// from disk (serve --web-dir) that a `vite build` may replace at any
	// time; the built-in bundle never changes.
	LiveIndex bool
	// Showcase finds the member teasers of the logged-out home page; nil
	// shows none.
	Showcase Showcase
	// Chat opens the conversation of a chat page (/chats/{id}) for its
	// first paint; nil leaves the chat to the app.
	Chat ChatFunc
	// Links makes the canonical addresses of public pages (the scheme and
	// port mailed links use, on the brand's primary host).
	Links *tenancy.Links
	theme map[string]json.RawMessage
	// looks are the brands' themes with their own colours (look.go).
	looks brandThemes
	// icons are the PNG images drawn of the themes' drawings (icons.go).
	icons drawnIcons
	// preload is the build's dist/preload.json: the chunks of each route's
	// page and of each language's catalogue.
	preload preloadList
	// layouts are the themes' layouts (theme.json's layout over the
	// default), by theme name: a brand's look.layout goes over its theme's.
	layouts themeLayouts
	// firstPaint is the build's dist/firstpaint.json: the texts of the
	// static first screen (firstpaint.go).
	firstPaint firstPaintTexts
	log        *slog.Logger
}

// preloadList is dist/preload.json (web/scripts/preloadList.ts).
type preloadList struct {
	// Routes maps a route pattern (appRoutes' syntax) to its page's chunks.
	Routes map[string][]string `json:"routes"`
	// Locales maps a language to the chunks of its catalogue's first part,
	// which every page needs.
	Locales map[string][]string `json:"locales"`
	// RestLocales maps a language to the chunks of the rest of its
	// catalogue: the texts of the pages beyond the home's, which the home
	// does without (its first screen loads less code).
	RestLocales map[string][]string `json:"restLocales"`
	// FirstRoutes are the routes (as in Routes) whose pages need only the
	// first part of the catalogue.
	FirstRoutes []string `json:"firstRoutes"`
	// Member are the chunks a logged-in member's first render needs beyond
	// the page's (the member's navigation and alert banners), which a
	// visitor's first screen does without.
	Member []string `json:"member"`
	// LayoutVariants maps a layout choice drawn by chunks of its own (a
	// field of themes.Layout as its JSON names it: "home") to those chunks
	// of each variant, so a brand's page loads its own variant only.
	LayoutVariants map[string]variantChunks `json:"layoutVariants"`
}

// variantChunks are the chunks of one layout choice's variants.
type variantChunks struct {
	// Routes are the routes (as in Routes) whose pages draw the choice;
	// none: every page.
	Routes []string `json:"routes"`
	// Chunks maps a variant's name to its chunks.
	Chunks map[string][]string `json:"chunks"`
}

// chunksOf are the chunks of the page at path, of the variants it draws of
// the brand's layout (choices: a layout field's JSON name to its variant)
// and of the catalogue of locale (the part the page needs), beyond those
// index.html names itself. A path matching several routes takes the one
// with most fixed segments, as the app's router does.
func (l preloadList) chunksOf(p, locale string, choices map[string]string) []string {
	segs := split(p)
	best, fixed := "", -1
	for route := range l.Routes {
		rs := split(route)
		if !match(rs, segs) {
			continue
		}
		n := 0
		for _, s := range rs {
			if s != "*" && s != "?" {
				n++
			}
		}
		if n > fixed || (n == fixed && route < best) {
			best, fixed = route, n
		}
	}
	var out []string
	if fixed >= 0 {
		out = append(out, l.Routes[best]...)
		for _, choice := range slices.Sorted(maps.Keys(l.LayoutVariants)) {
			v := l.LayoutVariants[choice]
			if len(v.Routes) > 0 && !slices.Contains(v.Routes, best) {
				continue
			}
			for _, c := range v.Chunks[choices[choice]] {
				if !slices.Contains(out, c) {
					out = append(out, c)
				}
			}
		}
	}
	out = append(out, l.Locales[locale]...)
	if fixed >= 0 && !slices.Contains(l.FirstRoutes, best) {
		out = append(out, l.RestLocales[locale]...)
	}
	return out
}

// themeLayouts are the themes' layouts by theme name.
type themeLayouts map[string]themes.Layout

// themeLayout is the layout of a theme.json: its choices over the default.
func themeLayout(raw []byte) (themes.Layout, error) {
	var th struct {
		Layout themes.Layout `json:"layout"`
	}
	if err := json.Unmarshal(raw, &th); err != nil {
		return themes.Layout{}, fmt.Errorf("read layout: %w", err)
	}
	return themes.DefaultLayout.Over(th.Layout), nil
}

// layoutChoices are a layout's single choices by their JSON names ("home":
// "photo-hero"): preload.json names a choice's variant chunks that way, so a
// layout field added later needs no code here.
func layoutChoices(l themes.Layout) map[string]string {
	raw, err := json.Marshal(l)
	if err != nil {
		return nil
	}
	var fields map[string]any
	if err := json.Unmarshal(raw, &fields); err != nil {
		return nil
	}
	out := make(map[string]string, len(fields))
	for k, v := range fields {
		if s, ok := v.(string); ok {
			out[k] = s
		}
	}
	return out
}

// Showcase finds the members a logged-out visitor sees on a brand's home
// page (profiles.Service.Teasers).
type Showcase interface {
	Teasers(ctx context.Context, r *http.Request, t *tenancy.Tenant, n int) ([]profiles.Card, error)
	// SearchFor is members.php's search for the request (profiles.Service.SearchFor).
	SearchFor(r *http.Request, query url.Values) (profiles.SearchResult, error)
	// VisitorView is member.php's profile for a logged-out visitor
	// (profiles.Service.VisitorView).
	VisitorView(r *http.Request, id int64) (map[string]any, error)
	// VisitorLandingView is member-landing.php's profile for a logged-out
	// visitor (profiles.Service.VisitorLandingView).
	VisitorLandingView(r *http.Request, id int64) (map[string]any, error)
}

// SearchPageSize is the member app's search page size (PER_PAGE of
// web/src/pages/members/searchQuery.ts): the search page's first results
// come in the boot state in that size, which the app checks before using them.
const SearchPageSize = 12

// Parts are what the pages draw from the engine's areas; each is described
// on App, and each may be nil (none shown).
type Parts struct {
	LiveIndex bool
	Showcase  Showcase
	Chat      ChatFunc
	Links     *tenancy.Links
}

// New reads the built index.html and every theme once.
func New(dist, themes fs.FS, locator tenancy.Locator, viewer ViewerFunc, parts Parts, log *slog.Logger) (*App, error) {
	a := &App{dist: dist, themes: themes, locator: locator, viewer: viewer, log: log, theme: map[string]json.RawMessage{}, layouts: themeLayouts{},
		LiveIndex: parts.LiveIndex, Showcase: parts.Showcase, Chat: parts.Chat, Links: parts.Links}
	index, err := fs.ReadFile(dist, "index.html")
	if err != nil {
		log.Warn("web bundle not built; serving a bare page (run `make build`)")
		index = []byte(fallbackIndex)
	}
	a.index, a.code = withoutCode(index)
	if raw, err := fs.ReadFile(dist, "preload.json"); err == nil {
		if err := json.Unmarshal(raw, &a.preload); err != nil {
			return nil, fmt.Errorf("read preload.json: %w", err)
		}
	}
	if raw, err := fs.ReadFile(dist, "firstpaint.json"); err == nil {
		if err := json.Unmarshal(raw, &a.firstPaint); err != nil {
			return nil, fmt.Errorf("read firstpaint.json: %w", err)
		}
	}
	names, err := fs.Glob(themes, "*/theme.json")
	if err != nil {
		return nil, fmt.Errorf("list themes: %w", err)
	}
	for _, name := range names {
		raw, err := fs.ReadFile(themes, name)
		if err != nil {
			return nil, fmt.Errorf("read theme %s: %w", name, err)
		}
		tokens, err := bootTheme(raw)
		if err != nil {
			return nil, fmt.Errorf("theme %s: %w", name, err)
		}
		a.theme[path.Dir(name)] = tokens
		if a.layouts[path.Dir(name)], err = themeLayout(raw); err != nil {
			return nil, fmt.Errorf("theme %s: %w", name, err)
		}
		// A drawing the engine cannot draw fails here, not on a page: the
		// favicon and the header's logo, drawn once now.
		for _, drawn := range []string{"icon-32.png", "logo-72.png"} {
			file := path.Dir(name) + "/" + drawn
			if _, _, err := a.drawnIcon(file); err != nil {
				return nil, err
			}
		}
	}
	return a, nil
}

// bootTheme is a theme's tokens (theme.json) as the boot state carries
// them: the logo as the PNG the engine draws of it, with the srcset for
// sharp screens (logoSrcSet; icons.go), so the app shows it as it is.
func bootTheme(raw []byte) (json.RawMessage, error) {
	var tokens map[string]any
	if err := json.Unmarshal(raw, &tokens); err != nil {
		return nil, fmt.Errorf("read tokens: %w", err)
	}
	if logo, ok := tokens["logo"].(string); ok {
		if p := themes.DrawnPath(logo, 72); p != "" {
			tokens["logo"], tokens["logoSrcSet"] = p, themes.LogoSrcSet(logo)
		}
	}
	out, err := json.Marshal(tokens)
	if err != nil {
		return nil, fmt.Errorf("write tokens: %w", err)
	}
	return out, nil
}

const fallbackIndex = `<!doctype html><html lang="%RDV_LANG%"><head><meta charset="utf-8"><!--rdv-title--><!--rdv-boot--></head><body><main><h1>Rendezvous</h1><p>The web bundle is not built. Run make build.</p></main></body></html>`

// Boot is the first-paint state injected into index.html.
type Boot struct {
	Tenant   bootTenant             `json:"tenant"`
	Settings tenancy.PublicSettings `json:"settings"`
	Company  tenancy.Company        `json:"company"`
	Theme    json.RawMessage        `json:"theme"`
	// Look is the brand's own look over its theme's: layout variants, logo,
	// icon and the home's copy in the page's language.
	Look looks.Boot `json:"look"`
	User any        `json:"user"`
	// Counts are the logged-in member's badges (null when logged out).
	Counts *NavCounts `json:"counts"`
	Locale string     `json:"locale"`
	// Locales are the languages the language menu offers, those of the
	// visitor's country first (tenancy.OfferedLocales).
	Locales []string `json:"locales"`
	Country string   `json:"country"`
	// Teasers are the members the logged-out home page shows, so it needs
	// no API call; null on other pages and for members.
	Teasers []profiles.Card `json:"teasers"`
	// Search is the first answer of the search page (/members), the search
	// of its address, so the results paint without an API call; null on other
	// pages and where members.php would refuse the search.
	Search *profiles.SearchResult `json:"search"`
	// Member is member.php's profile on a member's page (/members/{id}) for
	// a logged-out visitor, so the profile paints without an API call; null
	// elsewhere, for members (opening a profile clears the member's like,
	// which member.php does) and where member.php would refuse. On a member
	// landing (/members/{id}/landing, landing2, landing3) it is
	// member-landing.php's profile instead, which never shows a member in
	// invisible mode.
	Member map[string]any `json:"member"`
	// Thread is messages.php's answer on a conversation's page
	// (/chats/{id}) for the logged-in member of that conversation, so the
	// chat paints without an API call; null elsewhere, logged out and for
	// a conversation that is not the member's. Serving the page marks the
	// conversation read, as the app's messages.php call would.
	Thread any `json:"thread"`
	// chat is what the first paint draws of Thread.
	chat *ChatPaint
	// credits is the member's balance (Viewer.Credits).
	credits int64
}

type bootTenant struct {
	Slug string `json:"slug"`
	Name string `json:"name"`
}

// BootFor builds the first-paint state of a request.
func (a *App) BootFor(r *http.Request) (Boot, error) {
	t := tenancy.FromContext(r.Context())
	// The conversation first: opening it marks it read, which the
	// navigation's unread count below then tells.
	var thread any
	var chatPaint *ChatPaint
	if id, ok := chatPage(r.URL.Path); ok && a.Chat != nil && identity.Current(r.Context()) != nil {
		th, err := a.Chat(r, id)
		var refused *refusal.Error
		switch {
		case err == nil:
			thread, chatPaint = th.Answer, &th.Paint
		case errors.As(err, &refused):
			// Not the member's conversation: the app asks messages.php itself and shows its refusal.
		default:
			return Boot{}, fmt.Errorf("boot chat: %w", err)
		}
	}
	var v Viewer
	if a.viewer != nil {
		var err error
		if v, err = a.viewer(r); err != nil {
			return Boot{}, fmt.Errorf("boot viewer: %w", err)
		}
	}
	settings := a.locator.SettingsFor(r, t)
	theme := a.brandTheme(t)
	locale := tenancy.NegotiateLocale(r, t, v.Language, settings.GeoipCountry)
	// A public page's own address in a language (?lang=, hreflang) shows
	// that language whatever the visitor's preference.
	if l := r.URL.Query().Get(LangParam); t.HasLocale(l) {
		locale = l
	}
	var teasers []profiles.Card
	if v.User == nil && a.Showcase != nil && strings.Trim(r.URL.Path, "/") == "" {
		var err error
		if teasers, err = a.Showcase.Teasers(r.Context(), r, t, profiles.TeaserCount); err != nil {
			return Boot{}, fmt.Errorf("boot teasers: %w", err)
		}
	}
	var search *profiles.SearchResult
	if a.Showcase != nil && strings.Trim(r.URL.Path, "/") == "members" {
		query := r.URL.Query()
		if !query.Has("per_page") {
			query.Set("per_page", strconv.Itoa(SearchPageSize))
		}
		res, err := a.Showcase.SearchFor(r, query)
		var bad *profiles.FilterError
		switch {
		case err == nil:
			search = &res
		case errors.Is(err, identity.ErrAuthenticationRequired) || errors.As(err, &bad):
			// The app asks members.php itself and shows its refusal.
		default:
			return Boot{}, fmt.Errorf("boot search: %w", err)
		}
	}
	var member map[string]any
	if id, landing, ok := memberPage(r.URL.Path); ok && v.User == nil && a.Showcase != nil {
		// The profile in the page's language, as the app asks member.php
		// (member-landing.php on a landing).
		lr := r.WithContext(tenancy.WithLanguage(r.Context(), locale))
		view := a.Showcase.VisitorView
		if landing {
			view = a.Showcase.VisitorLandingView
		}
		profile, err := view(lr, id)
		var refused *refusal.Error
		switch {
		case err == nil:
			member = profile
		case errors.As(err, &refused):
			// Not found, or not for visitors: the app asks the API itself and shows its refusal.
		default:
			return Boot{}, fmt.Errorf("boot member: %w", err)
		}
	}
	return Boot{
		Tenant:   bootTenant{Slug: t.Slug, Name: t.Name},
		Settings: settings,
		Company:  t.Company,
		Theme:    theme,
		Look:     looks.BootOf(t, locale),
		User:     v.User,
		Counts:   v.Counts,
		Locale:   locale,
		Locales:  tenancy.OfferedLocales(t, settings.GeoipCountry),
		Country:  settings.GeoipCountry,
		Teasers:  teasers,
		Search:   search,
		Member:   member,
		Thread:   thread,
		chat:     chatPaint,
		credits:  v.Credits,
	}, nil
}

// chatPage is the conversation id of a chat page's address (/chats/{id}).
func chatPage(p string) (int64, bool) {
	rest, ok := strings.CutPrefix(strings.TrimSuffix(p, "/"), "/chats/")
	if !ok {
		return 0, false
	}
	id, err := strconv.ParseInt(rest, 10, 64)
	return id, err == nil && id > 0
}

// memberPage is the member id of a member's page address (/members/{id})
// or of a member landing (/members/{id}/landing, /members/{id}/landing2/{slug?},
// /members/{id}/landing3/{slug?}; landing true).
func memberPage(p string) (id int64, landing, ok bool) {
	rest, found := strings.CutPrefix(strings.TrimSuffix(p, "/"), "/members/")
	if !found {
		return 0, false, false
	}
	segs := strings.Split(rest, "/")
	switch {
	case len(segs) == 1:
	case len(segs) == 2 && segs[1] == "landing":
		landing = true
	case (len(segs) == 2 || len(segs) == 3) && (segs[1] == "landing2" || segs[1] == "landing3") && (len(segs) == 2 || segs[2] != ""):
		landing = true
	default:
		return 0, false, false
	}
	id, err := strconv.ParseInt(segs[0], 10, 64)
	return id, landing, err == nil && id > 0
}

// ServeIndex answers a member-app route with index.html and its boot state.
// Routes the app does not know get the same page with status 404, so the app
// shows its 404 page and crawlers see the truth.
func (a *App) ServeIndex(w http.ResponseWriter, r *http.Request) {
	boot, err := a.BootFor(r)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	raw, err := json.Marshal(boot)
	if err != nil {
		httpx.WriteError(w, r, fmt.Errorf("encode boot: %w", err))
		return
	}
	title := boot.Settings.IndexTitle
	if title == "" {
		title = boot.Tenant.Name
	}
	index, code := a.index, a.code
	if a.LiveIndex {
		if fresh, err := fs.ReadFile(a.dist, "index.html"); err == nil {
			index, code = withoutCode(fresh)
		}
	}
	page := bytes.Replace(index, []byte("<!--rdv-boot-->"),
		append(append([]byte(`<script id="rdv-boot" type="application/json">`), raw...), "</script>"...), 1)
	found := IsAppRoute(r.URL.Path)
	head := append([]byte("<title>"+html.EscapeString(title)+"</title>"), a.headTags(r, tenancy.FromContext(r.Context()), boot, title, found)...)
	firstCards := boot.Teasers
	if boot.Search != nil {
		firstCards = boot.Search.Profiles
	}
	head = append(head, preloadTeasers(firstCards)...)
	var layout themes.Layout
	if t := tenancy.FromContext(r.Context()); t != nil {
		layout = a.layouts[t.Theme].Over(boot.Look.Layout)
	}
	head = append(head, preloadHeroPhoto(boot.Teasers, layout)...)
	head = append(head, preloadMemberPhoto(boot.Member)...)
	head = append(head, preloadChatPhotos(boot.chat)...)
	if found {
		// The page's code and texts come with the app's instead of after it has run.
		preload := a.preload
		if a.LiveIndex {
			preload = preloadList{}
			if raw, err := fs.ReadFile(a.dist, "preload.json"); err == nil {
				_ = json.Unmarshal(raw, &preload)
			}
		}
		var choices map[string]string
		if len(preload.LayoutVariants) > 0 {
			choices = layoutChoices(layout)
		}
		code = append(slices.Clip(code), preload.chunksOf(r.URL.Path, boot.Locale, choices)...)
		if boot.User != nil {
			code = append(code, preload.Member...)
		}
	}
	if found {
		texts := a.firstPaint
		if a.LiveIndex {
			texts = firstPaintTexts{}
			if raw, err := fs.ReadFile(a.dist, "firstpaint.json"); err == nil {
				_ = json.Unmarshal(raw, &texts)
			}
		}
		if fp := firstPaint(texts, boot, r.URL.Path); fp != nil {
			page = bytes.Replace(page, []byte(`<div id="root"></div>`), append(append([]byte(`<div id="root">`), fp...), "</div>"...), 1)
		}
	}
	page = bytes.Replace(page, []byte("<!--rdv-title-->"), head, 1)
	page = bytes.Replace(page, []byte("%RDV_LANG%"), []byte(boot.Locale), 1)
	page, err = withCodeLoader(page, code)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", appCSP)
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Vary", "Cookie, Accept-Language")
	status := http.StatusOK
	if !found {
		status = http.StatusNotFound
	}
	w.WriteHeader(status)
	_, _ = w.Write(page)
}

// Assets serves the files of the web build. Hashed files under /assets/ are
// cached for a year; the rest (service worker, icons) must revalidate.
func (a *App) Assets() http.Handler {
	files := filesOnly(a.dist)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/assets/") {
			w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
		} else {
			w.Header().Set("Cache-Control", "no-cache")
		}
		if r.URL.Path == "/sw.js" {
			// The worker must control the whole site.
			w.Header().Set("Service-Worker-Allowed", "/")
		}
		files.ServeHTTP(w, r)
	})
}

// Themes serves /themes/{name}/{file}.
func (a *App) Themes() http.Handler {
	files := http.StripPrefix("/themes/", filesOnly(a.themes))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/") || strings.HasSuffix(r.URL.Path, ".go") {
			httpx.WriteError(w, r, httpx.ErrNotFound)
			return
		}
		w.Header().Set("Cache-Control", "public, max-age=86400")
		if a.serveDrawnIcon(w, r, strings.TrimPrefix(r.URL.Path, "/themes/")) {
			return
		}
		files.ServeHTTP(w, r)
	})
}

// filesOnly serves the files of fsys by the request's path and answers 404
// for folders: what the build or the themes hold is never listed.
func filesOnly(fsys fs.FS) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := strings.TrimPrefix(path.Clean("/"+r.URL.Path), "/")
		if info, err := fs.Stat(fsys, name); err != nil || info.IsDir() || strings.HasSuffix(r.URL.Path, "/") {
			httpx.WriteError(w, r, httpx.ErrNotFound)
			return
		}
		http.ServeFileFS(w, r, fsys, name)
	})
}

type manifest struct {
	Name            string         `json:"name"`
	ShortName       string         `json:"short_name"`
	Description     string         `json:"description"`
	StartURL        string         `json:"start_url"`
	Scope           string         `json:"scope"`
	Display         string         `json:"display"`
	BackgroundColor string         `json:"background_color"`
	ThemeColor      string         `json:"theme_color"`
	Lang            string         `json:"lang"`
	Icons           []manifestIcon `json:"icons"`
}

type manifestIcon struct {
	Src     string `json:"src"`
	Sizes   string `json:"sizes"`
	Type    string `json:"type"`
	Purpose string `json:"purpose,omitempty"`
}

type themeColors struct {
	Colors struct {
		Primary    string `json:"primary"`
		Background string `json:"background"`
	} `json:"colors"`
	Icon string `json:"icon"`
}

// Manifest answers /manifest.webmanifest for the request's tenant: the
// colours of its theme (with the brand's own over them) and its icon, the
// brand's own (uploaded square at looks.IconSide) before its theme's.
func (a *App) Manifest(w http.ResponseWriter, r *http.Request) {
	t := tenancy.FromContext(r.Context())
	tc := a.themeColors(t)
	m := manifest{
		Name: t.Name, ShortName: t.Name, Description: t.Settings.Description,
		StartURL: "/?source=pwa", Scope: "/", Display: "standalone",
		BackgroundColor: tc.Colors.Background, ThemeColor: tc.Colors.Primary, Lang: t.DefaultLocale,
	}
	if own := looks.BootOf(t, "").Icon; own != "" {
		m.Icons = []manifestIcon{{Src: own, Sizes: fmt.Sprintf("%[1]dx%[1]d", looks.IconSide), Type: "image/png", Purpose: "any"}}
	} else {
		icon := a.iconPath(t)
		m.Icons = []manifestIcon{{Src: icon, Sizes: "any", Type: "image/svg+xml", Purpose: "any"}}
		// PNG beside the drawing: browsers that install a site to the home
		// screen look for 192 and 512 px raster icons.
		for _, size := range []int{192, 512} {
			if p := themes.DrawnPath(icon, size); p != "" {
				m.Icons = append(m.Icons, manifestIcon{Src: p, Sizes: fmt.Sprintf("%dx%d", size, size), Type: "image/png", Purpose: "any"})
			}
		}
	}
	w.Header().Set("Content-Type", "application/manifest+json")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_ = json.NewEncoder(w).Encode(m)
}

// themeColors reads the colours and icon of tenant t's theme.
func (a *App) themeColors(t *tenancy.Tenant) themeColors {
	var tc themeColors
	_ = json.Unmarshal(a.brandTheme(t), &tc)
	return tc
}

// teasersAboveFold is how many teaser photos a phone shows without scrolling.
const teasersAboveFold = 2

// preloadTeasers has the browser fetch the first photos of the home's
// teasers or the search's results with the page (the largest paint of those
// pages on a phone) instead of after the app has started.
func preloadTeasers(cards []profiles.Card) []byte {
	var b bytes.Buffer
	for i, c := range cards {
		if i == teasersAboveFold {
			break
		}
		if c.MainImage == nil {
			continue
		}
		src := c.MainImage.ThumbURL
		if src == "" {
			src = c.MainImage.URL
		}
		if src != "" {
			fmt.Fprintf(&b, `<link rel="preload" as="image" href="%s" fetchpriority="high">`, html.EscapeString(src))
		}
	}
	return b.Bytes()
}

// preloadHeroPhoto has the browser fetch the whole photo a photo-hero home
// draws behind its headline (the app's variant: the first teaser with a
// photo), its largest paint, with the page rather than once the app has
// drawn it (1.8 s later on Lighthouse's phone). After the thumbnails: the
// engine's first paint shows those.
func preloadHeroPhoto(teasers []profiles.Card, layout themes.Layout) []byte {
	if layout.Home != "photo-hero" {
		return nil
	}
	for _, c := range teasers {
		if c.MainImage == nil {
			continue
		}
		if src := c.MainImage.URL; src != "" {
			return fmt.Appendf(nil, `<link rel="preload" as="image" href="%s" fetchpriority="high">`, html.EscapeString(src))
		}
		return nil
	}
	return nil
}

// preloadChatPhotos has the browser fetch the chat partner's thumbnail
// with the page: the top bar's photo, small, but the one every chat shows.
func preloadChatPhotos(c *ChatPaint) []byte {
	if c == nil || c.Partner.Thumb == "" {
		return nil
	}
	return fmt.Appendf(nil, `<link rel="preload" as="image" href="%s" fetchpriority="high">`, html.EscapeString(c.Partner.Thumb))
}

// preloadMemberPhoto has the browser fetch the main photo of a member's
// page (its largest paint) with the page.
func preloadMemberPhoto(member map[string]any) []byte {
	img, _ := member["main_image"].(*profiles.Image)
	if img == nil || img.URL == "" {
		return nil
	}
	return fmt.Appendf(nil, `<link rel="preload" as="image" href="%s" fetchpriority="high">`, html.EscapeString(img.URL))
}
