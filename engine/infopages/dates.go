package infopages

import (
	"fmt"
	"time"
)

// months are the month names as a date is written in each language (the
// genitive where the language uses it after a day number).
var months = map[string][12]string{
	"da": {"januar", "februar", "marts", "april", "maj", "juni", "juli", "august", "september", "oktober", "november", "december"},
	"de": {"Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"},
	"en": {"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"},
	"es": {"enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"},
	"fi": {"tammikuuta", "helmikuuta", "maaliskuuta", "huhtikuuta", "toukokuuta", "kesäkuuta", "heinäkuuta", "elokuuta", "syyskuuta", "lokakuuta", "marraskuuta", "joulukuuta"},
	"fr": {"janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"},
	"it": {"gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"},
	"nb": {"januar", "februar", "mars", "april", "mai", "juni", "juli", "august", "september", "oktober", "november", "desember"},
	"nl": {"januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"},
	"pl": {"stycznia", "lutego", "marca", "kwietnia", "maja", "czerwca", "lipca", "sierpnia", "września", "października", "listopada", "grudnia"},
	"sv": {"januari", "februari", "mars", "april", "maj", "juni", "juli", "augusti", "september", "oktober", "november", "december"},
}

// LongDate writes d (in UTC) as a date is written in running text in lang.
func LongDate(lang string, d time.Time) string {
	d = d.UTC()
	m := months[lang]
	if m[0] == "" {
		m = months["en"]
		lang = "en"
	}
	month := m[d.Month()-1]
	switch lang {
	case "en":
		return fmt.Sprintf("%d %s %d", d.Day(), month, d.Year())
	case "es":
		return fmt.Sprintf("%d de %s de %d", d.Day(), month, d.Year())
	case "de", "da", "nb", "fi":
		return fmt.Sprintf("%d. %s %d", d.Day(), month, d.Year())
	default:
		return fmt.Sprintf("%d %s %d", d.Day(), month, d.Year())
	}
}
