package sms

import (
	"errors"
	"strings"

	"github.com/nyaruka/phonenumbers"
)

// ErrPhone means a text is not a mobile number of the country asked for.
var ErrPhone = errors.New("sms: not a mobile phone number of the country")

// maxPhoneInput bounds what is handed to the parser: the longest number
// with its spacing fits easily.
const maxPhoneInput = 40

// Phone is a checked mobile number.
type Phone struct {
	// E164 is the number in E.164 form, +31612345678.
	E164 string
	// Country is the number's country (ISO 3166 alpha-2).
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

// ParsePhone reads a mobile number of country as a member types it: in
// international form (+31 6 1234 5678, 0031612345678) or in the country's
// national form (06 12345678 for NL), with spaces, dashes, dots and
// brackets. The numbering plans are libphonenumber's (for every country).
// Only a number valid in country itself is taken, and only when it is a
// mobile number, or where the plan cannot tell mobile from fixed lines (the
// US, Canada and the other +1 countries, Denmark) a fixed-line-or-mobile
// one: never a premium-rate, shared-cost, personal (GB 070), pager, VoIP
// or toll-free number, and never another country's number, whose texts
// cost more and are what SMS toll fraud uses.
func ParsePhone(s, country string) (Phone, error) {
	country = strings.ToUpper(country)
	s = strings.TrimSpace(s)
	if len(country) != 2 || s == "" || len(s) > maxPhoneInput {
		return Phone{}, ErrPhone
	}
	for i, r := range s {
		switch {
		case r >= '0' && r <= '9':
		case r == '+' && i == 0:
		case r == ' ' || r == '-' || r == '.' || r == '(' || r == ')' || r == '/' || r == '\u00a0':
		default:
			return Phone{}, ErrPhone
		}
	}
	n, err := phonenumbers.Parse(s, country)
	if err != nil || !phonenumbers.IsValidNumberForRegion(n, country) {
		return Phone{}, ErrPhone
	}
	switch phonenumbers.GetNumberType(n) {
	case phonenumbers.MOBILE, phonenumbers.FIXED_LINE_OR_MOBILE:
	default:
		return Phone{}, ErrPhone
	}
	return Phone{E164: phonenumbers.Format(n, phonenumbers.E164), Country: country}, nil
}
