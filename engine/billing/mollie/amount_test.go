package mollie

import (
	"testing"

	"rendezvous/engine/billing"
)

func TestAmountRoundTrip(t *testing.T) {
	t.Parallel()
	cases := []struct {
		money billing.Money
		value string
	}{
		{billing.Money{Minor: 1, Currency: "EUR"}, "0.01"},
		{billing.Money{Minor: 1995, Currency: "EUR"}, "19.95"},
		{billing.Money{Minor: 100000, Currency: "CHF"}, "1000.00"},
		{billing.Money{Minor: 1500, Currency: "JPY"}, "1500"},
		{billing.Money{Minor: 990, Currency: "ISK"}, "990"},
		{billing.Money{Minor: 12345678901, Currency: "HUF"}, "123456789.01"},
	}
	for _, tc := range cases {
		t.Run(tc.value+tc.money.Currency, func(t *testing.T) {
			t.Parallel()
			a, err := formatAmount(tc.money)
			if err != nil || a.Value != tc.value || a.Currency != tc.money.Currency {
				t.Fatalf("formatAmount(%v) = %+v, %v; want %s", tc.money, a, err, tc.value)
			}
			back, err := a.money()
			if err != nil || back != tc.money {
				t.Errorf("money(%+v) = %v, %v; want %v", a, back, err, tc.money)
			}
		})
	}
}

func TestAmountReading(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in   amount
		want int64 // -1: refused
	}{
		{amount{"EUR", "10.5"}, 1050},
		{amount{"EUR", "10"}, 1000},
		{amount{"EUR", "0.00"}, 0},
		{amount{"EUR", "10.001"}, -1},
		{amount{"EUR", "-1.00"}, -1},
		{amount{"EUR", "1,00"}, -1},
		{amount{"EUR", "1e3"}, -1},
		{amount{"EUR", ".50"}, -1},
		{amount{"EUR", ""}, -1},
		{amount{"EUR", "99999999999999999999.00"}, -1},
		{amount{"JPY", "10.00"}, -1},
		{amount{"eur", "10.00"}, -1},
	}
	for _, tc := range cases {
		t.Run(tc.in.Currency+" "+tc.in.Value, func(t *testing.T) {
			t.Parallel()
			got, err := tc.in.money()
			if tc.want < 0 {
				if err == nil {
					t.Errorf("read %+v as %v, want a refusal", tc.in, got)
				}
				return
			}
			if err != nil || got.Minor != tc.want {
				t.Errorf("read %+v as %v, %v; want %d", tc.in, got, err, tc.want)
			}
		})
	}
}
