package trust

import (
	"regexp"
	"strings"
	"unicode"
)

// Patterns of contact details in a message. Scammers move members off the
// site: a link, a phone number or an e-mail address is how.
var (
	linkPattern  = regexp.MustCompile(`(?i)\b(?:https?://|www\.)\S+|\b[a-z0-9][a-z0-9-]*\.(?:com|net|org|info|biz|io|me|ly|co|xyz|ru|nl|de|be|fr|es|it|pl|dk|se|no|fi|eu|uk|top|site|online|link|click|app)\b(?:/\S*)?`)
	emailPattern = regexp.MustCompile(`(?i)[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,}`)
	// phonePattern finds runs of digits with the separators people type;
	// a run counts as a phone number at eight digits or more.
	phonePattern = regexp.MustCompile(`\+?\d[\d\s().\-/]{6,}\d`)
)

// moneyWords are the words and phrases of requests for money, gift cards
// and crypto, per language. A brand checks the words of its languages and
// English (scammers write English on every brand). Each is matched as
// whole words in the lower-cased text.
var moneyWords = map[string][]string{
	"en": {"money", "cash", "bank account", "bank transfer", "western union", "moneygram", "paypal", "gift card", "giftcard",
		"itunes card", "steam card", "google play card", "amazon card", "bitcoin", "btc", "crypto", "usdt", "ethereum", "wallet address",
		"send me money", "loan", "pay for my", "ticket money", "hospital bill"},
	"nl": {"geld", "contant", "bankrekening", "overmaken", "overboeken", "cadeaubon", "cadeaukaart", "tikkie", "lening", "stuur me geld"},
	"de": {"geld", "bargeld", "bankkonto", "überweisung", "überweisen", "gutschein", "geschenkkarte", "darlehen", "kredit", "schick mir geld"},
	"fr": {"argent", "virement", "compte bancaire", "carte cadeau", "prêt", "envoie moi de l argent", "mandat cash", "espèces"},
	"es": {"dinero", "transferencia", "cuenta bancaria", "tarjeta regalo", "préstamo", "efectivo", "envíame dinero"},
	"it": {"soldi", "denaro", "bonifico", "conto bancario", "carta regalo", "buono regalo", "prestito", "contanti", "ricarica"},
	"da": {"penge", "kontanter", "bankkonto", "overførsel", "gavekort", "lån", "send mig penge"},
	"nb": {"penger", "kontanter", "bankkonto", "overføring", "gavekort", "lån", "send meg penger"},
	"sv": {"pengar", "kontanter", "bankkonto", "överföring", "presentkort", "lån", "swish", "skicka pengar"},
	"fi": {"rahaa", "raha", "käteinen", "pankkitili", "tilisiirto", "lahjakortti", "laina", "lähetä rahaa"},
	"pl": {"pieniądze", "pieniędzy", "gotówka", "przelew", "konto bankowe", "karta podarunkowa", "pożyczka", "blik"},
}

// detect answers the signals of one text for a brand of languages: each
// kind once, however often it occurs.
func detect(text string, languages []string) []string {
	var out []string
	if linkPattern.MatchString(emailPattern.ReplaceAllString(text, " ")) {
		out = append(out, SignalLink)
	}
	if hasPhone(text) {
		out = append(out, SignalPhone)
	}
	if emailPattern.MatchString(text) {
		out = append(out, SignalEmail)
	}
	if asksMoney(text, languages) {
		out = append(out, SignalMoney)
	}
	return out
}

func hasPhone(text string) bool {
	for _, run := range phonePattern.FindAllString(text, -1) {
		digits := 0
		for _, r := range run {
			if r >= '0' && r <= '9' {
				digits++
			}
		}
		if digits >= 8 {
			return true
		}
	}
	return false
}

// asksMoney looks for the money words of English and languages in text,
// as whole words.
func asksMoney(text string, languages []string) bool {
	norm := " " + wordsOf(text) + " "
	check := func(lang string) bool {
		for _, w := range moneyWords[lang] {
			if strings.Contains(norm, " "+w+" ") {
				return true
			}
		}
		return false
	}
	if check("en") {
		return true
	}
	for _, l := range languages {
		if l != "en" && check(l) {
			return true
		}
	}
	return false
}

// wordsOf is text lower-cased with every run of what is neither a letter
// nor a digit turned into one space.
func wordsOf(text string) string {
	return strings.Join(strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}), " ")
}

// sameText is the form in which two messages count as the same text:
// letter case, spacing and punctuation aside.
func sameText(text string) string { return wordsOf(text) }
