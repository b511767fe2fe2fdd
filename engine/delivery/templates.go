package delivery

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"net/mail"
	"path"
	"regexp"
	"strings"
	"time"

	"github.com/nicksnyder/go-i18n/v2/i18n"
	"go.yaml.in/yaml/v3"
	"golang.org/x/text/language"

	"rendezvous/engine/platform/locale"
	"rendezvous/engine/tenancy"
	"rendezvous/themes"
)

// Template names.
const (
	Activation    = "activation"
	PasswordReset = "password_reset"
	MailChange    = "mail_change"
	Deletion      = "deletion"
	// ModerationWarning is the operators' warning to a member (the console).
	ModerationWarning = "moderation_warning"
	// ModerationLifted tells a member an operator ended their suspension
	// or ban early, with the reason (the console).
	ModerationLifted = "moderation_lifted"
)

// Templates are the mail texts: locales/<lang>.yaml for every tenant, and
// locales/tenants/<slug>/<lang>.yaml where a brand words a mail its own way.
// en is the default and fallback.
type Templates struct {
	bundle *i18n.Bundle
	// langs are the languages with a catalogue.
	langs map[string]bool
	// overrides holds "<slug>/<lang>" for each tenant catalogue.
	overrides map[string]bool
	// palettes are the mail colours of each of the engine's themes.
	palettes map[string]Palette
}

// Palette is what a mail takes from the tenant's theme: the button (and
// header band) in the brand's primary colour with its on-colour, the page
// background, and the card's surface with its text colours. The themes'
// contrast test holds every pair to WCAG AA.
type Palette struct {
	Primary    string `json:"primary"`
	OnPrimary  string `json:"onPrimary"`
	Background string `json:"background"`
	Surface    string `json:"surface"`
	Text       string `json:"text"`
	TextMuted  string `json:"textMuted"`
	Link       string `json:"link"`
}

// DefaultPalette is used for a tenant whose theme is unknown.
var DefaultPalette = Palette{Primary: "#be123c", OnPrimary: "#ffffff", Background: "#f4f4f5", Surface: "#ffffff",
	Text: "#18181b", TextMuted: "#52525b", Link: "#be123c"}

// PaletteOf is the mail colours of theme, DefaultPalette when there is no
// such theme.
func (t *Templates) PaletteOf(theme string) Palette {
	if p, ok := t.palettes[theme]; ok {
		return p
	}
	return DefaultPalette
}

// PaletteFor is the mail colours of tenant tn: its theme's, with the
// brand's own look.colors over them.
func (t *Templates) PaletteFor(tn *tenancy.Tenant) Palette {
	p := t.PaletteOf(tn.Theme)
	for name, c := range tn.Look.Colors {
		if !hexColour.MatchString(c) {
			continue
		}
		switch name {
		case "primary":
			p.Primary = c
		case "onPrimary":
			p.OnPrimary = c
		case "background":
			p.Background = c
		case "surface":
			p.Surface = c
		case "text":
			p.Text = c
		case "textMuted":
			p.TextMuted = c
		case "link":
			p.Link = c
		}
	}
	return p
}

// palettesOf are the mail colours of every theme of set, which checked
// each colour when it read the theme.
func palettesOf(set *themes.Set) map[string]Palette {
	out := map[string]Palette{}
	for _, name := range set.Names() {
		th, _ := set.Theme(name)
		c := th.Colors
		out[name] = Palette{Primary: c["primary"], OnPrimary: c["onPrimary"], Background: c["background"], Surface: c["surface"],
			Text: c["text"], TextMuted: c["textMuted"], Link: c["link"]}
	}
	return out
}

var hexColour = regexp.MustCompile(`^#[0-9a-fA-F]{6}$`)

//go:embed locales
var localesFS embed.FS

