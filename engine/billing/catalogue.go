package billing

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"rendezvous/engine/tenancy"
)

// PaymentMethod is a payment method the engine sells with: its name in
// tenant files and on the wire, and its proper name as invoices print it
// (the brand's own spelling: iDEAL, BLIK, Carte Bancaire).
type PaymentMethod struct {
	Name  string
	Title string
}

// PaymentMethods are the 24 payment methods the engine sells with ("prezelewy24"
// is the wire name, spelled so on purpose; Mollie's id is przelewy24). It is
// the one list: Methods, the API's PaymentMethod enum and the web app's list
// are held to it by tests.
var PaymentMethods = []PaymentMethod{
	{"sdd", "SEPA Direct Debit"}, {"prezelewy24", "Przelewy24"}, {"blik", "BLIK"}, {"sct", "SEPA Bank Transfer"},
	{"giropay", "giropay"}, {"mastercard", "Mastercard"}, {"visa", "Visa"}, {"creditcard", "Credit card"},
	{"dankort", "Dankort"}, {"mobilepay", "MobilePay"}, {"swish", "Swish"}, {"twint", "TWINT"},
	{"satispay", "Satispay"}, {"vipps", "Vipps"}, {"cartebancaire", "Carte Bancaire"}, {"nexi", "Nexi"},
	{"ideal", "iDEAL"}, {"bancontact", "Bancontact"}, {"applepay", "Apple Pay"}, {"paysafecard", "paysafecard"},
	{"maestro", "Maestro"}, {"paypal", "PayPal"}, {"sofort", "Sofort"}, {"eps", "eps"},
}

// Methods are the names of PaymentMethods, in its order.
var Methods = methodNames()

func methodNames() []string {
	out := make([]string, len(PaymentMethods))
	for i, m := range PaymentMethods {
		out[i] = m.Name
	}
	return out
}

// MethodTitle is a method's proper name; a name the list does not know
// (none is stored, but an invoice must print) is itself.
func MethodTitle(name string) string {
	for _, m := range PaymentMethods {
		if m.Name == name {
			return m.Title
		}
	}
	return name
}

// vatRates are the standard VAT rates of the companies' countries, in
// hundredths of a percent (2100 is 21%), as invoices print them: credits
// are an electronic service, taxed at the standard rate. A company in a
// country without an entry prints no VAT line, only that prices include it.
var vatRates = map[string]int{
	"NL": 2100, "BE": 2100, "LU": 1700, "DE": 1900, "AT": 2000, "FR": 2000, "IT": 2200, "ES": 2100,
	"PT": 2300, "IE": 2300, "PL": 2300, "SE": 2500, "DK": 2500, "FI": 2550, "NO": 2500, "CH": 810,
	"GB": 2000, "CZ": 2100, "GR": 2400, "HU": 2700, "RO": 1900, "SK": 2300, "SI": 2200, "HR": 2500,
	"BG": 2000, "EE": 2400, "LV": 2100, "LT": 2100, "CY": 1900, "MT": 1800,
}

// Providers known to tenant files.
const (
	ProviderSandbox = "sandbox"
	ProviderMollie  = "mollie"
)

// The badges a package may carry.
const (
	BadgePopular   = "popular"
	BadgeBestValue = "best value"
)

// Settings is a tenant's billing section (the billing key of the tenant
// file, kept in the tenant's settings document): the payment provider, the
// credit packages and the payment countries.
type Settings struct {
	// Provider is the payment provider's name; sandbox when left out.
	Provider string `json:"provider"`
	// APIKeyEnv names the environment variable holding the provider's API
	// key (mollie), so no secret sits in a tenant file.
	APIKeyEnv string `json:"api_key_env"`
	// Packages are listed in this order.
	Packages []Package `json:"packages"`
	// Countries maps a payment country to its currency and methods.
	Countries map[string]Country `json:"countries"`
	// Order is the payment countries in the order they are offered: the
	// tenant's own countries first, then the others alphabetically.
	Order []string `json:"-"`
	// DirectDebit bounds what a member may pay by direct debit (sdd) in a
	// period; zero fields take the defaults (DefaultDirectDebit).
	DirectDebit DirectDebitLimits `json:"direct_debit"`
	// VATZeroRated says the brand's sales carry no VAT (0%): its
	// invoices print a zero-rated VAT line instead of the rate of the
	// company's country.
	VATZeroRated bool `json:"vat_zero_rated"`
}

