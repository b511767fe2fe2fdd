package mollie

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"rendezvous/engine/billing"
)

// amount is Mollie's amount object: the value is a string with exactly the
// currency's decimals ("10.00" EUR, "10" JPY); Mollie refuses numbers.
type amount struct {
	Currency string `json:"currency"`
	Value    string `json:"value"`
}

var currencyPattern = regexp.MustCompile(`^[A-Z]{3}$`)

// decimals answers how many decimals Mollie wants for a currency: none for
// the Japanese yen and the Icelandic króna, two for every other currency
// Mollie takes (docs.mollie.com, Multicurrency).
func decimals(currency string) int {
	switch currency {
	case "JPY", "ISK":
		return 0
	}
	return 2
}

// formatAmount writes m (minor units) as Mollie's amount object.
func formatAmount(m billing.Money) (amount, error) {
	if !currencyPattern.MatchString(m.Currency) {
		return amount{}, fmt.Errorf("mollie: currency %q is not an ISO 4217 code", m.Currency)
	}
	if m.Minor <= 0 {
		return amount{}, fmt.Errorf("mollie: amount %d %s is not positive", m.Minor, m.Currency)
	}
	d := decimals(m.Currency)
	if d == 0 {
		return amount{Currency: m.Currency, Value: strconv.FormatInt(m.Minor, 10)}, nil
	}
	unit := int64(1)
	for range d {
		unit *= 10
	}
	return amount{
		Currency: m.Currency,
		Value:    fmt.Sprintf("%d.%0*d", m.Minor/unit, d, m.Minor%unit),
	}, nil
}

// money reads Mollie's amount object back into minor units. Fewer decimals
// than the currency has are accepted ("10.5" is 1050 cents); more, a sign,
// or anything but digits are not.
func (a amount) money() (billing.Money, error) {
	if !currencyPattern.MatchString(a.Currency) {
		return billing.Money{}, fmt.Errorf("mollie: currency %q is not an ISO 4217 code", a.Currency)
	}
	whole, frac, _ := strings.Cut(a.Value, ".")
	d := decimals(a.Currency)
	if whole == "" || len(frac) > d || !digits(whole) || !digits(frac) || len(whole) > 15 {
		return billing.Money{}, fmt.Errorf("mollie: amount %q %s is not a %d-decimal amount", a.Value, a.Currency, d)
	}
	frac += strings.Repeat("0", d-len(frac))
	minor, err := strconv.ParseInt(whole+frac, 10, 64)
	if err != nil {
		return billing.Money{}, fmt.Errorf("mollie: amount %q %s: %w", a.Value, a.Currency, err)
	}
	return billing.Money{Minor: minor, Currency: a.Currency}, nil
}

func digits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
