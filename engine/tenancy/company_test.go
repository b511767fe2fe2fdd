package tenancy_test

import (
	"maps"
	"os"
	"regexp"
	"testing"

	"rendezvous/engine/tenancy"
)

// The trade name is the brand's own when the company lists it, else the
// company's first; the identity names only what is set.
func TestCompanyTradeNameAndIdentity(t *testing.T) {
	t.Parallel()
	lokaal := tenancy.Company{Name: "Lokaal Media B.V.", Address: "Herengracht 420", City: "Amsterdam", Country: "NL",
		KVK: "81234567", Tradenames: []string{"LustLokaal", "Lokaal Dates"}}
	for _, c := range []struct {
		name    string
		company tenancy.Company
		brand   string
		want    string
	}{
		{"the brand is a trade name", lokaal, "Lokaal Dates", "Lokaal Dates"},
		{"case and spaces do not matter", lokaal, " lustlokaal ", "LustLokaal"},
		{"another brand takes the first", lokaal, "Flirt Fabriek", "LustLokaal"},
		{"no trade names", tenancy.Company{Name: "X B.V."}, "X", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			if got := c.company.TradeName(c.brand); got != c.want {
				t.Fatalf("TradeName(%q) = %q, want %q", c.brand, got, c.want)
			}
		})
	}
	if got, want := lokaal.Identity(), "Lokaal Media B.V., Herengracht 420, Amsterdam, NL, KvK 81234567"; got != want {
		t.Fatalf("identity %q, want %q", got, want)
	}
	spark := tenancy.Company{Name: "Spark Social LLC", City: "Austin", Country: "US"}
	if got, want := spark.Identity(), "Spark Social LLC, Austin, US"; got != want {
		t.Fatalf("identity without address and KvK %q, want %q", got, want)
	}
}

// The registry number is cited under the register of the company's
// country: a German company's is its Handelsregister number, not a Dutch
// KvK number.
func TestIdentityNamesTheCountrysRegister(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ country, want string }{
		{"DE", "Herz Digital GmbH, Berlin, DE, Handelsregister HRB 204512 B"},
		{"NL", "Herz Digital GmbH, Berlin, NL, KvK HRB 204512 B"},
		{"AT", "Herz Digital GmbH, Berlin, AT, Firmenbuch HRB 204512 B"},
		{"", "Herz Digital GmbH, Berlin, Reg. no. HRB 204512 B"},
	} {
		herz := tenancy.Company{Name: "Herz Digital GmbH", City: "Berlin", Country: c.country, KVK: "HRB 204512 B"}
		if got := herz.Identity(); got != c.want {
			t.Errorf("identity in %q: %q, want %q", c.country, got, c.want)
		}
	}
}

// The app's footer names the registers from its own list: it is the
// engine's.
func TestRegistryLabelsAreTheApps(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("../../web/src/layouts/parts/company.ts")
	if err != nil {
		t.Fatal(err)
	}
	app := map[string]string{}
	for _, m := range regexp.MustCompile(`(?m)^  ([A-Z]{2}): '([^']+)',$`).FindAllStringSubmatch(string(src), -1) {
		app[m[1]] = m[2]
	}
	if len(app) < 10 || !maps.Equal(app, tenancy.RegistryLabels()) {
		t.Fatalf("company.ts lists %v, the engine %v", app, tenancy.RegistryLabels())
	}
}
