package webapp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"regexp"
	"slices"
	"strings"

	"rendezvous/engine/profiles"
	"rendezvous/themes"
)

// The first paint is a static first screen of the logged-out home, the
// member search and a member's page, written into index.html's #root from
// the boot state: the teasers, the search's first results, the profile. The
// browser paints it as soon as the HTML has arrived, while the app's
// JavaScript (about 200 kB compressed) is still on its way; the app's first
// render replaces it (React clears #root when it commits). Without it nothing
// showed before that render (Lighthouse on the phone profile: first paint
// 3.7 to 3.9 s). The photos are those the app shows, at least as large, so
// the largest paint is the first paint's; the texts come from the app's own
// catalogues (dist/firstpaint.json, web/scripts/firstPaintTexts.ts).

// firstPaintTexts is dist/firstpaint.json: per language, the texts of the
// first paint by catalogue key.
type firstPaintTexts map[string]map[string]string

// text is the text of key in locale (English when the locale lacks it) with
// its {{placeholders}} filled from vars.
func (tx firstPaintTexts) text(locale, key string, vars ...string) string {
	s, ok := tx[locale][key]
	if !ok {
		s = tx["en"][key]
	}
	for i := 0; i+1 < len(vars); i += 2 {
		s = strings.ReplaceAll(s, "{{"+vars[i]+"}}", vars[i+1])
	}
	return s
}

// firstPaintTheme is what the first paint takes of a theme (theme.json).
type firstPaintTheme struct {
	Colors map[string]string `json:"colors"`
	Fonts  map[string]string `json:"fonts"`
	Radii  map[string]string `json:"radii"`
	Type   map[string]string `json:"type"`
}

var (
	cssColor  = regexp.MustCompile(`^(#[0-9a-fA-F]{3,8}|rgba?\([0-9., %]+\))$`)
	cssFonts  = regexp.MustCompile(`^[A-Za-z0-9 ,'"-]+$`)
	cssLength = regexp.MustCompile(`^[0-9.]+(px|rem|em|%)?$`)
	cssWeight = regexp.MustCompile(`^([0-9]{3}|bold|normal)$`)
	// cssSpacing is a letter-spacing: normal or a length, negative too.
	cssSpacing = regexp.MustCompile(`^(normal|-?[0-9.]+(px|rem|em))$`)
)

// token is a theme value when it matches the pattern (nothing from a theme
// file reaches the CSS unchecked), else the app's default (theme.ts).
func token(m map[string]string, key string, pattern *regexp.Regexp, fallback string) string {
	if v := m[key]; pattern.MatchString(v) {
		return v
	}
	return fallback
}

