package billing

import (
	"encoding/json"
	"strings"
	"testing"

	"rendezvous/engine/tenancy"
	"rendezvous/tenants"
)

// TestDemoTenantFilesHaveValidBillingSections: the three demo tenants
// carry billing sections that pass the import's check, with the methods
// of their countries.
func TestDemoTenantFilesHaveValidBillingSections(t *testing.T) {
	t.Parallel()
	files, err := tenancy.ReadFiles(tenants.Demo())
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if problems := CheckTenantFile(f); len(problems) > 0 {
			t.Fatalf("%s: %+v", f.Slug, problems)
		}
	}
	want := map[string]map[string]string{
		"lustlokaal":  {"NL": "ideal", "BE": "bancontact"},
		"herzklopfen": {"DE": "giropay", "AT": "eps", "CH": "twint"},
		"sparkusa":    {"US": "creditcard"},
	}
	for _, f := range files {
		raw, _ := json.Marshal(map[string]any{"billing": f.Extra["billing"]})
		s, err := parseSection(raw)
		if err != nil {
			t.Fatalf("%s: %v", f.Slug, err)
		}
		for country, method := range want[f.Slug] {
			c, ok := s.Countries[country]
			if !ok || !contains(c.Methods, method) || !contains(c.Methods, "paypal") || !contains(c.Methods, "creditcard") {
				t.Errorf("%s %s: %+v", f.Slug, country, c)
			}
		}
	}
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// TestBillingSectionErrorsNameTheField: every rule of the section refuses
// with the field it concerns.
func TestBillingSectionErrorsNameTheField(t *testing.T) {
	t.Parallel()
	valid := `{"packages": [{"id": "p", "credits": 10, "prices": {"EUR": 100}}], "countries": {"NL": {"currency": "EUR", "methods": ["ideal"]}}}`
	cases := []struct{ name, section, want string }{
		{"unknown provider", `{"provider": "stripe", ` + valid[1:], `billing.provider "stripe"`},
		{"mollie without key", `{"provider": "mollie", ` + valid[1:], `billing.api_key_env`},
		{"unknown field", `{"pakages": [], ` + valid[1:], `unknown field "pakages"`},
		{"no packages", `{"packages": [], "countries": {"NL": {"currency": "EUR", "methods": ["ideal"]}}}`, `billing.packages: at least one`},
		{"bad package id", `{"packages": [{"id": "A b", "credits": 10, "prices": {"EUR": 100}}], "countries": {"NL": {"currency": "EUR", "methods": ["ideal"]}}}`, `billing.packages[0].id`},
		{"twice", `{"packages": [{"id": "p", "credits": 10, "prices": {"EUR": 100}}, {"id": "p", "credits": 10, "prices": {"EUR": 100}}], "countries": {"NL": {"currency": "EUR", "methods": ["ideal"]}}}`, `billing.packages[1].id "p" is listed twice`},
		{"no credits", `{"packages": [{"id": "p", "credits": 0, "prices": {"EUR": 100}}], "countries": {"NL": {"currency": "EUR", "methods": ["ideal"]}}}`, `billing.packages[0].credits`},
		{"free", `{"packages": [{"id": "p", "credits": 1, "prices": {"EUR": 0}}], "countries": {"NL": {"currency": "EUR", "methods": ["ideal"]}}}`, `billing.packages[0].prices.EUR`},
		{"bad badge", `{"packages": [{"id": "p", "credits": 1, "prices": {"EUR": 1}, "badge": "hot"}], "countries": {"NL": {"currency": "EUR", "methods": ["ideal"]}}}`, `billing.packages[0].badge "hot"`},
		{"unknown method", `{"packages": [{"id": "p", "credits": 1, "prices": {"EUR": 1}}], "countries": {"NL": {"currency": "EUR", "methods": ["ideal", "idael"]}}}`, `billing.countries.NL.methods[1] "idael"`},
		{"no methods", `{"packages": [{"id": "p", "credits": 1, "prices": {"EUR": 1}}], "countries": {"NL": {"currency": "EUR", "methods": []}}}`, `billing.countries.NL.methods`},
		{"bad country", `{"packages": [{"id": "p", "credits": 1, "prices": {"EUR": 1}}], "countries": {"nl": {"currency": "EUR", "methods": ["ideal"]}}}`, `billing.countries.nl`},
		{"no price in currency", `{"packages": [{"id": "p", "credits": 1, "prices": {"EUR": 1}}], "countries": {"CH": {"currency": "CHF", "methods": ["twint"]}}}`, `billing.packages[0] (p) has no price in CHF`},
		{"no countries", `{"packages": [{"id": "p", "credits": 1, "prices": {"EUR": 1}}]}`, `billing.countries: at least one`},
		{"direct debit period", `{"direct_debit": {"period_days": -1}, ` + valid[1:], `billing.direct_debit.period_days`},
		{"direct debit orders", `{"direct_debit": {"max_orders": -2}, ` + valid[1:], `billing.direct_debit.max_orders`},
		{"direct debit amount", `{"direct_debit": {"max_amount": -5}, ` + valid[1:], `billing.direct_debit.max_amount`},
		{"direct debit unknown", `{"direct_debit": {"max_count": 5}, ` + valid[1:], `unknown field "max_count"`},
		{"zero-rated not a yes or no", `{"vat_zero_rated": "yes", ` + valid[1:], `vat_zero_rated`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var section any
			if err := json.Unmarshal([]byte(c.section), &section); err != nil {
				t.Fatal(err)
			}
			var said []string
			for _, p := range CheckTenantFile(tenancy.File{Slug: "brand", Extra: map[string]any{"billing": section}}) {
				said = append(said, p.Message)
			}
			if !strings.Contains(strings.Join(said, "; "), c.want) {
				t.Fatalf("problems %q, want one to name %s", said, c.want)
			}
		})
	}
	var ok any
	_ = json.Unmarshal([]byte(valid), &ok)
	for _, f := range []tenancy.File{{Slug: "brand", Extra: map[string]any{"billing": ok}}, {Slug: "plain"}} {
		if problems := CheckTenantFile(f); len(problems) > 0 {
			t.Fatalf("a valid section and a file without one: %+v", problems)
		}
	}
}

