package sms_test

import (
	"errors"
	"testing"

	"rendezvous/engine/notify/sms"
)

func TestParsePhone(t *testing.T) {
	t.Parallel()
	valid := []struct{ in, country, want, from, masked string }{
		{"06 1234 5678", "NL", "+31612345678", "NL", "+316*****678"},
		{"+31 6 12345678", "DE", "+31612345678", "NL", "+316*****678"},
		{"0031612345678", "", "+31612345678", "NL", "+316*****678"},
		{"0151 23456789", "DE", "+4915123456789", "DE", "+491*******789"},
		{"+49 170 1234567", "NL", "+491701234567", "DE", "+491******567"},
		{"(0470) 12.34.56", "BE", "+32470123456", "BE", "+324*****456"},
		{"06 12 34 56 78", "FR", "+33612345678", "FR", "+336*****678"},
		{"07700 900123", "GB", "+447700900123", "GB", "+447******123"},
		{"512 345 678", "PL", "+48512345678", "PL", "+485*****678"},
		{"20 12 34 56", "DK", "+4520123456", "DK", "+452****456"},
		{"(415) 555-2671", "us", "+14155552671", "US", "+141*****671"},
		{"1-415-555-2671", "US", "+14155552671", "US", "+141*****671"},
		{"+7 912 345 67 89", "NL", "+79123456789", "", "+791*****789"},
	}
	for _, c := range valid {
		p, err := sms.ParsePhone(c.in, c.country)
		if err != nil {
			t.Errorf("ParsePhone(%q, %q): %v", c.in, c.country, err)
			continue
		}
		if p.E164 != c.want || p.Country != c.from || p.Masked() != c.masked {
			t.Errorf("ParsePhone(%q, %q) = %+v masked %q, want %s from %q masked %q", c.in, c.country, p, p.Masked(), c.want, c.from, c.masked)
		}
	}
	invalid := []struct{ name, in, country string }{
		{"NL landline", "020 123 4567", "NL"},
		{"NL too short", "06 1234567", "NL"},
		{"NL too long", "+31 6 123456789", "NL"},
		{"DE landline", "030 1234567", "DE"},
		{"GB landline", "+44 20 7946 0958", "NL"},
		{"national without country", "0612345678", ""},
		{"national of an unknown country", "0612345678", "XX"},
		{"letters", "06-CALL-ME", "NL"},
		{"plus inside", "06+12345678", "NL"},
		{"empty", "", "NL"},
		{"E.164 too short", "+1234567", "NL"},
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