// firstPaintCSS is the first paint's style sheet in the tenant's colours,
// fonts and shapes: the app's layout on a phone (web/src/theme/GlobalStyle.ts,
// nav/Header.tsx, pages/home/HomePage.tsx, pages/members/ProfileCard.tsx).
func firstPaintCSS(raw json.RawMessage) template.CSS {
	var th firstPaintTheme
	_ = json.Unmarshal(raw, &th)
	c := func(k, fallback string) string { return token(th.Colors, k, cssColor, fallback) }
	primary, onPrimary, surface := c("primary", "#d6336c"), c("onPrimary", "#ffffff"), c("surface", "#ffffff")
	css := fmt.Sprintf(`*,*::before,*::after{box-sizing:border-box}`+
		`body{margin:0;min-height:100vh;font-family:%[1]s;font-size:16px;line-height:1.5;color:%[2]s;background:%[3]s}`+
		`.fp h1,.fp h2{font-family:%[4]s;font-weight:%[5]s;line-height:1.2;margin:0 0 12px}`+
		`.fp a{color:%[6]s}.fp img{max-width:100%%}`+
		`.fp-c{width:100%%;margin:0 auto;padding:0 12px}`+
		`@media(min-width:576px){.fp-c{max-width:540px}}@media(min-width:768px){.fp-c{max-width:720px}}`+
		`@media(min-width:992px){.fp-c{max-width:960px}}@media(min-width:1200px){.fp-c{max-width:1140px}}`+
		`.fp-bar{background:%[7]s;color:%[8]s;box-shadow:0 2px 8px rgba(0,0,0,.15)}`+
		`.fp-bar .fp-c{display:flex;align-items:center;min-height:64px}`+
		`.fp-bar a{color:inherit;font-family:%[4]s;font-weight:700;font-size:1.25rem;text-decoration:none}`+
		`.fp-hero{padding:40px 0 48px;background:%[7]s;color:%[8]s}`+
		`.fp-hero h1{font-size:clamp(1.75rem,6vw,3rem);line-height:1.15}.fp-hero p{max-width:40rem;margin:0;font-size:1.125rem}`+
		`.fp-hero .fp-act{display:flex;flex-wrap:wrap;gap:12px;margin-top:24px}`+
		`.fp .fp-act a{display:inline-block;padding:8px 20px;border:2px solid %[9]s;border-radius:%[10]s;background:%[9]s;color:%[7]s;font-weight:700;text-decoration:none}`+
		`.fp .fp-act a+a{background:transparent;color:%[8]s;border-color:%[8]s}`+
		`.fp-band{padding:40px 0}.fp-band h2{font-size:1.5rem;margin-bottom:20px}`+
		`.fp-page{padding:12px 12px 24px}.fp-page h1{font-size:1.375rem;margin:0 0 4px}.fp-page>p{margin:0 0 12px;font-size:.9375rem;color:%[13]s}`+
		`.fp-grid{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:12px;margin:0;padding:0;list-style:none}`+
		`@media(min-width:768px){.fp-grid{grid-template-columns:repeat(4,minmax(0,1fr));gap:16px}}`+
		`.fp-grid li{position:relative;overflow:hidden;border-radius:%[11]s;background:%[12]s;aspect-ratio:3/4}`+
		`.fp img{display:block;width:100%%;height:100%%;object-fit:cover}`+
		`.fp-grid .fp-name{position:absolute;inset:auto 0 0 0;padding:24px 12px 12px;color:#fff;text-decoration:none;background:linear-gradient(to top,rgba(0,0,0,.85),rgba(0,0,0,0))}`+
		`.fp-name strong,.fp-name span{display:block;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}.fp-name span{font-size:.875rem}`+
		`.fp-cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(160px,1fr));gap:16px;margin:0;padding:0;list-style:none}`+
		`.fp-cards li{overflow:hidden;border:1px solid %[12]s;border-radius:%[14]s;background:%[9]s}`+
		`.fp-cards .fp-pic{aspect-ratio:3/4;background:%[12]s}.fp-cards .fp-name{display:block;padding:12px;color:%[2]s;text-decoration:none}`+
		`.fp-cards .fp-name span{color:%[13]s;white-space:normal}`+
		`.fp-photo{aspect-ratio:1.3;overflow:hidden;border-radius:%[11]s;background:%[12]s;margin-bottom:12px}.fp-page .fp-sub{color:%[13]s}`+
		`@media(min-width:768px){.fp-photo{max-width:50%%}}`,
		token(th.Fonts, "body", cssFonts, "system-ui, sans-serif"), c("text", "#212529"), c("background", "#ffffff"),
		token(th.Fonts, "heading", cssFonts, "system-ui, sans-serif"), token(th.Type, "headingWeight", cssWeight, "700"),
		c("link", "#c2255c"), primary, onPrimary, surface, token(th.Radii, "button", cssLength, "8px"),
		token(th.Radii, "lg", cssLength, "16px"), c("border", "#dee2e6"), c("textMuted", "#495057"),
		token(th.Radii, "card", cssLength, "16px"))
	return template.CSS(css)
}

// headerCSS is the first paint's header in the page's header variant (the
// theme's, the brand's own choice over it): the minimal one a plain light
// bar with the brand's name in its primary colour, as nav/Header.tsx draws
// it, so nothing changes colour when the app takes over; the others keep
// the coloured bar.
func headerCSS(boot Boot) template.CSS {
	var th struct {
		Colors map[string]string `json:"colors"`
		Layout themes.Layout     `json:"layout"`
	}
	_ = json.Unmarshal(boot.Theme, &th)
	if th.Layout.Over(boot.Look.Layout).Header != "minimal" {
		return ""
	}
	c := func(k, fallback string) string { return token(th.Colors, k, cssColor, fallback) }
	return template.CSS(fmt.Sprintf(`.fp-bar{background:%s;color:%s;box-shadow:none;border-bottom:1px solid %s}`,
		c("surface", "#ffffff"), c("primary", "#d6336c"), c("border", "#dee2e6")))
}

// firstPaintCard is a photo with a name of the home's teasers or the search's results.
type firstPaintCard struct {
	Href, Src, Label, Place string
	Eager                   bool
}

// firstPaintPage is what the template draws.
type firstPaintPage struct {
	CSS                  template.CSS
	Site                 string
	Home, Search, Member bool
	Title, Lead          string
	Signup, Login        string
	CardsTitle           string
	Cards                []firstPaintCard
	Photo, Name, Sub     string
}