// TestDefaultSettings: a tenant without a section sells three packages
// through the sandbox in its countries' currencies and methods, and the
// defaults pass the section's own rules.
func TestDefaultSettings(t *testing.T) {
	t.Parallel()
	s, err := SettingsOf(&tenancy.Tenant{Slug: "x", Countries: []string{"SE", "CH", "PL", "XK"}, RawSettings: json.RawMessage(`{"gifts": []}`)})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.validate(); err != nil {
		t.Fatal(err)
	}
	if s.Provider != ProviderSandbox || len(s.Packages) != 3 || s.Packages[1].Badge != BadgePopular || s.Packages[2].Badge != BadgeBestValue {
		t.Fatalf("%+v", s)
	}
	if strings.Join(s.Order, ",") != "SE,CH,PL,XK" {
		t.Fatalf("order %v", s.Order)
	}
	for country, want := range map[string]string{"SE": "SEK swish", "CH": "CHF twint", "PL": "PLN blik", "XK": "EUR creditcard"} {
		c := s.Countries[country]
		if c.Currency+" "+c.Methods[0] != want || !contains(c.Methods, "paypal") {
			t.Errorf("%s: %+v, want %s", country, c, want)
		}
	}
	if s.Packages[0].Prices["CHF"] != 1995 || s.Packages[2].Prices["SEK"] != 87900 {
		t.Fatalf("prices %+v", s.Packages)
	}
}

// Each problem of a brand file's billing section names its field as the
// check found it, not as read back from the message: a value holding "; "
// stays one problem of one field.
func TestCheckTenantFileNamesEachField(t *testing.T) {
	t.Parallel()
	f := tenancy.File{Slug: "x", Extra: map[string]any{"billing": map[string]any{
		"packages":  []any{map[string]any{"id": "a; b", "credits": 0, "prices": map[string]any{"EUR": 500}}},
		"countries": map[string]any{"NL": map[string]any{"currency": "EUR", "methods": []any{"ideal", "cash"}}},
	}}}
	got := map[string]string{}
	for _, p := range CheckTenantFile(f) {
		got[p.Field] = p.Message
	}
	want := []string{"billing.packages[0].id", "billing.packages[0].credits", "billing.countries.NL.methods[1]"}
	for _, field := range want {
		if !strings.HasPrefix(got[field], field+" ") {
			t.Errorf("no problem for %s: %v", field, got)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d problems, want %d: %v", len(got), len(want), got)
	}
	if p := CheckTenantFile(tenancy.File{Extra: map[string]any{"billing": "cheap"}}); len(p) != 1 || p[0].Field != "billing" {
		t.Errorf("a section that is no object: %+v", p)
	}
}
