package infopages_test

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rendezvous/engine/infopages"
	"rendezvous/engine/platform/config"
	"rendezvous/engine/platform/locale"
	"rendezvous/engine/server/servertest"
)

// brand is what each demo brand's pages must show.
type brand struct {
	host, name, company, email, phoneLink, version string
	refundDays                                     string
	ids                                            []string // KvK and VAT numbers
}

var brands = []brand{
	{"localhost", "LustLokaal", "Lokaal Media B.V.", "support@lustlokaal.example", "+31201234567", "2024-03-01", "14", []string{"81234567", "NL862345678B01"}},
	{"herzklopfen.localhost", "Herzklopfen", "Herz Digital GmbH", "hilfe@herzklopfen.example", "+493012345678", "2023-12-01", "14", []string{"HRB 204512 B", "DE312345678"}},
	{"sparkusa.localhost", "Spark", "Spark Social LLC", "help@spark.example", "+15125550142", "2025-01-10", "30", nil},
}

// text is a page's words, headings and links included.
func text(p infopages.Page) string {
	var b strings.Builder
	b.WriteString(p.Title + "\n")
	add := func(in []infopages.Inline) {
		for _, r := range in {
			b.WriteString(r.Text)
			if r.Href != "" {
				b.WriteString(" <" + r.Href + ">")
			}
		}
		b.WriteString("\n")
	}
	for _, bl := range p.Blocks {
		add(bl.Text)
		for _, it := range bl.Items {
			add(it)
		}
	}
	return b.String()
}

func get(t *testing.T, c *servertest.Client, name, lang string) infopages.Page {
	t.Helper()
	res := c.Do("GET", "/api/page.php?name="+name+"&lang="+lang, nil)
	if res.Status != http.StatusOK {
		t.Fatalf("%s %s/%s: %d %s", c.Host, lang, name, res.Status, res.Body)
	}
	var p infopages.Page
	res.JSON(t, &p)
	return p
}

// TestEveryPageInEveryLanguage: each info page in each of the 11 languages
// renders for each demo brand with its company's data filled in and no
// placeholder left, and is a real text (headings and paragraphs).
func TestEveryPageInEveryLanguage(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	for _, b := range brands {
		c := env.Client(t, b.host)
		for _, lang := range locale.Languages() {
			titles := map[string]bool{}
			for _, name := range infopages.Names {
				p := get(t, c, name, lang)
				body := text(p)
				where := b.host + " " + lang + "/" + name
				if p.Name != name || p.Lang != lang || p.Version != b.version {
					t.Errorf("%s: name %q lang %q version %q", where, p.Name, p.Lang, p.Version)
				}
				for _, bad := range []string{"{{", "}}", "<no value>", "**", "](", "%!"} {
					if strings.Contains(body, bad) {
						t.Errorf("%s: %q left in the text", where, bad)
					}
				}
				if n := len(strings.Fields(body)); n < 90 {
					t.Errorf("%s: %d words; a real page has more", where, n)
				}
				if titles[p.Title] {
					t.Errorf("%s: title %q used by another page", where, p.Title)
				}
				titles[p.Title] = true
				headings := 0
				for _, bl := range p.Blocks {
					if bl.Type == "h2" {
						headings++
					}
				}
				if headings < 2 {
					t.Errorf("%s: %d headings", where, headings)
				}
				want := []string{}
				switch name {
				case "terms":
					want = append([]string{b.company, b.name, "mailto:" + b.email, "tel:" + b.phoneLink}, b.ids...)
				case "privacy":
					want = []string{b.company, "mailto:" + b.email}
				case "return-policy":
					want = []string{b.company, b.refundDays, "mailto:" + b.email}
				case "service":
					want = append([]string{b.company, "mailto:" + b.email, "tel:" + b.phoneLink}, b.ids...)
				case "cookies":
					want = []string{b.company}
					for _, ck := range infopages.Cookies {
						want = append(want, ck.Name)
					}
				case "faq":
					want = []string{b.company, b.refundDays}
				case "ban":
					want = []string{b.company, "mailto:" + b.email}
				}
				for _, w := range want {
					if !strings.Contains(body, w) {
						t.Errorf("%s: %q missing", where, w)
					}
				}
			}
		}
	}
}

// TestCookieLines: each cookie line of each language's cookie page says
// what the cookie is for and how long it lives, not only its name.
func TestCookieLines(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c := env.Client(t, "localhost")
	for _, lang := range locale.Languages() {
		p := get(t, c, "cookies", lang)
		found := map[string]bool{}
		for _, bl := range p.Blocks {
			for _, it := range bl.Items {
				if len(it) < 2 || !it[0].Strong {
					continue
				}
				found[it[0].Text] = true
				if rest := it[1].Text; len(strings.Fields(rest)) < 6 {
					t.Errorf("%s: cookie %s explained as %q", lang, it[0].Text, rest)
				}
			}
		}
		for _, ck := range infopages.Cookies {
			if !found[ck.Name] {
				t.Errorf("%s: no list item for cookie %s", lang, ck.Name)
			}
		}
	}
}

