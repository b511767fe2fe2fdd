package sepa_test

import (
	"errors"
	"testing"

	"rendezvous/engine/billing/sepa"
)

func TestParseIBAN(t *testing.T) {
	t.Parallel()
	valid := []struct{ in, want, masked string }{
		{"DE89 3704 0044 0532 0130 00", "DE89370400440532013000", "DE89 **** 3000"},
		{"nl91abna0417164300", "NL91ABNA0417164300", "NL91 **** 4300"},
		{"PL61 1090 1014 0000 0712 1981 2874", "PL61109010140000071219812874", "PL61 **** 2874"},
		{"DK50 0040 0440 1162 43", "DK5000400440116243", "DK50 **** 6243"},
		{"GB29 NWBK 6016 1331 9268 19", "GB29NWBK60161331926819", "GB29 **** 6819"},
		{"FR14 2004 1010 0505 0001 3M02 606", "FR1420041010050500013M02606", "FR14 **** 2606"},
		{"BE68 5390 0754 7034", "BE68539007547034", "BE68 **** 7034"},
		{"AT61 1904 3002 3457 3201", "AT611904300234573201", "AT61 **** 3201"},
		{"ES91 2100 0418 4502 0005 1332", "ES9121000418450200051332", "ES91 **** 1332"},
		{"IT60 X054 2811 1010 0000 0123 456", "IT60X0542811101000000123456", "IT60 **** 3456"},
		{"CH93 0076 2011 6238 5295 7", "CH9300762011623852957", "CH93 **** 2957"},
		{"NO93 8601 1117 947", "NO9386011117947", "NO93 **** 7947"},
		{"SE45 5000 0000 0583 9825 7466", "SE4550000000058398257466", "SE45 **** 7466"},
		{"FI21 1234 5600 0007 85", "FI2112345600000785", "FI21 **** 0785"},
		{"de89-3704-0044-0532-0130-00", "DE89370400440532013000", "DE89 **** 3000"},
	}
	for _, c := range valid {
		got, err := sepa.ParseIBAN(c.in)
		if err != nil {
			t.Errorf("ParseIBAN(%q): %v", c.in, err)
			continue
		}
		if string(got) != c.want || got.Masked() != c.masked {
			t.Errorf("ParseIBAN(%q) = %q masked %q, want %q masked %q", c.in, got, got.Masked(), c.want, c.masked)
		}
		if err := sepa.CheckSEPA(got); err != nil {
			t.Errorf("CheckSEPA(%s): %v", got, err)
		}
	}
	invalid := []struct {
		name, in string
		want     error
	}{
		{"DE checksum", "DE88370400440532013000", sepa.ErrIBANChecksum},
		{"NL digit swapped", "NL91ABNA0417164030", sepa.ErrIBANChecksum},
		{"PL last digit", "PL61109010140000071219812875", sepa.ErrIBANChecksum},
		{"DK checksum", "DK5100400440116243", sepa.ErrIBANChecksum},
		{"GB bank code", "GB29NWBA60161331926819", sepa.ErrIBANChecksum},
		{"FR checksum", "FR1520041010050500013M02606", sepa.ErrIBANChecksum},
		{"DE too short", "DE8937040044053201300", sepa.ErrIBANLength},
		{"NL too long", "NL91ABNA04171643001", sepa.ErrIBANLength},
		{"PL too short", "PL6110901014000007121981287", sepa.ErrIBANLength},
		{"DK too long", "DK50004004401162430", sepa.ErrIBANLength},
		{"over 34", "DE89370400440532013000000000000000000", sepa.ErrIBANLength},
		{"unknown country", "XX89370400440532013000", sepa.ErrIBANCountry},
		{"digits first", "1289370400440532013000", sepa.ErrIBANCountry},
		{"empty", "", sepa.ErrIBANCountry},
		{"letters as check digits", "DEAB370400440532013000", sepa.ErrIBANChecksum},
		{"punctuation", "DE89.3704.0044.0532.0130.00", sepa.ErrIBANChars},
		{"umlaut", "DE89370400440532013ÄÖ", sepa.ErrIBANChars},
		{"sql", "DE89'; DROP TABLE orders;--", sepa.ErrIBANChars},
	}
	for _, c := range invalid {
		if got, err := sepa.ParseIBAN(c.in); !errors.Is(err, c.want) {
			t.Errorf("%s: ParseIBAN(%q) = %q, %v; want %v", c.name, c.in, got, err, c.want)
		}
	}
}

func TestCheckSEPA(t *testing.T) {
	t.Parallel()
	// A valid Brazilian IBAN: an IBAN, but no SEPA account.
	br, err := sepa.ParseIBAN("BR1800360305000010009795493C1")
	if err != nil {
		t.Fatal(err)
	}
	if err := sepa.CheckSEPA(br); !errors.Is(err, sepa.ErrNotSEPA) {
		t.Fatalf("CheckSEPA(%s) = %v, want ErrNotSEPA", br, err)
	}
}