// DirectDebitLimits are a tenant's limits of direct debit per member: in
// any PeriodDays days, at most MaxOrders orders and MaxAmount (minor units
// of EUR, SEPA's currency) by direct debit; over them, 429 dd_limit.
// Failed, cancelled and expired orders do not count.
type DirectDebitLimits struct {
	PeriodDays int   `json:"period_days"`
	MaxOrders  int   `json:"max_orders"`
	MaxAmount  int64 `json:"max_amount"`
}

// DefaultDirectDebit are the limits of a tenant that sets none: 3 orders
// and EUR 150.00 per 30 days.
var DefaultDirectDebit = DirectDebitLimits{PeriodDays: 30, MaxOrders: 3, MaxAmount: 15000}

// withDefaults fills the limits left out.
func (l DirectDebitLimits) withDefaults() DirectDebitLimits {
	if l.PeriodDays == 0 {
		l.PeriodDays = DefaultDirectDebit.PeriodDays
	}
	if l.MaxOrders == 0 {
		l.MaxOrders = DefaultDirectDebit.MaxOrders
	}
	if l.MaxAmount == 0 {
		l.MaxAmount = DefaultDirectDebit.MaxAmount
	}
	return l
}

// Package is a credit package: credits for a price per currency.
type Package struct {
	ID      string `json:"id"`
	Credits int64  `json:"credits"`
	// Prices are in minor units (cents) per ISO 4217 currency.
	Prices map[string]int64 `json:"prices"`
	Badge  string           `json:"badge,omitempty"`
}

// Country is what a payment country pays in and with.
type Country struct {
	Currency string   `json:"currency"`
	Methods  []string `json:"methods"`
}