// TestLanguageOfTheRequest: without lang the page is in the request's site
// language (the locale cookie), among the brand's languages.
func TestLanguageOfTheRequest(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c := env.Client(t, "herzklopfen.localhost")
	var p infopages.Page
	c.Do("GET", "/api/page.php?name=terms", nil).JSON(t, &p)
	if p.Lang != "de" {
		t.Fatalf("lang %q, want de", p.Lang)
	}
}

// TestRefusals: an unknown page is 404 page_not_found, a language the
// engine does not speak 422 invalid_language.
func TestRefusals(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c := env.Client(t, "localhost")
	for _, k := range []struct {
		path, code string
		status     int
	}{
		{"/api/page.php?name=imprint&lang=en", "page_not_found", http.StatusNotFound},
		{"/api/page.php?name=&lang=en", "page_not_found", http.StatusNotFound},
		{"/api/page.php?name=../terms&lang=en", "page_not_found", http.StatusNotFound},
		{"/api/page.php?name=terms&lang=xx", "invalid_language", http.StatusUnprocessableEntity},
		{"/api/page.php?name=terms&lang=../en", "invalid_language", http.StatusUnprocessableEntity},
	} {
		c.Do("GET", k.path, nil).Want(t, k.status, k.code)
	}
}

// TestOverrideFile: a brand's own file in the tenants directory wins over
// the built-in text for that brand and language only, may use the same
// placeholders, and a file that does not render leaves the built-in text.
func TestOverrideFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	pages := filepath.Join(dir, infopages.OverrideDir, "lustlokaal")
	if err := os.MkdirAll(pages, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(pages, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("terms.nl.md", "# Onze voorwaarden\n\nVan **{{.Company.Name}}**, terug binnen {{.RefundDays}} dagen.\n\n## Regels\n- Wees aardig\n- [Mail ons](mailto:{{.SupportEmail}})\n- [fout](javascript:alert)\n")
	write("faq.nl.md", "# Vragen\n\n{{.NoSuchField}}\n")
	env := servertest.NewConfigured(t, func(c *config.Config) { c.TenantsDir = dir })
	lust := env.Client(t, "localhost")

	p := get(t, lust, "terms", "nl")
	got, _ := json.Marshal(p)
	want := `{"name":"terms","lang":"nl","title":"Onze voorwaarden","version":"2024-03-01","blocks":[` +
		`{"type":"p","text":[{"text":"Van "},{"text":"Lokaal Media B.V.","strong":true},{"text":", terug binnen 14 dagen."}]},` +
		`{"type":"h2","text":[{"text":"Regels"}]},` +
		`{"type":"ul","items":[[{"text":"Wees aardig"}],[{"text":"Mail ons","href":"mailto:support@lustlokaal.example"}],[{"text":"fout"}]]}],"custom":true}`
	if string(got) != want {
		t.Errorf("override:\n got %s\nwant %s", got, want)
	}
	// Another language, another brand: the built-in text.
	if p := get(t, lust, "terms", "en"); p.Custom || p.Title == "Onze voorwaarden" {
		t.Errorf("en took the nl override: %+v", p.Title)
	}
	if p := get(t, env.Client(t, "herzklopfen.localhost"), "terms", "nl"); p.Custom {
		t.Error("another brand took lustlokaal's override")
	}
	// A broken file: the built-in text, not an error.
	if p := get(t, lust, "faq", "nl"); p.Custom || !strings.Contains(text(p), "Lokaal Media B.V.") {
		t.Errorf("broken override: custom %v, %q", p.Custom, p.Title)
	}
}

// TestTermsDateAsMailsWriteIt: the terms' version date is written as the
// mails and invoices write dates (engine/platform/locale), per language.
func TestTermsDateAsMailsWriteIt(t *testing.T) {
	t.Parallel()
	env := servertest.New(t)
	c := env.Client(t, "herzklopfen.localhost")
	for _, tc := range []struct{ lang, date string }{
		{"en", "December 1, 2023"},
		{"de", "1. Dezember 2023"},
		{"nl", "1 december 2023"},
		{"es", "1 de diciembre de 2023"},
		{"pl", "1 grudnia 2023"},
	} {
		if body := text(get(t, c, "terms", tc.lang)); !strings.Contains(body, tc.date) {
			t.Errorf("%s terms do not hold %q:\n%s", tc.lang, tc.date, body)
		}
	}
}
