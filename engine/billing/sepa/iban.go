package sepa

import (
	"errors"
	"strings"
)

// Errors of ParseIBAN. They say what is wrong; the caller turns them into
// its refusal.
var (
	ErrIBANChars    = errors.New("sepa: an IBAN has only letters and digits")
	ErrIBANCountry  = errors.New("sepa: no IBAN country")
	ErrIBANLength   = errors.New("sepa: wrong IBAN length for its country")
	ErrIBANChecksum = errors.New("sepa: wrong IBAN check digits")
	ErrNotSEPA      = errors.New("sepa: the account's country is not in the SEPA area")
)

// ibanLengths is the length of an IBAN per country, from the SWIFT IBAN
// registry.
var ibanLengths = map[string]int{
	"AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BI": 27,
	"BR": 29, "BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DJ": 27, "DK": 18, "DO": 28,
	"EE": 20, "EG": 29, "ES": 24, "FI": 18, "FK": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23,
	"GL": 18, "GR": 27, "GT": 28, "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IQ": 23, "IS": 26, "IT": 27,
	"JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LC": 32, "LI": 21, "LT": 20, "LU": 20, "LV": 21, "LY": 25,
	"MC": 27, "MD": 24, "ME": 22, "MK": 19, "MN": 20, "MR": 27, "MT": 31, "MU": 30, "NI": 28, "NL": 18,
	"NO": 15, "OM": 23, "PK": 24, "PL": 28, "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22, "RU": 33,
	"SA": 24, "SC": 31, "SD": 18, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "SO": 23, "ST": 25, "SV": 28,
	"TL": 23, "TN": 24, "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20, "YE": 30,
}

// sepaCountries are the countries of the SEPA direct debit scheme (the EU,
// the EEA, Switzerland, the United Kingdom and the microstates, with the
// territories that carry their own IBAN prefix).
var sepaCountries = map[string]bool{
	"AT": true, "BE": true, "BG": true, "CY": true, "CZ": true, "DE": true, "DK": true, "EE": true, "ES": true,
	"FI": true, "FR": true, "GR": true, "HR": true, "HU": true, "IE": true, "IT": true, "LT": true, "LU": true,
	"LV": true, "MT": true, "NL": true, "PL": true, "PT": true, "RO": true, "SE": true, "SI": true, "SK": true,
	"IS": true, "LI": true, "NO": true, "CH": true, "GB": true, "MC": true, "SM": true, "VA": true, "AD": true,
	"GI": true, "AL": true, "MD": true, "ME": true, "MK": true,
}

// IBAN is a checked IBAN in its electronic form (upper case, no spaces).
type IBAN string

// Country is the account's country (the IBAN's first two letters).
func (i IBAN) Country() string { return string(i[:2]) }

// Masked shows the country, the check digits and the last four characters
// only ("NL91 **** 4300"), for showing an account back without repeating it.
func (i IBAN) Masked() string {
	s := string(i)
	return s[:4] + " **** " + s[len(s)-4:]
}

// ParseIBAN reads an IBAN as a member types it (spaces and lower case are
// fine) and checks its characters, its country's length and its mod-97
// check digits. It does not check that the account is in the SEPA area;
// see CheckSEPA.
func ParseIBAN(s string) (IBAN, error) {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == ' ' || r == '\t' || r == '-' || r == '\u00a0':
		case r >= 'a' && r <= 'z':
			b.WriteRune(r - 'a' + 'A')
		case (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9'):
			b.WriteRune(r)
		default:
			return "", ErrIBANChars
		}
		if b.Len() > 34 {
			return "", ErrIBANLength
		}
	}
	v := b.String()
	if len(v) < 4 || v[0] < 'A' || v[0] > 'Z' || v[1] < 'A' || v[1] > 'Z' {
		return "", ErrIBANCountry
	}
	if v[2] < '0' || v[2] > '9' || v[3] < '0' || v[3] > '9' {
		return "", ErrIBANChecksum
	}
	n, ok := ibanLengths[v[:2]]
	if !ok {
		return "", ErrIBANCountry
	}
	if len(v) != n {
		return "", ErrIBANLength
	}
	if mod97(v[4:]+v[:4]) != 1 {
		return "", ErrIBANChecksum
	}
	return IBAN(v), nil
}

// CheckSEPA refuses an account outside the SEPA area, which a SEPA direct
// debit cannot reach.
func CheckSEPA(i IBAN) error {
	if !sepaCountries[i.Country()] {
		return ErrNotSEPA
	}
	return nil
}

// mod97 is the remainder of s read as a number, letters standing for 10
// (A) to 35 (Z), computed piecewise (ISO 7064 MOD 97-10).
func mod97(s string) int {
	r := 0
	for _, c := range s {
		if c >= 'A' && c <= 'Z' {
			r = (r*100 + int(c-'A') + 10) % 97
		} else {
			r = (r*10 + int(c-'0')) % 97
		}
	}
	return r
}