var (
	packageIDPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,39}$`)
	currencyPattern  = regexp.MustCompile(`^[A-Z]{3}$`)
	countryPattern   = regexp.MustCompile(`^[A-Z]{2}$`)
	envPattern       = regexp.MustCompile(`^[A-Z_][A-Z0-9_]*$`)
)

// errNoSection means a settings document without a billing section.
var errNoSection = errors.New("billing: no billing section")

// SettingsOf is the tenant's billing section, or the defaults (see
// DefaultSettings) when its file has none.
func SettingsOf(t *tenancy.Tenant) (Settings, error) {
	s, err := parseSection(t.RawSettings)
	if errors.Is(err, errNoSection) {
		return DefaultSettings(t.Countries), nil
	}
	if err != nil {
		return Settings{}, fmt.Errorf("billing section of tenant %s: %w", t.Slug, err)
	}
	s.order(t.Countries)
	return s, nil
}

// parseSection reads and validates the billing key of a settings document.
func parseSection(settings json.RawMessage) (Settings, error) {
	var doc map[string]json.RawMessage
	if len(settings) > 0 {
		if err := json.Unmarshal(settings, &doc); err != nil {
			return Settings{}, fmt.Errorf("settings are not a JSON object: %w", err)
		}
	}
	raw, ok := doc["billing"]
	if !ok || string(raw) == "null" {
		return Settings{}, errNoSection
	}
	var s Settings
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return Settings{}, fmt.Errorf("billing: %w", err)
	}
	if s.Provider == "" {
		s.Provider = ProviderSandbox
	}
	if err := s.validate(); err != nil {
		return Settings{}, err
	}
	return s, nil
}

// validate checks a billing section; the error names every bad field.
func (s *Settings) validate() error {
	var problems sectionProblems
	// add records a problem of field; the message is the field's name
	// followed by what is wrong with it.
	add := func(field, format string, args ...any) {
		problems = append(problems, tenancy.Problem{Field: field, Message: field + fmt.Sprintf(format, args...)})
	}
	switch s.Provider {
	case ProviderSandbox:
	case ProviderMollie:
		if !envPattern.MatchString(s.APIKeyEnv) {
			add("billing.api_key_env", " %q must name an environment variable (mollie needs its API key)", s.APIKeyEnv)
		}
	default:
		add("billing.provider", " %q must be %s or %s", s.Provider, ProviderSandbox, ProviderMollie)
	}
	if len(s.Packages) == 0 {
		add("billing.packages", ": at least one package is required")
	}
	seen := map[string]bool{}
	for i, p := range s.Packages {
		field := fmt.Sprintf("billing.packages[%d]", i)
		if !packageIDPattern.MatchString(p.ID) {
			add(field+".id", " %q must be lower-case letters, digits and dashes", p.ID)
		}
		if seen[p.ID] {
			add(field+".id", " %q is listed twice", p.ID)
		}
		seen[p.ID] = true
		if p.Credits <= 0 {
			add(field+".credits", " must be more than 0")
		}
		if len(p.Prices) == 0 {
			add(field+".prices", ": at least one price is required")
		}
		for _, cur := range slices.Sorted(maps.Keys(p.Prices)) {
			if !currencyPattern.MatchString(cur) {
				add(field+".prices."+cur, ": %q is not an ISO 4217 currency code", cur)
			}
			if p.Prices[cur] <= 0 {
				add(field+".prices."+cur, " must be more than 0 (minor units)")
			}
		}
		switch p.Badge {
		case "", BadgePopular, BadgeBestValue:
		default:
			add(field+".badge", " %q must be %q or %q", p.Badge, BadgePopular, BadgeBestValue)
		}
	}
	if len(s.Countries) == 0 {
		add("billing.countries", ": at least one payment country is required")
	}
	for _, code := range slices.Sorted(maps.Keys(s.Countries)) {
		c := s.Countries[code]
		field := "billing.countries." + code
		if !countryPattern.MatchString(code) {
			add(field, ": %q is not an ISO 3166 alpha-2 code", code)
		}
		if !currencyPattern.MatchString(c.Currency) {
			add(field+".currency", " %q is not an ISO 4217 currency code", c.Currency)
		}
		if len(c.Methods) == 0 {
			add(field+".methods", ": at least one payment method is required")
		}
		for i, m := range c.Methods {
			if !slices.Contains(Methods, m) {
				add(fmt.Sprintf("%s.methods[%d]", field, i), " %q is not a payment method", m)
			}
			if slices.Index(c.Methods, m) != i {
				add(fmt.Sprintf("%s.methods[%d]", field, i), " %q is listed twice", m)
			}
		}
		for i, p := range s.Packages {
			if _, ok := p.Prices[c.Currency]; !ok && currencyPattern.MatchString(c.Currency) {
				add(fmt.Sprintf("billing.packages[%d]", i), " (%s) has no price in %s, the currency of %s", p.ID, c.Currency, field)
			}
		}
	}
	dd := s.DirectDebit
	if dd.PeriodDays < 0 || dd.PeriodDays > 366 {
		add("billing.direct_debit.period_days", " must be 1 to 366 (0: the default, %d)", DefaultDirectDebit.PeriodDays)
	}
	if dd.MaxOrders < 0 {
		add("billing.direct_debit.max_orders", " must be more than 0 (0: the default, %d)", DefaultDirectDebit.MaxOrders)
	}
	if dd.MaxAmount < 0 {
		add("billing.direct_debit.max_amount", " must be more than 0 minor units of EUR (0: the default, %d)", DefaultDirectDebit.MaxAmount)
	}
	if len(problems) > 0 {
		return problems
	}
	return nil
}

// sectionProblems are the problems of a billing section, each with the
// field it names, so the console marks the field without reading the text.
type sectionProblems []tenancy.Problem

func (p sectionProblems) Error() string {
	msgs := make([]string, len(p))
	for i, pr := range p {
		msgs[i] = pr.Message
	}
	return strings.Join(msgs, "; ")
}

// order sets the order the payment countries are offered in.
func (s *Settings) order(tenantCountries []string) {
	s.Order = s.Order[:0]
	for _, c := range tenantCountries {
		if _, ok := s.Countries[c]; ok {
			s.Order = append(s.Order, c)
		}
	}
	for _, c := range slices.Sorted(maps.Keys(s.Countries)) {
		if !slices.Contains(s.Order, c) {
			s.Order = append(s.Order, c)
		}
	}
}

// Package finds a package by id.
func (s *Settings) Package(id string) (Package, bool) {
	for _, p := range s.Packages {
		if p.ID == id {
			return p, true
		}
	}
	return Package{}, false
}

// defaultCountries are the currency and methods of a payment country in
// the defaults: the country's local methods first, then cards and PayPal,
// which every country gets.
var defaultCountries = map[string]Country{
	"NL": {"EUR", []string{"ideal", "creditcard", "paypal", "applepay", "sct", "sdd"}},
	"BE": {"EUR", []string{"bancontact", "ideal", "creditcard", "paypal", "applepay", "sct"}},
	"LU": {"EUR", []string{"bancontact", "creditcard", "paypal", "sct"}},
	"DE": {"EUR", []string{"sofort", "giropay", "creditcard", "paypal", "sdd", "sct", "paysafecard"}},
	"AT": {"EUR", []string{"eps", "sofort", "creditcard", "paypal", "sct", "paysafecard"}},
	"CH": {"CHF", []string{"twint", "creditcard", "paypal"}},
	"PL": {"PLN", []string{"blik", "prezelewy24", "creditcard", "paypal"}},
	"SE": {"SEK", []string{"swish", "creditcard", "paypal"}},
	"NO": {"NOK", []string{"vipps", "creditcard", "paypal"}},
	"DK": {"DKK", []string{"mobilepay", "dankort", "creditcard", "paypal"}},
	"FI": {"EUR", []string{"mobilepay", "creditcard", "paypal"}},
	"FR": {"EUR", []string{"cartebancaire", "creditcard", "paypal", "applepay"}},
	"IT": {"EUR", []string{"satispay", "nexi", "creditcard", "paypal"}},
	"US": {"USD", []string{"creditcard", "paypal", "applepay"}},
	"GB": {"GBP", []string{"creditcard", "paypal", "applepay"}},
}

// otherCountry is the default of a country defaultCountries does not list.
var otherCountry = Country{Currency: "EUR", Methods: []string{"creditcard", "paypal"}}

// defaultPrices are the three default packages' prices (starter, popular,
// best value) per currency, in minor units.
var defaultPrices = map[string][3]int64{
	"EUR": {1995, 3995, 7995},
	"USD": {1995, 3995, 7995},
	"CHF": {1995, 3995, 7995},
	"GBP": {1795, 3495, 6995},
	"PLN": {8900, 17900, 34900},
	"SEK": {21900, 43900, 87900},
	"NOK": {21900, 43900, 87900},
	"DKK": {14900, 29900, 59900},
}

// DefaultSettings serve a tenant whose file has no billing section: the
// sandbox provider; three packages (starter 100 credits, popular 250, best
// value 600) priced 19.95, 39.95 and 79.95 in EUR, USD or CHF and the like
// in other currencies; and the tenant's countries as payment countries,
// each with its usual currency and local methods plus cards and PayPal
// (EUR with cards and PayPal for a country without its own entry).
func DefaultSettings(tenantCountries []string) Settings {
	s := Settings{Provider: ProviderSandbox, Countries: map[string]Country{}}
	ids := [3]string{"starter", "popular", "value"}
	credits := [3]int64{100, 250, 600}
	badges := [3]string{"", BadgePopular, BadgeBestValue}
	for i := range ids {
		s.Packages = append(s.Packages, Package{ID: ids[i], Credits: credits[i], Badge: badges[i], Prices: map[string]int64{}})
	}
	for _, code := range tenantCountries {
		c, ok := defaultCountries[code]
		if !ok {
			c = otherCountry
		}
		s.Countries[code] = Country{Currency: c.Currency, Methods: slices.Clone(c.Methods)}
		prices := defaultPrices[c.Currency]
		for i := range s.Packages {
			s.Packages[i].Prices[c.Currency] = prices[i]
		}
	}
	s.order(tenantCountries)
	return s
}
