package delivery_test

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"testing"

	"go.yaml.in/yaml/v3"
	"golang.org/x/text/feature/plural"
	"golang.org/x/text/language"

	"rendezvous/engine/delivery"
	"rendezvous/themes/themestest"
)

// siteLocales are the 11 languages of the sites (web/src/i18n/locale.ts).
var siteLocales = []string{"da", "de", "en", "es", "fi", "fr", "it", "nb", "nl", "pl", "sv"}

// pluralForms are go-i18n's plural keys: a message written with them has
// one text per form.
var pluralForms = []string{"zero", "one", "two", "few", "many", "other"}

// catalogue reads a catalogue file: each message id ("group.key") with its
// texts, one per plural form ("other" alone when it has none).
func catalogue(t *testing.T, path string) map[string]map[string]string {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]map[string]any
	if err := yaml.Unmarshal(raw, &doc); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	out := map[string]map[string]string{}
	for group, msgs := range doc {
		for k, v := range msgs {
			id := group + "." + k
			switch v := v.(type) {
			case string:
				out[id] = map[string]string{"other": v}
			case map[string]any:
				forms := map[string]string{}
				for form, text := range v {
					s, ok := text.(string)
					if !ok || !slices.Contains(pluralForms, form) {
						t.Fatalf("%s: %s.%s is not a plural form", path, id, form)
					}
					forms[form] = s
				}
				if forms["other"] == "" {
					t.Fatalf("%s: %s has plural forms but no other", path, id)
				}
				out[id] = forms
			default:
				t.Fatalf("%s: %s is %T", path, id, v)
			}
		}
	}
	return out
}

var placeholder = regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)

// placeholders lists the template data a text uses, sorted, once each.
func placeholders(s string) []string {
	var out []string
	for _, m := range placeholder.FindAllStringSubmatch(s, -1) {
		if !slices.Contains(out, m[1]) {
			out = append(out, m[1])
		}
	}
	sort.Strings(out)
	return out
}

// Every site language has its own catalogue with every message of en and no
// other, each text (each plural form) using the same placeholders as en's,
// and the plural forms the language's CLDR rules need when en has forms.
func TestCataloguesMatchEnglishInEveryLanguage(t *testing.T) {
	t.Parallel()
	en := catalogue(t, "locales/en.yaml")
	if len(en) < 50 {
		t.Fatalf("en has %d messages", len(en))
	}
	for _, lang := range siteLocales {
		t.Run(lang, func(t *testing.T) {
			t.Parallel()
			cat := catalogue(t, filepath.Join("locales", lang+".yaml"))
			for id, enForms := range en {
				forms, ok := cat[id]
				if !ok {
					t.Errorf("%s lacks %s", lang, id)
					continue
				}
				want := placeholders(enForms["other"])
				for form, text := range forms {
					if got := placeholders(text); !slices.Equal(got, want) {
						t.Errorf("%s %s (%s): placeholders %v, en has %v", lang, id, form, got, want)
					}
				}
				if len(enForms) > 1 {
					for _, form := range cardinalForms(t, lang) {
						if forms[form] == "" {
							t.Errorf("%s %s lacks the plural form %s", lang, id, form)
						}
					}
				}
			}
			for id := range cat {
				if _, ok := en[id]; !ok {
					t.Errorf("%s has %s, which en lacks", lang, id)
				}
			}
		})
	}
}

// cardinalForms are the plural forms a language uses for the whole numbers
// 1 to 1000 by CLDR (Polish: one, few, many; English: one, other).
func cardinalForms(t *testing.T, lang string) []string {
	t.Helper()
	tag := language.MustParse(lang)
	names := map[plural.Form]string{plural.Zero: "zero", plural.One: "one", plural.Two: "two", plural.Few: "few", plural.Many: "many", plural.Other: "other"}
	var out []string
	for n := 1; n <= 1000; n++ {
		form := names[plural.Cardinal.MatchPlural(tag, n, 0, 0, 0, 0)]
		if !slices.Contains(out, form) {
			out = append(out, form)
		}
	}
	return out
}

// A count picks the plural form of the recipient's language.
func TestPluralFormsFollowTheCount(t *testing.T) {
	t.Parallel()
	tpl, err := delivery.LoadTemplates(themestest.BuiltIn(t))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		lang  string
		count int
		want  string
	}{
		{"en", 1, "1 new message from Ana"},
		{"en", 2, "2 new messages from Ana"},
		{"pl", 1, "1 nowa wiadomość od Ana"},
		{"pl", 3, "3 nowe wiadomości od Ana"},
		{"pl", 5, "5 nowych wiadomości od Ana"},
		{"pl", 22, "22 nowe wiadomości od Ana"},
		{"de", 1, "1 neue Nachricht von Ana"},
		{"fi", 4, "4 uutta viestiä käyttäjältä Ana"},
		{"sv", 1, "1 nytt meddelande från Ana"},
		{"es", 7, "7 mensajes nuevos de Ana"},
		// A language without a catalogue is English.
		{"pt", 2, "2 new messages from Ana"},
	}
	for _, c := range cases {
		got, err := tpl.Phrase("", c.lang, "new_messages_batch.subject", map[string]any{"Count": c.count, "Other": "Ana"})
		if err != nil || got != c.want {
			t.Errorf("%s %d: %q, %v; want %q", c.lang, c.count, got, err, c.want)
		}
	}
	// A text without plural forms is the same whatever the count.
	got, err := tpl.Phrase("", "pl", "new_messages_batch.action", map[string]any{"Count": 3})
	if err != nil || got != "Przeczytaj wiadomości" {
		t.Errorf("action: %q, %v", got, err)
	}
}