// LoadTemplates reads the embedded catalogues; the mails' colours are
// those of the engine's themes, set.
func LoadTemplates(set *themes.Set) (*Templates, error) {
	t := &Templates{bundle: i18n.NewBundle(language.English), langs: map[string]bool{}, overrides: map[string]bool{}}
	err := fs.WalkDir(localesFS, "locales", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(p) != ".yaml" {
			return err
		}
		lang := strings.TrimSuffix(path.Base(p), ".yaml")
		tag, err := language.Parse(lang)
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		raw, err := localesFS.ReadFile(p)
		if err != nil {
			return err
		}
		msgs, err := i18n.ParseMessageBytes(raw, yaml.Unmarshal)
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		prefix := ""
		if dir := path.Dir(p); dir != "locales" {
			// A tenant's catalogue: its ids are prefixed with the slug so
			// they never shadow another tenant's.
			slug := path.Base(dir)
			prefix = slug + ":"
			t.overrides[slug+"/"+lang] = true
		} else {
			t.langs[lang] = true
		}
		for _, m := range msgs {
			m.ID = prefix + m.ID
		}
		return t.bundle.AddMessages(tag, msgs...)
	})
	if err != nil {
		return nil, fmt.Errorf("mail templates: %w", err)
	}
	t.palettes = palettesOf(set)
	return t, nil
}

// Languages lists the languages with a catalogue.
func (t *Templates) Languages() []string {
	out := make([]string, 0, len(t.langs))
	for l := range t.langs {
		out = append(out, l)
	}
	return out
}

// Mail is a mail to render for one recipient.
type Mail struct {
	Tenant *tenancy.Tenant
	// Locale is the recipient's language; missing texts fall back to en.
	Locale   string
	To       string
	Template string
	// BaseURL is the site's scheme and host, e.g. "https://example.com".
	BaseURL string
	// Data fills the texts' placeholders besides Site and Host (Name,
	// Email, Date, Other, Text...).
	Data map[string]any
	// Action is the URL of the mail's button, if it has one.
	Action string
	// Unsubscribe makes the mail a bulk mail: the RFC 8058 one-click URL
	// that ends such mails.
	Unsubscribe string
	// Secret says the mail carries a secret (Action holds a token stored
	// only hashed): the queued mail is held (Hold), never in the job's
	// arguments.
	Secret bool
}

// Counted is a text of the catalogues with a count in a mail's or push's
// data: the text is rendered first, in the plural form of its count in the
// reader's language, and the result fills the placeholder ("Your profile
// was visited 3 times" in the weekly update).
type Counted struct {
	ID    string
	Count int
}

// ErrTemplate means a mail's texts cannot be rendered.
var ErrTemplate = errors.New("notify: bad mail template")

type localizer struct {
	t    *Templates
	slug string
	lang string
	loc  *i18n.Localizer
	data map[string]any
	err  error
}

// localize renders id with the mail's data. A Count in the data picks the
// message's plural form (one, few, many, other by CLDR's rules of the
// language); go-i18n refuses a count for a text without that form (one
// that reads the same for every count), which then renders as it is.
func (l *localizer) localize(id string) (string, language.Tag, error) {
	c := &i18n.LocalizeConfig{MessageID: id, TemplateData: l.data}
	if n, ok := l.data["Count"]; ok {
		c.PluralCount = n
		if s, tag, err := l.loc.LocalizeWithTag(c); err == nil {
			return s, tag, nil
		}
		c.PluralCount = nil
	}
	return l.loc.LocalizeWithTag(c)
}

// localData is data with the values written in the reader's language: a
// time.Time as a long date ("24 listopada 2026"), a locale.Amount as money
// ("€ 12,50"), a Counted as its text.
func (l *localizer) localData(data map[string]any) map[string]any {
	out := make(map[string]any, len(data))
	for k, v := range data {
		out[k] = v
	}
	for k, v := range data {
		switch v := v.(type) {
		case time.Time:
			out[k] = locale.Date(l.lang, v)
		case locale.Amount:
			out[k] = locale.Money(l.lang, v.Minor, v.Currency)
		case Counted:
			inner := make(map[string]any, len(out)+1)
			for k2, v2 := range out {
				inner[k2] = v2
			}
			inner["Count"] = v.Count
			sub := &localizer{t: l.t, slug: l.slug, lang: l.lang, loc: l.loc, data: inner}
			out[k] = sub.text(v.ID)
			if sub.err != nil && l.err == nil {
				l.err = sub.err
			}
		}
	}
	return out
}

