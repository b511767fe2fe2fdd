package infopages

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"path"
	"strings"
	"text/template"
	"time"

	"rendezvous/engine/platform/locale"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/tenancy"
)

//go:embed texts
var texts embed.FS

// Names are the info pages, in the order of the footer.
var Names = []string{"terms", "privacy", "cookies", "ban", "return-policy", "faq", "service"}

// The refusals of the page call.
var (
	ErrUnknownPage     = refusal.New(refusal.NotFound, "page_not_found", "There is no such page.")
	ErrUnknownLanguage = refusal.New(refusal.Invalid, "invalid_language", "The site is not offered in that language.")
)

// deletionDays is how long a deleted account can be restored; the texts
// promise it.
const deletionDays = 14

// OverrideDir is where, under the tenants directory, a brand's own page
// files are: pages/<tenant slug>/<page>.<lang>.md.
const OverrideDir = "pages"

// Inline is a run of text in a block: plain, strong, or a link.
type Inline struct {
	Text   string `json:"text"`
	Href   string `json:"href,omitempty"`
	Strong bool   `json:"strong,omitempty"`
}

// Block is one part of a page: a heading (h2, h3), a paragraph (p) or a
// list (ul). The web app draws each with its own element, so a page is
// accessible (a heading outline, real lists) without the engine sending
// HTML.
type Block struct {
	Type  string     `json:"type"`
	Text  []Inline   `json:"text,omitempty"`
	Items [][]Inline `json:"items,omitempty"`
}

// Page is one info page in one language, filled for one brand.
type Page struct {
	Name  string `json:"name"`
	Lang  string `json:"lang"`
	Title string `json:"title"`
	// Version is the terms version date (YYYY-MM-DD), on every page, for
	// the terms the date they are in force from.
	Version string  `json:"version"`
	Blocks  []Block `json:"blocks"`
	// Custom says the brand's own file was used.
	Custom bool `json:"custom"`
}

// Pages renders the info pages. Overrides is the tenants directory (nil:
// none), read on every request so an edited file shows at once.
type Pages struct {
	Overrides fs.FS
	Log       *slog.Logger
}

// Company is the company part of the template data.
type Company struct {
	Name       string
	Address    string
	City       string
	Country    string
	KvK        string
	VAT        string
	TradeNames string
}

// Data is what a page template is filled with.
type Data struct {
	Brand        string
	Company      Company
	SupportEmail string
	// Phone is the support phone as shown; PhoneLink is it cleaned of
	// dashes and spaces, for tel: links.
	Phone        string
	PhoneLink    string
	RefundDays   int
	MinAge       int
	DeletionDays int
	TermsDate    string
	// Fictional is set when the brand runs fictional (house) profiles and
	// warns about them; FictionalWarning is its own wording.
	Fictional        bool
	FictionalWarning string
	Cookies          []Cookie
}

// TermsVersion is the date of the terms a brand's company agrees with
// members: 2023-12-01 12:00 UTC, or the company's added date if later.
func TermsVersion(c tenancy.Company) time.Time {
	return c.TermsDate()
}

// CleanPhone removes dashes and spaces from a phone number.
func CleanPhone(p string) string {
	return strings.NewReplacer("-", "", " ", "").Replace(p)
}

// DataFor is the template data of tenant t in language lang.
func DataFor(t *tenancy.Tenant, lang string) Data {
	phone := t.Settings.SupportPhone
	if phone == "" {
		phone = t.Company.SupportPhone
	}
	minAge := t.Settings.MinAge
	if minAge < 18 {
		minAge = 18
	}
	c := t.Company
	fictional := t.Settings.FictionalIn(lang).Warning
	return Data{
		Brand: t.Name,
		Company: Company{Name: c.Name, Address: c.Address, City: c.City, Country: c.Country, KvK: c.KVK,
			VAT: strings.Join(c.VATNumbers, ", "), TradeNames: strings.Join(c.Tradenames, ", ")},
		SupportEmail: t.Settings.SupportEmail, Phone: phone, PhoneLink: CleanPhone(phone),
		RefundDays: t.Settings.RefundDays, MinAge: minAge, DeletionDays: deletionDays,
		// Written as the mails and invoices write dates ("December 1, 2023").
		TermsDate: locale.Date(lang, TermsVersion(c).UTC()),
		Fictional: fictional != "", FictionalWarning: fictional,
		Cookies: Cookies,
	}
}

// Known reports whether name is an info page.
func Known(name string) bool {
	for _, n := range Names {
		if n == name {
			return true
		}
	}
	return false
}

func knownLanguage(lang string) bool {
	// Every page is written in each site language, the languages the locale
	// package writes dates and money in.
	for _, l := range locale.Languages() {
		if l == lang {
			return true
		}
	}
	return false
}

// Render is page name of tenant t in lang: the brand's own file when it
// has one that renders, else the built-in text.
func (p *Pages) Render(t *tenancy.Tenant, name, lang string) (Page, error) {
	if !Known(name) {
		return Page{}, ErrUnknownPage.With(map[string]any{"name": name})
	}
	if !knownLanguage(lang) {
		return Page{}, ErrUnknownLanguage.With(map[string]any{"lang": lang})
	}
	data := DataFor(t, lang)
	if p.Overrides != nil {
		file := path.Join(OverrideDir, t.Slug, name+"."+lang+".md")
		src, err := fs.ReadFile(p.Overrides, file)
		switch {
		case err == nil:
			page, err := build(name, lang, string(src), data)
			if err == nil {
				page.Custom = true
				page.Version = TermsVersion(t.Company).Format(time.DateOnly)
				return page, nil
			}
			// A broken file must not take the page down: the built-in
			// text is served and the operator learns why from the log.
			p.logger().Error("info page override does not render; serving the built-in text", "file", file, "err", err)
		case !errors.Is(err, fs.ErrNotExist):
			p.logger().Error("info page override unreadable; serving the built-in text", "file", file, "err", err)
		}
	}
	src, err := texts.ReadFile("texts/" + lang + "/" + name + ".md")
	if err != nil {
		return Page{}, fmt.Errorf("info page %s/%s: %w", lang, name, err)
	}
	page, err := build(name, lang, string(src), data)
	if err != nil {
		return Page{}, err
	}
	page.Version = TermsVersion(t.Company).Format(time.DateOnly)
	return page, nil
}

func (p *Pages) logger() *slog.Logger {
	if p.Log == nil {
		return slog.Default()
	}
	return p.Log
}

// build fills template src with data and parses the result.
func build(name, lang, src string, data Data) (Page, error) {
	tpl, err := template.New(name).Option("missingkey=error").Parse(src)
	if err != nil {
		return Page{}, fmt.Errorf("info page %s/%s: %w", lang, name, err)
	}
	var b bytes.Buffer
	if err := tpl.Execute(&b, data); err != nil {
		return Page{}, fmt.Errorf("info page %s/%s: %w", lang, name, err)
	}
	out := b.String()
	if strings.Contains(out, "<no value>") || strings.Contains(out, "{{") {
		return Page{}, fmt.Errorf("info page %s/%s: a placeholder is left unfilled", lang, name)
	}
	page := Parse(out)
	page.Name, page.Lang = name, lang
	if page.Title == "" {
		return Page{}, fmt.Errorf("info page %s/%s: no title (a first line starting with # )", lang, name)
	}
	return page, nil
}
