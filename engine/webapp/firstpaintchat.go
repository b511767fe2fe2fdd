package webapp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"
)

// The first paint of a conversation (/chats/{id}): the chat's top bar with
// the partner, the last page of messages and the composer, drawn from the
// boot state's thread for the member of that conversation only. Without it
// a phone saw nothing until the app's code had run and asked messages.php
// (Lighthouse: first and largest paint about 4 s). The composer is a
// picture of the app's, not a form: what a member typed into it would be
// lost when the app replaces it. The message list is a column-reverse
// scroller, so the newest message is in view without a script.

// chatCSS is the style of the chat's first paint in the tenant's theme: the
// app's layout on a phone (layouts/ChatLayout.tsx, pages/chats/ChatTopBar.tsx,
// MessageList.tsx, Composer.tsx).
func chatCSS(raw json.RawMessage) template.CSS {
	var th firstPaintTheme
	_ = json.Unmarshal(raw, &th)
	c := func(k, fallback string) string { return token(th.Colors, k, cssColor, fallback) }
	css := fmt.Sprintf(`.fp-chat{display:flex;flex-direction:column;height:100vh;height:100dvh;overflow:hidden}`+
		`.fp-chat .fp-bar .fp-c{min-height:56px;gap:8px}`+
		`.fp-chat .fp-bar a{font-family:inherit;font-size:1rem}`+
		`.fp-back{display:inline-flex;flex:none;align-items:center;justify-content:center;width:40px;height:40px;margin-left:-8px}`+
		`.fp-back svg{width:24px;height:24px}`+
		`.fp .fp-who{display:inline-flex;flex:1 1 auto;align-items:center;gap:8px;min-width:0;font-weight:600}`+
		`.fp-who>span:last-child{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}`+
		`.fp-av{flex:none;display:inline-flex;align-items:center;justify-content:center;width:36px;height:36px;border-radius:50%%;overflow:hidden;background:%[1]s;color:%[2]s;font-weight:700}`+
		`.fp-chat main{display:flex;flex:1 1 0;min-height:0;width:100%%;max-width:1140px;margin:0 auto;background:%[3]s}`+
		`.fp-conv{display:flex;flex-direction:column;flex:1;min-width:0;min-height:0}`+
		`.fp-side,.fp-links{display:none}`+
		`.fp-links a{font-weight:400;text-decoration:underline}`+
		// From the app's md breakpoint the chat keeps the conversation list
		// beside the conversation and the top bar's links instead of the
		// back arrow (ChatsPage.tsx, ChatTopBar.tsx); the list itself comes
		// with the app.
		`@media(min-width:768px){.fp-back{display:none}.fp-links{display:flex;flex:none;gap:16px;white-space:nowrap}`+
		`.fp-side{display:block;flex:0 0 320px;border-right:1px solid %[1]s;background:%[4]s}.fp .fp-side h1{margin:0;padding:16px;font-size:1.25rem}}`+
		`.fp-notes{flex:none;padding:0 16px;border-bottom:1px solid %[1]s;background:%[4]s}.fp-notes summary{padding:8px 0;font-weight:600}`+
		`.fp-log{flex:1;overflow-y:auto;display:flex;flex-direction:column-reverse}`+
		`.fp-log ol{margin:0 0 auto;padding:16px;list-style:none;display:flex;flex-direction:column;gap:8px}`+
		`.fp-note{align-self:center;padding:4px 12px;border-radius:999px;border:1px solid %[1]s;background:%[4]s;color:%[5]s;font-size:.8125rem}`+
		`.fp-msg{max-width:min(75%%,560px);padding:8px 12px;border-radius:%[6]s;white-space:pre-wrap;overflow-wrap:anywhere;align-self:flex-start;background:%[4]s;color:%[2]s;border:1px solid %[1]s}`+
		`.fp-msg.fp-mine{align-self:flex-end;background:%[7]s;color:%[8]s;border:0}`+
		`.fp-msg small{display:block;margin-top:4px;font-size:.75rem}`+
		`.fp-gift{display:block;height:3rem}`+
		`.fp-msg img{display:block;width:auto;height:auto;max-width:220px;max-height:260px;border-radius:%[9]s}`+
		// The composer's row: the '+' (gift and photo), the text box taking
		// the rest, the round send button (Composer.tsx).
		`.fp-comp{flex:none;min-width:0;border-top:1px solid %[1]s;padding:8px;background:%[4]s}`+
		`.fp-row{display:flex;align-items:flex-end;gap:4px}`+
		`.fp-tool,.fp-send{flex:none;display:inline-flex;align-items:center;justify-content:center;box-sizing:border-box;width:44px;height:44px;border:1px solid %[12]s;border-radius:50%%;background:%[4]s;color:%[2]s}`+
		`.fp-tool svg,.fp-send svg{width:20px;height:20px}`+
		`.fp-area{flex:1 1 0;min-width:0;box-sizing:border-box;height:44px;padding:10px 12px;border:1px solid %[12]s;border-radius:22px;background:%[3]s;color:%[5]s;font-size:1rem;line-height:22px;overflow:hidden;white-space:nowrap;text-overflow:ellipsis}`+
		`.fp-send{border-color:%[7]s;background:%[7]s;color:%[8]s;opacity:.5}`+
		`.fp-info{display:flex;flex-wrap:wrap;justify-content:space-between;gap:0 8px;margin-top:4px;padding:0 8px;font-size:.8125rem;color:%[5]s}`+
		`.fp-who small{font-size:.75rem}`+
		`.fp-blocked{margin:0;padding:16px;border-top:1px solid %[1]s;color:%[11]s;text-align:center}`,
		c("border", "#dee2e6"), c("text", "#212529"), c("background", "#ffffff"), c("surface", "#ffffff"), c("textMuted", "#495057"),
		token(th.Radii, "lg", cssLength, "16px"), c("primary", "#d6336c"), c("onPrimary", "#ffffff"),
		token(th.Radii, "md", cssLength, "8px"), token(th.Radii, "button", cssLength, "8px"), c("danger", "#c92a2a"),
		c("control", "#868e96"))
	return template.CSS(css)
}