// text localizes id: the tenant's own wording in the recipient's language
// first, then the common catalogue (falling back to en).
func (l *localizer) text(id string) string {
	if l.t.overrides[l.slug+"/"+l.lang] {
		s, tag, err := l.localize(l.slug + ":" + id)
		if base, _ := tag.Base(); err == nil && base.String() == l.lang {
			return s
		}
	}
	s, _, err := l.localize(id)
	if err != nil && l.err == nil {
		l.err = fmt.Errorf("%w: %s: %v", ErrTemplate, id, err)
	}
	return s
}

// Render builds the message of m. from is the sender address; empty means
// noreply at the tenant's primary host.
func (t *Templates) Render(m Mail, from string) (Message, error) {
	tn := m.Tenant
	site := tn.Settings.MailName
	if site == "" {
		site = tn.Name
	}
	host := strings.TrimPrefix(strings.TrimPrefix(m.BaseURL, "https://"), "http://")
	data := map[string]any{"Site": site, "Host": host}
	for k, v := range m.Data {
		data[k] = v
	}
	lang := m.Locale
	if !t.langs[lang] {
		lang = "en"
	}
	l := &localizer{t: t, slug: tn.Slug, lang: lang, loc: i18n.NewLocalizer(t.bundle, lang)}
	l.data = l.localData(data)

	v := view{
		Palette:   t.PaletteFor(tn),
		Lang:      lang,
		Site:      site,
		BaseURL:   m.BaseURL,
		Subject:   l.text(m.Template + ".subject"),
		Signature: l.text("common.signature"),
		Footer:    l.text("common.footer"),
		Company:   l.companyLine(tn),
	}
	if name, _ := l.data["Name"].(string); name != "" {
		v.Greeting = l.text("common.greeting")
	} else {
		v.Greeting = l.text("common.greeting_anonymous")
	}
	for _, p := range strings.Split(l.text(m.Template+".body"), "\n\n") {
		if p = strings.TrimSpace(p); p != "" {
			v.Paragraphs = append(v.Paragraphs, p)
		}
	}
	msg := Message{TenantID: tn.ID, To: m.To, Template: m.Template, Links: []string{}}
	if m.Action != "" {
		v.Action, v.ActionLabel, v.Fallback = m.Action, l.text(m.Template+".action"), l.text("common.button_fallback")
		msg.Links = append(msg.Links, m.Action)
	}
	if m.Unsubscribe != "" {
		v.Unsubscribe, v.UnsubscribeLabel = m.Unsubscribe, l.text("common.unsubscribe")
		msg.Links = append(msg.Links, m.Unsubscribe)
		msg.Headers = map[string]string{
			"List-Unsubscribe":      "<" + m.Unsubscribe + ">",
			"List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
		}
	}
	if l.err != nil {
		return Message{}, l.err
	}
	if from == "" {
		from = "noreply@" + tn.PrimaryHost
	}
	msg.From = (&mail.Address{Name: site, Address: from}).String()
	msg.Subject = v.Subject
	msg.Text = v.text()
	var html bytes.Buffer
	if err := htmlLayout.Execute(&html, v); err != nil {
		return Message{}, fmt.Errorf("%w: %v", ErrTemplate, err)
	}
	msg.HTML = html.String()
	return msg, nil
}

