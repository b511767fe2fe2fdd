package locale

import (
	"fmt"
	"strings"
	"time"
)

// nbsp keeps a number and its currency, or the groups of a number, on one
// line.
const nbsp = "\u00a0"

// conventions are how one language writes dates and amounts.
type conventions struct {
	// months are the month names as a date uses them (Polish and Finnish
	// decline them: "24 listopada", "24. marraskuuta").
	months [12]string
	// date writes day, month name and year.
	date func(day int, month string, year int) string
	// decimal and group are the separators; minGroup is the fewest digits
	// before the decimal point that get a group separator (Spanish and
	// Polish leave 1234 alone).
	decimal, group string
	minGroup       int
	// symbolFirst puts the currency symbol before the number ("€ 12,50",
	// "$12.50"); space separates them.
	symbolFirst bool
	space       string
	// signAfterSymbol puts a minus after a leading symbol ("€ -5,00").
	signAfterSymbol bool
}

func dayMonthYear(sep string) func(int, string, int) string {
	return func(d int, m string, y int) string { return fmt.Sprintf("%d%s %s %d", d, sep, m, y) }
}

var table = map[string]conventions{
	"da": {months: [12]string{"januar", "februar", "marts", "april", "maj", "juni", "juli", "august", "september", "oktober", "november", "december"},
		date: dayMonthYear("."), decimal: ",", group: ".", minGroup: 4, space: nbsp},
	"de": {months: [12]string{"Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"},
		date: dayMonthYear("."), decimal: ",", group: ".", minGroup: 4, space: nbsp},
	"en": {months: [12]string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"},
		date:    func(d int, m string, y int) string { return fmt.Sprintf("%s %d, %d", m, d, y) },
		decimal: ".", group: ",", minGroup: 4, symbolFirst: true},
	"es": {months: [12]string{"enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"},
		date:    func(d int, m string, y int) string { return fmt.Sprintf("%d de %s de %d", d, m, y) },
		decimal: ",", group: ".", minGroup: 5, space: nbsp},
	"fi": {months: [12]string{"tammikuuta", "helmikuuta", "maaliskuuta", "huhtikuuta", "toukokuuta", "kesäkuuta", "heinäkuuta", "elokuuta", "syyskuuta", "lokakuuta", "marraskuuta", "joulukuuta"},
		date: dayMonthYear("."), decimal: ",", group: nbsp, minGroup: 4, space: nbsp},
	"fr": {months: [12]string{"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"},
		date: dayMonthYear(""), decimal: ",", group: nbsp, minGroup: 4, space: nbsp},
	"it": {months: [12]string{"gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"},
		date: dayMonthYear(""), decimal: ",", group: ".", minGroup: 4, space: nbsp},
	"nb": {months: [12]string{"januar", "februar", "mars", "april", "mai", "juni", "juli", "august", "september", "oktober", "november", "desember"},
		date: dayMonthYear("."), decimal: ",", group: nbsp, minGroup: 4, space: nbsp},
	"nl": {months: [12]string{"januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"},
		date: dayMonthYear(""), decimal: ",", group: ".", minGroup: 4, symbolFirst: true, space: nbsp, signAfterSymbol: true},
	"pl": {months: [12]string{"stycznia", "lutego", "marca", "kwietnia", "maja", "czerwca", "lipca", "sierpnia", "września", "października", "listopada", "grudnia"},
		date: dayMonthYear(""), decimal: ",", group: nbsp, minGroup: 5, space: nbsp},
	"sv": {months: [12]string{"januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti", "september", "oktober", "november", "december"},
		date: dayMonthYear(""), decimal: ",", group: nbsp, minGroup: 4, space: nbsp},
}

// Languages are the languages with their own conventions; any other is
// written as English.
func Languages() []string {
	return []string{"da", "de", "en", "es", "fi", "fr", "it", "nb", "nl", "pl", "sv"}
}

func of(lang string) conventions {
	if c, ok := table[lang]; ok {
		return c
	}
	return table["en"]
}

// Date writes t's calendar day (in t's own location) as a long date in
// lang: "November 24, 2026", "24 november 2026", "24. November 2026",
// "24 listopada 2026".
func Date(lang string, t time.Time) string {
	c := of(lang)
	return c.date(t.Day(), c.months[t.Month()-1], t.Year())
}

// symbols are the currency signs the sites' readers know; other currencies
// are written with their ISO 4217 code ("CHF 19,95" reads as well).
var symbols = map[string]string{
	"EUR": "€", "USD": "$", "GBP": "£", "PLN": "zł", "DKK": "kr.", "NOK": "kr", "SEK": "kr",
}

// minorDigits are the minor-unit digits of the ISO 4217 currencies that do
// not have two.
var minorDigits = map[string]int{
	"BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0, "KRW": 0, "PYG": 0,
	"RWF": 0, "UGX": 0, "UYI": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0, "XPF": 0,
	"BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3,
}

// MinorDigits is how many digits of currency's minor unit there are: 2 for
// the euro, 0 for the yen.
func MinorDigits(currency string) int {
	if d, ok := minorDigits[currency]; ok {
		return d
	}
	return 2
}

// Amount is an amount of money in minor units of an ISO 4217 currency, as
// a mail's or push's data gives it: the text renders it with Money in the
// reader's language.
type Amount struct {
	Minor    int64
	Currency string
}

// Money writes an amount in minor units (cents) of an ISO 4217 currency in
// lang: "$12.50" and "€1,234.50" in English, "€ 12,50" in Dutch, "12,50 €"
// in German and French, "12,50 zł" in Polish, "12,50 kr" in Swedish. The
// space between number and symbol, and between digit groups where a
// language uses a space, is a no-break space.
func Money(lang string, minor int64, currency string) string {
	c := of(lang)
	negative := minor < 0
	if negative {
		minor = -minor
	}
	digits := MinorDigits(currency)
	unit := int64(1)
	for range digits {
		unit *= 10
	}
	number := group(fmt.Sprint(minor/unit), c.group, c.minGroup)
	if digits > 0 {
		number += c.decimal + fmt.Sprintf("%0*d", digits, minor%unit)
	}
	symbol, ok := symbols[currency]
	space := c.space
	if !ok {
		symbol, space = currency, nbsp
	}
	sign := ""
	if negative {
		sign = "-"
	}
	switch {
	case !c.symbolFirst:
		return sign + number + space + symbol
	case c.signAfterSymbol:
		return symbol + space + sign + number
	default:
		return sign + symbol + space + number
	}
}

// group puts sep between the thousands of the whole number n when it has
// at least min digits.
func group(n, sep string, min int) string {
	if len(n) < min {
		return n
	}
	var b strings.Builder
	for i, r := range n {
		if i > 0 && (len(n)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Percent writes a rate given in hundredths of a percent as lang writes the
// number: 2100 is "21", 2550 "25,5" in Dutch and "25.5" in English, 810
// "8,1". The sign is left to the sentence it stands in.
func Percent(lang string, hundredths int) string {
	whole, frac := hundredths/100, hundredths%100
	if frac == 0 {
		return fmt.Sprint(whole)
	}
	digits := strings.TrimRight(fmt.Sprintf("%02d", frac), "0")
	return fmt.Sprintf("%d%s%s", whole, of(lang).decimal, digits)
}