// chatPaintMessage is one message as the template draws it.
type chatPaintMessage struct {
	Mine        bool
	Text, Photo string
	Gift        bool
	PhotoAlt    string
}

// chatPaintPage is what the chat's template draws.
type chatPaintPage struct {
	CSS, ChatCSS template.CSS
	// Chats names the conversation list: the back arrow's label on phones,
	// the top bar's first link on wider screens, beside Search; List is the
	// title of the conversation list beside the conversation there.
	Chats, Search, List string
	ProfileHref         string
	Thumb, Initial      string
	Name                string
	Older, Empty        string
	Log                 string
	Messages            []chatPaintMessage
	Blocked             string
	Placeholder         string
	ComposerLabel       string
	Send                string
	// More names the '+' button (gift and photo).
	More string
	// Note is the folded private note's title (the tenant has notes on).
	Note string
	// Tag labels a house profile; Cost and Counter are the composer's line
	// under it (the price and the balance, the characters left).
	Tag, Cost, Counter string
}

// The composer's icons as the app draws them (lucide's plus and
// send-horizontal).
const (
	plusSVG = `<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M5 12h14"/><path d="M12 5v14"/></svg>`
	sendSVG = `<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M3.714 3.048a.498.498 0 0 0-.683.627l2.843 7.627a2 2 0 0 1 0 1.396l-2.842 7.627a.498.498 0 0 0 .682.627l18-8.5a.5.5 0 0 0 0-.904z"/><path d="M6 12h16"/></svg>`
)

var chatPaintTemplate = template.Must(template.New("chatpaint").Parse(
	`<div class="fp fp-chat" data-first-paint data-first-paint-chat><style>{{.CSS}}{{.ChatCSS}}</style>` +
		`<header class="fp-bar"><div class="fp-c">` +
		`<a class="fp-back" href="/chats" aria-label="{{.Chats}}"><svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M15.5 4.5 8 12l7.5 7.5" fill="none" stroke="currentColor" stroke-width="2.25" stroke-linecap="round" stroke-linejoin="round"/></svg></a>` +
		`<a class="fp-who" href="{{.ProfileHref}}"><span class="fp-av" aria-hidden="true">{{if .Thumb}}<img src="{{.Thumb}}" alt="" width="36" height="36" fetchpriority="high" decoding="async">{{else}}{{.Initial}}{{end}}</span>` +
		`<span>{{.Name}}{{if .Tag}}<small> · {{.Tag}}</small>{{end}}</span></a>` +
		`<nav class="fp-links"><a href="/chats">{{.Chats}}</a><a href="/members">{{.Search}}</a></nav></div></header>` +
		`<main><aside class="fp-side"><h1>{{.List}}</h1></aside><div class="fp-conv">{{if .Note}}<details class="fp-notes"><summary>{{.Note}}</summary></details>{{end}}<div class="fp-log" aria-label="{{.Log}}"><ol>` +
		`{{if .Older}}<li class="fp-note">{{.Older}}</li>{{end}}{{if .Empty}}<li class="fp-note">{{.Empty}}</li>{{end}}` +
		`{{range .Messages}}<li class="fp-msg{{if .Mine}} fp-mine{{end}}" data-first-paint-message>` +
		`{{if .Photo}}<img src="{{.Photo}}" alt="{{.PhotoAlt}}" decoding="async">{{else}}{{if .Gift}}<span class="fp-gift"></span>{{end}}{{.Text}}{{end}}` +
		`<small>&nbsp;</small></li>{{end}}</ol></div>` +
		`{{if .Blocked}}<p class="fp-blocked">{{.Blocked}}</p>{{else}}<div class="fp-comp" aria-hidden="true">` +
		`<div class="fp-row">` +
		`<span class="fp-tool" title="{{.More}}">` + plusSVG + `</span>` +
		`<span class="fp-area">{{.Placeholder}}</span><span class="fp-send" title="{{.Send}}">` + sendSVG + `</span></div>` +
		`<div class="fp-info"><span>{{.Cost}}</span>{{if .Counter}}<span>{{.Counter}}</span>{{end}}</div></div>{{end}}` +
		`</div></main></div>`))