// companyLine is the company in the mail's footer: the trade-name statement
// ("LustLokaal is a trade name of Lokaal Media B.V., Herengracht 420, ...")
// when the company trades under a name other than its own, else the
// company's name and address.
func (l *localizer) companyLine(tn *tenancy.Tenant) string {
	c := tn.Company
	if name := c.TradeName(tn.Name); name != "" && name != c.Name {
		l.data["TradeName"], l.data["Company"] = name, c.Identity()
		return l.text("common.trade_name")
	}
	parts := []string{}
	for _, p := range []string{c.Name, c.Address, c.City, c.Country} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, ", ")
}

// view is what the layouts show.
type view struct {
	Palette
	Lang, Site, BaseURL, Subject, Greeting string
	Paragraphs                             []string
	Action, ActionLabel, Fallback          string
	Signature, Footer, Company             string
	Unsubscribe, UnsubscribeLabel          string
}

func (v view) text() string {
	var b strings.Builder
	b.WriteString(v.Greeting + "\n\n")
	for _, p := range v.Paragraphs {
		b.WriteString(p + "\n\n")
	}
	if v.Action != "" {
		b.WriteString(v.ActionLabel + ":\n" + v.Action + "\n\n")
	}
	b.WriteString(v.Signature + "\n\n-- \n" + v.Footer + "\n")
	if v.Company != "" {
		b.WriteString(v.Company + "\n")
	}
	if v.Unsubscribe != "" {
		b.WriteString(v.UnsubscribeLabel + ": " + v.Unsubscribe + "\n")
	}
	return b.String()
}

// htmlLayout is the HTML body of every mail; html/template escapes the
// texts, so a member's name cannot inject markup.
var htmlLayout = template.Must(template.New("mail").Parse(`<!doctype html>
<html lang="{{.Lang}}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>{{.Subject}}</title></head>
<body style="margin:0;padding:0;background:{{.Background}};font-family:Helvetica,Arial,sans-serif;color:{{.Text}}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:{{.Background}}"><tr><td align="center" style="padding:24px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:{{.Surface}};border-radius:8px">
<tr><td style="padding:20px 32px;font-size:22px;font-weight:bold;background:{{.Primary}};color:{{.OnPrimary}};border-radius:8px 8px 0 0">{{.Site}}</td></tr>
<tr><td style="padding:16px 32px 0;font-size:16px;line-height:1.5;color:{{.Text}}">
<p>{{.Greeting}}</p>
{{range .Paragraphs}}<p>{{.}}</p>
{{end}}{{if .Action}}<p style="padding:8px 0"><a class="button" href="{{.Action}}" style="display:inline-block;padding:12px 20px;background:{{.Primary}};color:{{.OnPrimary}};text-decoration:none;border-radius:6px;font-weight:bold">{{.ActionLabel}}</a></p>
<p style="font-size:13px;color:{{.TextMuted}}">{{.Fallback}}<br><a href="{{.Action}}" style="color:{{.Link}};word-break:break-all">{{.Action}}</a></p>
{{end}}<p>{{.Signature}}</p>
</td></tr>
<tr><td style="padding:16px 32px 24px;font-size:12px;color:{{.TextMuted}};line-height:1.4">
{{.Footer}}{{if .Company}}<br>{{.Company}}{{end}}{{if .Unsubscribe}}<br><a href="{{.Unsubscribe}}" style="color:{{.TextMuted}}">{{.UnsubscribeLabel}}</a>{{end}}
</td></tr>
</table></td></tr></table>
</body></html>
`))

// Phrase is one text of the catalogues (a push's title or body, say) in
// lang for tenant slug: the brand's own wording first, then the common
// catalogue, falling back to en.
func (t *Templates) Phrase(slug, lang, id string, data map[string]any) (string, error) {
	if !t.langs[lang] {
		lang = "en"
	}
	l := &localizer{t: t, slug: slug, lang: lang, loc: i18n.NewLocalizer(t.bundle, lang)}
	l.data = l.localData(data)
	s := l.text(id)
	return s, l.err
}

// HasLanguage reports whether lang has a catalogue of its own.
func (t *Templates) HasLanguage(lang string) bool { return t.langs[lang] }
