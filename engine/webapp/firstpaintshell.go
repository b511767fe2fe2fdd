package webapp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"strings"
)

// The first paint of a logged-in member's first pages (the home, the search,
// likes, the conversations, a profile, the account, credits): the app's
// header with the brand, a grey skeleton of the page and, on a phone, the
// tab bar, all from the boot state alone. Without it a phone showed a blank
// white page until the app's code had run (about 1 s idle, 5-7 s under
// load). The page itself needs the member's data, which the app asks for;
// the skeleton only holds its place, so nothing jumps when it comes.

// memberFirstPages are the pages a member's phone opens first: from the
// home screen, a notification or a shared link.
var memberFirstPages = []string{"/", "/members", "/members/*", "/likes", "/chats", "/chats/*", "/notifications", "/credits", "/profile", "/swipe-game", "/match-finder"}

// isMemberFirstPage reports whether p is one of memberFirstPages (a member
// landing /members/{id}/landing is not: it is a visitor's page).
func isMemberFirstPage(p string) bool { return matchesAny(memberFirstPages, p) }

// shellCSS is the style of the member's first paint in the tenant's theme:
// the app's compact header on a phone (nav/Header.tsx, nav/Logo.tsx) and its
// tab bar (nav/TabBar.tsx), with grey blocks for the page.
func shellCSS(raw json.RawMessage) template.CSS {
	var th firstPaintTheme
	_ = json.Unmarshal(raw, &th)
	c := func(k, fallback string) string { return token(th.Colors, k, cssColor, fallback) }
	css := fmt.Sprintf(`.fp-m .fp-bar .fp-c{min-height:52px;padding:4px 12px;gap:8px}`+
		`.fp-m .fp-bar a{display:inline-flex;align-items:center;gap:8px;font-size:1.125rem;letter-spacing:%[5]s;white-space:nowrap}`+
		`.fp-m .fp-bar img{width:36px;height:36px}`+
		`.fp-m main{min-height:calc(100vh - 60px);padding:16px 0 80px}`+
		`.fp-sk{display:block;border-radius:%[3]s;background:%[1]s}`+
		`.fp-sk-t{height:28px;width:60%%;margin-bottom:12px}.fp-sk-l{height:16px;width:85%%;margin-bottom:20px}`+
		`.fp-sk-g{display:grid;grid-template-columns:repeat(2,minmax(0,1fr));gap:12px}`+
		`@media(min-width:768px){.fp-sk-g{grid-template-columns:repeat(4,minmax(0,1fr));gap:16px}}`+
		`.fp-sk-g .fp-sk{aspect-ratio:3/4;border-radius:%[4]s}`+
		`.fp-tabs{position:fixed;left:0;right:0;bottom:0;display:flex;background:%[2]s;border-top:1px solid %[1]s;box-shadow:0 -2px 8px rgba(0,0,0,.08)}`+
		`.fp-tabs a{flex:1 1 0;min-width:0;display:flex;flex-direction:column;align-items:center;justify-content:center;gap:2px;min-height:56px;color:%[6]s;font-size:.625rem;font-weight:600;letter-spacing:-.01em;line-height:1.2;text-decoration:none;white-space:nowrap;overflow:hidden}`+
		`.fp-tabs a::before{content:"";width:24px;height:24px;border-radius:50%%;background:%[1]s}`+
		`@media(min-width:768px){.fp-tabs{display:none}.fp-m main{padding-bottom:24px}}`,
		c("border", "#dee2e6"), c("surface", "#ffffff"), token(th.Radii, "sm", cssLength, "4px"),
		token(th.Radii, "card", cssLength, "16px"), token(th.Type, "headingSpacing", cssSpacing, "normal"),
		c("textMuted", "#495057"))
	return template.CSS(css)
}

// shellTab is one tab of the first paint's tab bar.
type shellTab struct{ Href, Label string }

// shellPaintPage is what the member's first paint draws.
type shellPaintPage struct {
	CSS, ShellCSS template.CSS
	Site, Logo    string
	Tabs          []shellTab
}

var shellPaintTemplate = template.Must(template.New("shellpaint").Parse(
	`<div class="fp fp-m" data-first-paint data-first-paint-shell><style>{{.CSS}}{{.ShellCSS}}</style>` +
		`<header class="fp-bar"><div class="fp-c"><a href="/">{{if .Logo}}<img src="{{.Logo}}" alt="" width="36" height="36">{{end}}<span>{{.Site}}</span></a></div></header>` +
		`<main aria-busy="true"><div class="fp-c"><span class="fp-sk fp-sk-t" data-skeleton></span><span class="fp-sk fp-sk-l" data-skeleton></span>` +
		`<div class="fp-sk-g">{{range 4}}<span class="fp-sk" data-skeleton></span>{{end}}</div></div></main>` +
		`<nav class="fp-tabs" data-first-paint-tabs>{{range .Tabs}}<a href="{{.Href}}">{{.Label}}</a>{{end}}</nav></div>`))

// shellFirstPaint is the first screen of a member's page: the header, the
// page's skeleton and the tab bar, in the page's language.
func shellFirstPaint(tx firstPaintTexts, boot Boot) []byte {
	loc := boot.Locale
	var th struct {
		Logo string `json:"logo"`
	}
	_ = json.Unmarshal(boot.Theme, &th)
	page := shellPaintPage{CSS: firstPaintCSS(boot.Theme) + headerCSS(boot), ShellCSS: shellCSS(boot.Theme), Site: boot.Tenant.Name}
	if strings.HasPrefix(th.Logo, "/themes/") {
		page.Logo = th.Logo
	}
	for _, tab := range []shellTab{{"/members", "search"}, {"/swipe-game", "swipe"}, {"/likes", "likes"}, {"/chats", "messages"}, {"/profile", "profile"}} {
		page.Tabs = append(page.Tabs, shellTab{Href: tab.Href, Label: tx.text(loc, "nav.tabs."+tab.Label)})
	}
	var b bytes.Buffer
	if err := shellPaintTemplate.Execute(&b, page); err != nil {
		return nil
	}
	return b.Bytes()
}