// The photos decode off the main thread (decoding="async"): a photo
// decoded while it is painted was a task of 20-35 ms right after the first
// paint, while the app starts.
var firstPaintTemplate = template.Must(template.New("firstpaint").Parse(
	`<div class="fp" data-first-paint><style>{{.CSS}}</style>` +
		`<header class="fp-bar"><div class="fp-c"><a href="/">{{.Site}}</a></div></header><main>` +
		`{{if .Home}}<section class="fp-hero"><div class="fp-c"><h1>{{.Title}}</h1><p>{{.Lead}}</p>` +
		`<p class="fp-act"><a href="/signup">{{.Signup}}</a><a href="/login">{{.Login}}</a></p></div></section>` +
		`{{if .Cards}}<section class="fp-band"><div class="fp-c"><h2>{{.CardsTitle}}</h2><ul class="fp-grid">` +
		`{{range .Cards}}<li>{{template "img" .}}{{template "name" .}}</li>{{end}}</ul></div></section>{{end}}{{end}}` +
		`{{if .Search}}<div class="fp-c fp-page"><h1>{{.Title}}</h1><p>{{.Lead}}</p><ul class="fp-cards">` +
		`{{range .Cards}}<li><div class="fp-pic">{{template "img" .}}</div>{{template "name" .}}</li>{{end}}</ul></div>{{end}}` +
		`{{if .Member}}<div class="fp-c fp-page"><h1>{{.Name}}</h1>{{if .Photo}}<div class="fp-photo"><img src="{{.Photo}}" alt="" fetchpriority="high" decoding="async"></div>{{end}}` +
		`{{if .Sub}}<p class="fp-sub">{{.Sub}}</p>{{end}}</div>{{end}}` +
		`</main></div>` +
		`{{define "img"}}{{if .Src}}<img src="{{.Src}}" alt="" width="300" height="400"{{if .Eager}} fetchpriority="high"{{else}} loading="lazy"{{end}} decoding="async">{{end}}{{end}}` +
		`{{define "name"}}<a class="fp-name" href="{{.Href}}"><strong>{{.Label}}</strong>{{if .Place}}<span>{{.Place}}</span>{{end}}</a>{{end}}`))

// firstPaint is the first screen of the page of boot at path p, or nil where
// the app draws the first screen itself (other pages, no texts). A member's
// own conversation gets the conversation, their other first pages the
// header and a skeleton (firstpaintshell.go).
func firstPaint(tx firstPaintTexts, boot Boot, p string) []byte {
	if len(tx) == 0 {
		return nil
	}
	if _, ok := chatPage(p); ok && boot.User != nil && boot.chat != nil {
		return chatFirstPaint(tx, boot, boot.chat)
	}
	if boot.User != nil {
		if isMemberFirstPage(p) {
			return shellFirstPaint(tx, boot)
		}
		return nil
	}
	loc := boot.Locale
	page := firstPaintPage{CSS: firstPaintCSS(boot.Theme) + headerCSS(boot), Site: boot.Tenant.Name}
	cards := func(list []profiles.Card, href func(profiles.Card) string) []firstPaintCard {
		out := make([]firstPaintCard, 0, len(list))
		for i, c := range list {
			fc := firstPaintCard{Href: href(c), Label: c.Name, Eager: i < teasersAboveFold}
			if c.Age > 0 {
				fc.Label = tx.text(loc, "homePage.nameAge", "name", c.Name, "age", fmt.Sprint(c.Age))
			}
			if c.MainImage != nil {
				fc.Src = c.MainImage.ThumbURL
				if fc.Src == "" {
					fc.Src = c.MainImage.URL
				}
			}
			fc.Place = strings.Join(slices.DeleteFunc([]string{c.City, c.RegionName}, func(s string) bool { return s == "" }), ", ")
			out = append(out, fc)
		}
		return out
	}
	profileHref := func(c profiles.Card) string {
		if c.ID == 0 {
			return "/signup"
		}
		return fmt.Sprintf("/members/%d", c.ID)
	}
	switch _, landing, member := memberPage(p); {
	case strings.Trim(p, "/") == "":
		page.Home = true
		page.Title = tx.text(loc, "home.title", "name", boot.Tenant.Name)
		page.Lead = boot.Settings.Description
		if page.Lead == "" {
			page.Lead = tx.text(loc, "home.lead")
		}
		page.Signup, page.Login = tx.text(loc, "home.signup"), tx.text(loc, "home.login")
		page.CardsTitle = tx.text(loc, "homePage.teasersTitle", "name", boot.Tenant.Name)
		page.Cards = cards(boot.Teasers, profileHref)
	case strings.Trim(p, "/") == "members" && boot.Search != nil && len(boot.Search.Profiles) > 0:
		page.Search = true
		page.Title, page.Lead = tx.text(loc, "members.title"), tx.text(loc, "members.lead")
		page.Cards = cards(boot.Search.Profiles, profileHref)
	case member && !landing && boot.Member != nil:
		page.Member = true
		page.Name, _ = boot.Member["name"].(string)
		if img, _ := boot.Member["main_image"].(*profiles.Image); img != nil {
			page.Photo = img.URL
		}
		var sub []string
		if age := fmt.Sprint(boot.Member["age"]); age != "" && age != "<nil>" && age != "0" {
			sub = append(sub, tx.text(loc, "member.age", "age", age))
		}
		city, _ := boot.Member["city"].(string)
		region, _ := boot.Member["region_name"].(string)
		page.Sub = strings.Join(append(sub, nonEmpty(city, region)...), " · ")
	default:
		return nil
	}
	var b bytes.Buffer
	if err := firstPaintTemplate.Execute(&b, page); err != nil {
		return nil
	}
	return b.Bytes()
}

// nonEmpty is the first non-empty of values, as a list of zero or one.
func nonEmpty(values ...string) []string {
	for _, v := range values {
		if v != "" {
			return []string{v}
		}
	}
	return nil
}
