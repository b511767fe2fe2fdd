package sms

import (
	"errors"
	"strings"
)

// ErrPhone means a text is not a mobile number that can be texted.
var ErrPhone = errors.New("sms: not a mobile phone number")

// numbering is what the engine knows of a country's phone numbers: its
// calling code, the trunk prefix dialled before a national number, the
// lengths of its national significant numbers and the prefixes its mobile
// numbers start with (none known: any number of the right length).
type numbering struct {
	code     string
	trunk    string
	min, max int
	mobile   []string
}

// numberings are the countries the sites serve and the SEPA area's larger
// ones. A number in E.164 form of another country is taken with E.164's
// general bounds only.
var numberings = map[string]numbering{
	"NL": {"31", "0", 9, 9, []string{"6"}},
	"BE": {"32", "0", 9, 9, []string{"4"}},
	"LU": {"352", "", 9, 9, []string{"6"}},
	"DE": {"49", "0", 10, 11, []string{"15", "16", "17"}},
	"AT": {"43", "0", 10, 13, []string{"6"}},
	"CH": {"41", "0", 9, 9, []string{"7"}},
	"PL": {"48", "", 9, 9, []string{"45", "5", "6", "7", "8"}},
	"SE": {"46", "0", 9, 9, []string{"7"}},
	"NO": {"47", "", 8, 8, []string{"4", "9"}},
	"DK": {"45", "", 8, 8, nil},
	"FI": {"358", "0", 7, 10, []string{"4", "50"}},
	"FR": {"33", "0", 9, 9, []string{"6", "7"}},
	"IT": {"39", "", 9, 10, []string{"3"}},
	"ES": {"34", "", 9, 9, []string{"6", "7"}},
	"PT": {"351", "", 9, 9, []string{"9"}},
	"IE": {"353", "0", 9, 9, []string{"8"}},
	"GB": {"44", "0", 10, 10, []string{"7"}},
	"US": {"1", "1", 10, 10, nil},
	"CA": {"1", "1", 10, 10, nil},
}

// Phone is a checked mobile number.
type Phone struct {
	// E164 is the number in E.164 form, +31612345678.
	E164 string
	// Country is the number's country when the engine knows its numbering
	// (the first of those sharing a calling code: US for +1), else "".
	Country string
}

// Masked shows the calling code's start and the last three digits only
// (+316******678), for showing a number back.
func (p Phone) Masked() string {
	s := p.E164
	if len(s) <= 7 {
		return s
	}
	return s[:4] + strings.Repeat("*", len(s)-7) + s[len(s)-3:]
}

// ParsePhone reads a mobile number as a member types it: in international
// form (+31 6 1234 5678, 0031612345678) or in the national form of
// country (06 12345678 for NL), with spaces, dashes, dots and brackets.
// A number of a country the engine knows must have its length and, where
// known, a mobile prefix; another country's needs E.164's 8 to 15 digits.
func ParsePhone(s, country string) (Phone, error) {
	var b strings.Builder
	plus := false
	for i, r := range strings.TrimSpace(s) {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == '+' && i == 0:
			plus = true
		case r == ' ' || r == '-' || r == '.' || r == '(' || r == ')' || r == '/' || r == '\u00a0':
		default:
			return Phone{}, ErrPhone
		}
		if b.Len() > 17 {
			return Phone{}, ErrPhone
		}
	}
	digits := b.String()
	if !plus && strings.HasPrefix(digits, "00") {
		plus, digits = true, digits[2:]
	}
	if plus {
		return international(digits)
	}
	n, ok := numberings[strings.ToUpper(country)]
	if !ok || digits == "" {
		return Phone{}, ErrPhone
	}
	national := digits
	if n.trunk != "" {
		national = strings.TrimPrefix(digits, n.trunk)
	}
	if !n.fits(national) {
		return Phone{}, ErrPhone
	}
	return Phone{E164: "+" + n.code + national, Country: strings.ToUpper(country)}, nil
}

// international checks the digits after the + of an E.164 number.
func international(digits string) (Phone, error) {
	if len(digits) < 8 || len(digits) > 15 || digits[0] == '0' {
		return Phone{}, ErrPhone
	}
	for _, c := range countryOrder {
		n := numberings[c]
		if national, ok := strings.CutPrefix(digits, n.code); ok {
			if !n.fits(national) {
				return Phone{}, ErrPhone
			}
			return Phone{E164: "+" + digits, Country: c}, nil
		}
	}
	return Phone{E164: "+" + digits}, nil
}

// countryOrder lists numberings in a fixed order, US before CA, so a +1
// number is read the same way every time.
var countryOrder = []string{"NL", "BE", "LU", "DE", "AT", "CH", "PL", "SE", "NO", "DK", "FI", "FR", "IT", "ES", "PT", "IE", "GB", "US", "CA"}

// fits reports whether a national significant number has the country's
// length and a mobile prefix.
func (n numbering) fits(national string) bool {
	if len(national) < n.min || len(national) > n.max {
		return false
	}
	if len(n.mobile) == 0 {
		return true
	}
	for _, p := range n.mobile {
		if strings.HasPrefix(national, p) {
			return true
		}
	}
	return false
}
