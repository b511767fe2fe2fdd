package locale_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"rendezvous/engine/platform/locale"
)

// siteLocales are the 11 languages of the sites.
var siteLocales = []string{"da", "de", "en", "es", "fi", "fr", "it", "nb", "nl", "pl", "sv"}

// The cases below write no-break spaces as "_" to keep them readable.
func nb(s string) string { return strings.ReplaceAll(s, "_", "\u00a0") }

func TestEveryLanguageHasConventions(t *testing.T) {
	t.Parallel()
	if got := locale.Languages(); !slices.Equal(got, siteLocales) {
		t.Fatalf("languages %v, want %v", got, siteLocales)
	}
}

func TestDatesPerLanguage(t *testing.T) {
	t.Parallel()
	day := time.Date(2026, time.November, 24, 23, 30, 0, 0, time.UTC)
	may := time.Date(2027, time.May, 1, 0, 0, 0, 0, time.UTC)
	cases := map[string][2]string{
		"da": {"24. november 2026", "1. maj 2027"},
		"de": {"24. November 2026", "1. Mai 2027"},
		"en": {"November 24, 2026", "May 1, 2027"},
		"es": {"24 de noviembre de 2026", "1 de mayo de 2027"},
		"fi": {"24. marraskuuta 2026", "1. toukokuuta 2027"},
		"fr": {"24 novembre 2026", "1 mai 2027"},
		"it": {"24 novembre 2026", "1 maggio 2027"},
		"nb": {"24. november 2026", "1. mai 2027"},
		"nl": {"24 november 2026", "1 mei 2027"},
		"pl": {"24 listopada 2026", "1 maja 2027"},
		"sv": {"24 november 2026", "1 maj 2027"},
	}
	for _, lang := range siteLocales {
		t.Run(lang, func(t *testing.T) {
			t.Parallel()
			want, ok := cases[lang]
			if !ok {
				t.Fatalf("no case for %s", lang)
			}
			if got := locale.Date(lang, day); got != want[0] {
				t.Errorf("%q, want %q", got, want[0])
			}
			if got := locale.Date(lang, may); got != want[1] {
				t.Errorf("%q, want %q", got, want[1])
			}
		})
	}
	// The day is the one of the time's own location: 23:30 UTC is the next
	// day in Amsterdam.
	ams, err := time.LoadLocation("Europe/Amsterdam")
	if err != nil {
		t.Fatal(err)
	}
	if got := locale.Date("nl", day.In(ams)); got != "25 november 2026" {
		t.Errorf("in Amsterdam: %q", got)
	}
	// A language without conventions is written as English.
	if got := locale.Date("pt", day); got != "November 24, 2026" {
		t.Errorf("pt: %q", got)
	}
}

func TestMoneyPerLanguage(t *testing.T) {
	t.Parallel()
	type amount struct {
		minor    int64
		currency string
		want     string
	}
	cases := map[string][]amount{
		"da": {{1250, "EUR", "12,50_€"}, {123450, "DKK", "1.234,50_kr."}, {-500, "EUR", "-5,00_€"}},
		"de": {{1250, "EUR", "12,50_€"}, {123450, "EUR", "1.234,50_€"}, {1995, "CHF", "19,95_CHF"}},
		"en": {{1250, "USD", "$12.50"}, {123450, "EUR", "€1,234.50"}, {-500, "GBP", "-£5.00"}, {1995, "CHF", "CHF_19.95"}},
		"es": {{1250, "EUR", "12,50_€"}, {123450, "EUR", "1234,50_€"}, {1234500, "EUR", "12.345,00_€"}},
		"fi": {{1250, "EUR", "12,50_€"}, {123450, "EUR", "1_234,50_€"}},
		"fr": {{1250, "EUR", "12,50_€"}, {123450, "EUR", "1_234,50_€"}, {1250, "USD", "12,50_$"}},
		"it": {{1250, "EUR", "12,50_€"}, {123450, "EUR", "1.234,50_€"}},
		"nb": {{1250, "NOK", "12,50_kr"}, {123450, "EUR", "1_234,50_€"}},
		"nl": {{1250, "EUR", "€_12,50"}, {123450, "EUR", "€_1.234,50"}, {-500, "EUR", "€_-5,00"}},
		"pl": {{1250, "PLN", "12,50_zł"}, {123450, "PLN", "1234,50_zł"}, {1234500, "EUR", "12_345,00_€"}},
		"sv": {{1250, "SEK", "12,50_kr"}, {123450, "EUR", "1_234,50_€"}},
	}
	for _, lang := range siteLocales {
		t.Run(lang, func(t *testing.T) {
			t.Parallel()
			if len(cases[lang]) == 0 {
				t.Fatalf("no case for %s", lang)
			}
			for _, c := range cases[lang] {
				if got := locale.Money(lang, c.minor, c.currency); got != nb(c.want) {
					t.Errorf("%d %s: %q, want %q", c.minor, c.currency, got, nb(c.want))
				}
			}
		})
	}
	// Currencies without two minor digits.
	for _, c := range []amount{{1200, "JPY", "1.200_JPY"}, {1500, "KWD", "1,500_KWD"}} {
		if got := locale.Money("de", c.minor, c.currency); got != nb(c.want) {
			t.Errorf("%d %s: %q, want %q", c.minor, c.currency, got, nb(c.want))
		}
	}
}

func TestPercent(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		lang       string
		hundredths int
		want       string
	}{{"nl", 2100, "21"}, {"nl", 2550, "25,5"}, {"en", 2550, "25.5"}, {"de", 810, "8,1"}, {"fr", 0, "0"}, {"en", 1725, "17.25"}} {
		if got := locale.Percent(c.lang, c.hundredths); got != c.want {
			t.Errorf("Percent(%s, %d) = %q, want %q", c.lang, c.hundredths, got, c.want)
		}
	}
}
