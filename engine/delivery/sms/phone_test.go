package sms_test

import (
	"errors"
	"testing"

	"rendezvous/engine/delivery/sms"
)

func TestParsePhone(t *testing.T) {
	t.Parallel()
	valid := []struct{ in, country, want, masked string }{
		{"06 1234 5678", "NL", "+31612345678", "+316*****678"},
		{"+31 6 12345678", "NL", "+31612345678", "+316*****678"},
		{"0031612345678", "nl", "+31612345678", "+316*****678"},
		{"0151 23456789", "DE", "+4915123456789", "+491*******789"},
		{"+49 170 1234567", "DE", "+491701234567", "+491******567"},
		{"(0470) 12.34.56", "BE", "+32470123456", "+324*****456"},
		{"06 12 34 56 78", "FR", "+33612345678", "+336*****678"},
		{"07400 123456", "GB", "+447400123456", "+447******456"},
		{"+44 7400 123456", "GB", "+447400123456", "+447******456"},
		{"512 345 678", "PL", "+48512345678", "+485*****678"},
		// Denmark, the US and Canada do not tell mobile numbers from fixed
		// lines: fixed-line-or-mobile numbers are taken.
		{"20 12 34 56", "DK", "+4520123456", "+452****456"},
		{"+45 32 12 34 56", "DK", "+4532123456", "+453****456"},
		{"(415) 555-2671", "us", "+14155552671", "+141*****671"},
		{"1-415-555-2671", "US", "+14155552671", "+141*****671"},
		{"(416) 555-0123", "CA", "+14165550123", "+141*****123"},
		{"+1 613 555 0123", "CA", "+16135550123", "+161*****123"},
	}
	for _, c := range valid {
		p, err := sms.ParsePhone(c.in, c.country)
		if err != nil {
			t.Errorf("ParsePhone(%q, %q): %v", c.in, c.country, err)
			continue
		}
		if p.E164 != c.want || p.Masked() != c.masked {
			t.Errorf("ParsePhone(%q, %q) = %+v masked %q, want %s masked %q", c.in, c.country, p, p.Masked(), c.want, c.masked)
		}
	}
	invalid := []struct{ name, in, country string }{
		{"NL landline", "020 123 4567", "NL"},
		{"NL too short", "06 1234567", "NL"},
		{"NL too long", "+31 6 123456789", "NL"},
		{"DE landline", "030 1234567", "DE"},
		{"GB landline", "+44 20 7946 0958", "GB"},
		{"GB 070 personal number", "070 1234 5678", "GB"},
		{"GB 070 personal number, international", "+44 70 1234 5678", "GB"},
		{"GB premium rate", "0909 876 5432", "GB"},
		{"a foreign mobile for NL", "+49 170 1234567", "NL"},
		{"a foreign mobile for DK", "+31 6 12345678", "DK"},
		{"a Russian mobile for NL", "+7 912 345 67 89", "NL"},
		{"a Jamaican number for the US", "+1 876 555 1234", "US"},
		{"a US number for Canada", "+1 415 555 2671", "CA"},
		{"a Canadian number for the US", "+1 416 555 0123", "US"},
		{"US toll free", "+1 800 555 0123", "US"},
		{"US premium rate", "+1 900 555 0123", "US"},
		{"a GB Isle of Man mobile for GB", "+44 7624 123456", "GB"},
		{"DK too short", "20 12 34 5", "DK"},
		{"national without country", "0612345678", ""},
		{"national of an unknown country", "0612345678", "XX"},
		{"letters", "06-CALL-ME", "NL"},
		{"plus inside", "06+12345678", "NL"},
		{"empty", "", "NL"},
		{"E.164 too long", "+1234567890123456", "NL"},
		{"zero calling code", "+0612345678", "NL"},
		{"US too short", "415 555 267", "US"},
		{"script", "<script>", "NL"},
	}
	for _, c := range invalid {
		if p, err := sms.ParsePhone(c.in, c.country); !errors.Is(err, sms.ErrPhone) {
			t.Errorf("%s: ParsePhone(%q, %q) = %+v, %v; want ErrPhone", c.name, c.in, c.country, p, err)
		}
	}
}