// chatFirstPaint is the first screen of the conversation c in the page's
// language.
func chatFirstPaint(tx firstPaintTexts, boot Boot, c *ChatPaint) []byte {
	loc, name := boot.Locale, c.Partner.Name
	page := chatPaintPage{
		CSS: firstPaintCSS(boot.Theme), ChatCSS: chatCSS(boot.Theme),
		Chats:       tx.text(loc, "messenger.allConversations"),
		Search:      tx.text(loc, "chats.back"),
		List:        tx.text(loc, "chats.title"),
		ProfileHref: fmt.Sprintf("/members/%d", c.Partner.ID),
		Thumb:       c.Partner.Thumb,
		Name:        name,
		Log:         tx.text(loc, "messenger.log", "name", name),
		Placeholder: tx.text(loc, "messenger.composer.placeholder", "name", name),
		Send:        tx.text(loc, "messenger.composer.send"),
		More:        tx.text(loc, "messenger.composer.more"),
	}
	if c.Partner.Fictional {
		page.Tag = boot.Settings.FictionalIn(loc).Singular
	}
	// The composer's line as the app's (rules.ts, composerState): a text
	// is free while free messages last, else it costs message_credits. (The
	// app's credit offer comes only with a text the balance cannot pay.)
	price := int64(max(0, boot.Settings.MessageCredits))
	if price > 0 && c.FreeMessagesLeft > 0 {
		page.Cost = tx.countText(loc, "messenger.composer.free", int64(c.FreeMessagesLeft))
	} else {
		page.Cost = tx.countText(loc, "messenger.composer.cost", price) + " " +
			tx.countText(loc, "messenger.composer.balance", boot.credits)
	}
	if n := boot.Settings.MessageLength; n > 0 {
		page.Counter = tx.text(loc, "messenger.composer.counter", "length", "0", "max", fmt.Sprint(n))
	}
	if c.Partner.Age > 0 {
		page.Name = fmt.Sprintf("%s, %d", name, c.Partner.Age)
	}
	if page.Thumb == "" {
		if r, _ := utf8.DecodeRuneInString(name); r != utf8.RuneError {
			page.Initial = strings.ToUpper(string(r))
		}
	}
	if c.OlderHidden {
		page.Older = tx.text(loc, "messenger.olderHidden")
	}
	if len(c.Messages) == 0 {
		page.Empty = tx.text(loc, "messenger.noMessages", "name", name)
	}
	if c.Blocked {
		page.Blocked = tx.text(loc, "messenger.blockedBy", "name", name)
	} else if boot.Settings.VisibleProfileNotes {
		page.Note = tx.text(loc, "profileNote.title", "name", name)
	}
	for _, m := range c.Messages {
		pm := chatPaintMessage{Mine: m.Mine, Text: m.Text}
		switch m.Kind {
		case "gift":
			gift := tx.text(loc, "gifts."+m.GiftID)
			if gift == "" {
				gift = m.GiftName
			}
			pm.Gift, pm.Text = true, tx.text(loc, "messenger.message.gift", "name", gift)
		case "photo":
			pm.Photo, pm.PhotoAlt = m.Photo, tx.text(loc, "messenger.message.photo")
		}
		page.Messages = append(page.Messages, pm)
	}
	var b bytes.Buffer
	if err := chatPaintTemplate.Execute(&b, page); err != nil {
		return nil
	}
	return b.Bytes()
}

// pluralOf is the CLDR plural category of the whole number n in locale,
// under the names i18next gives the catalogues' suffixes (one, few, many,
// other...), so the first paint picks the form the app would pick.
func pluralOf(locale string, n int64) string {
	form := plural.Cardinal.MatchPlural(language.Make(locale), int(n), 0, 0, 0, 0)
	switch form {
	case plural.Zero:
		return "zero"
	case plural.One:
		return "one"
	case plural.Two:
		return "two"
	case plural.Few:
		return "few"
	case plural.Many:
		return "many"
	}
	return "other"
}

// countText is key's plural form for n in locale; a catalogue that has no
// text of that form (CLDR may name one the translator folded into other)
// gives its other form, as i18next does (English stands in for a
// locale that lacks the key, as in text).
func (tx firstPaintTexts) countText(locale, key string, n int64) string {
	form := key + "_" + pluralOf(locale, n)
	_, here := tx[locale][form]
	_, english := tx["en"][form]
	if !here && !english {
		form = key + "_other"
	}
	return tx.text(locale, form, "count", fmt.Sprint(n))
}
