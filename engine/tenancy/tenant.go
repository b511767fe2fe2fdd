package tenancy

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"
)

// ErrNotFound means no tenant answers on the host.
var ErrNotFound = errors.New("tenancy: no tenant for this host")

// Tenant is one branded site with everything a request needs to serve it.
type Tenant struct {
	ID   int64
	Slug string
	Name string
	// Position orders the tenants in lists.
	Position      int
	Theme         string
	Niche         int
	Locales       []string
	DefaultLocale string
	Countries     []string
	// CountryNames names Countries in each of Locales (geo.CountryNames),
	// for the settings answer.
	CountryNames map[string]map[string]string
	TimeZone     string
	// Location is TimeZone loaded; daily limits count days in it.
	Location    *time.Location
	ProfilePool string
	PrimaryHost string
	Hosts       []string
	Settings    Settings
	// RawSettings is the whole stored settings document, including the
	// sections other areas own (packages, payment methods, gifts).
	RawSettings json.RawMessage
	// Look is the brand's own look over its theme (look.colors).
	Look    Look
	Company Company
	// VAPIDPublicKey and VAPIDPrivateKey sign this tenant's web pushes.
	VAPIDPublicKey  string
	VAPIDPrivateKey string
}

// HasLocale reports whether the tenant offers locale.
func (t *Tenant) HasLocale(locale string) bool {
	for _, l := range t.Locales {
		if l == locale {
			return true
		}
	}
	return false
}

// HasCountry reports whether the tenant targets country (ISO alpha-2).
func (t *Tenant) HasCountry(country string) bool {
	for _, c := range t.Countries {
		if c == country {
			return true
		}
	}
	return false
}

// Company is the legal operator of one or more tenants.
type Company struct {
	ID             int64     `json:"id"`
	Slug           string    `json:"-" yaml:"slug"`
	Name           string    `json:"name" yaml:"name"`
	Address        string    `json:"address" yaml:"address"`
	KVK            string    `json:"kvk" yaml:"kvk"`
	City           string    `json:"city" yaml:"city"`
	Country        string    `json:"country" yaml:"country"`
	Tradenames     []string  `json:"tradenames" yaml:"tradenames"`
	VATNumbers     []string  `json:"vat_numbers" yaml:"vat_numbers"`
	SupportPhone   string    `json:"support_phone" yaml:"support_phone"`
	DeleteDiscount int       `json:"delete_discount" yaml:"delete_discount"`
	Added          time.Time `json:"added" yaml:"added"`
}

// MessageCost is the least a message costs in a country, shown to members
// before they buy.
type MessageCost struct {
	Costs    float64 `json:"costs" yaml:"costs"`
	Currency string  `json:"currency" yaml:"currency"`
}

// Settings are the operator-editable site settings that are stored per
// tenant (tenants/README.md describes each). Fields that follow from the
// tenant or the request (name, countries, niche, domain, geoip...) are added
// by SettingsFor.
type Settings struct {
	IndexTitle           string                 `json:"index_title" yaml:"index_title"`
	Description          string                 `json:"description" yaml:"description"`
	VisibleProfileFields []string               `json:"visible_profile_fields" yaml:"visible_profile_fields"`
	VisibleProfileNotes  bool                   `json:"visible_profile_notes" yaml:"visible_profile_notes"`
	CDNPrefix            string                 `json:"cdn_prefix" yaml:"cdn_prefix"`
	MessageCredits       int                    `json:"message_credits" yaml:"message_credits"`
	PhotoCredits         int                    `json:"photo_credits" yaml:"photo_credits"`
	GiftCredits          int                    `json:"gift_credits" yaml:"gift_credits"`
	SignupCredits        int                    `json:"signup_credits" yaml:"signup_credits"`
	MessageLength        int                    `json:"message_length" yaml:"message_length"`
	MinimumMessageCosts  map[string]MessageCost `json:"minimum_message_costs" yaml:"minimum_message_costs"`
	SupportEmail         string                 `json:"support_email" yaml:"support_email"`
	SupportPhone         string                 `json:"support_phone" yaml:"support_phone"`
	EnableSiteEntryPopup string                 `json:"enable_site_entry_popup" yaml:"enable_site_entry_popup"`
	SearchFields         []string               `json:"search_fields" yaml:"search_fields"`
	DomainLanguage       string                 `json:"domain_language" yaml:"domain_language"`
	FictionalWarning     string                 `json:"fictional_warning" yaml:"fictional_warning"`
	FictionalSingular    string                 `json:"fictional_singular" yaml:"fictional_singular"`
	FictionalPlural      string                 `json:"fictional_plural" yaml:"fictional_plural"`
	FictionalIcon        string                 `json:"fictional_icon" yaml:"fictional_icon"`
	// FictionalTexts are the fictional-profile markers per language
	// (FictionalIn); the three single strings above are the default
	// language's.
	FictionalTexts               map[string]FictionalText `json:"fictional_texts,omitempty" yaml:"fictional_texts"`
	RefundDays                   int                      `json:"refund_days" yaml:"refund_days"`
	Signups                      string                   `json:"signups" yaml:"signups"`
	LoggedOutSearch              bool                     `json:"logged_out_search" yaml:"logged_out_search"`
	LoggedOutSearchTrafficsource bool                     `json:"logged_out_search_trafficsource" yaml:"logged_out_search_trafficsource"`
	MemberResell                 bool                     `json:"member_resell" yaml:"member_resell"`
	MailName                     string                   `json:"mail_name" yaml:"mail_name"`
	// MinAge is the youngest age allowed to sign up.
	MinAge int `json:"min_age" yaml:"min_age"`
	// ChatHistory is how many recent messages of a conversation stay visible.
	ChatHistory int `json:"chat_history" yaml:"chat_history"`
	// PhotoModeration holds new photos pending until an operator approves them.
	PhotoModeration bool `json:"photo_moderation" yaml:"photo_moderation"`
	// IndexLanders lets search engines index the landers (their pages say
	// index and the sitemap lists them); off, only the home page, the info
	// pages and the member search (with logged_out_search) are indexed.
	IndexLanders bool `json:"index_landers" yaml:"index_landers"`
	// WelcomeDiscountHours is how long a new member's personal welcome
	// code (25% off, time-limited) stays valid after their signup; 0 or
	// absent means DefaultWelcomeDiscountHours.
	WelcomeDiscountHours int `json:"welcome_discount_hours" yaml:"welcome_discount_hours"`
	// EURules makes the brand follow the European consent rules
	// (Tenant.EURules); absent, the company's country decides.
	EURules *bool `json:"eu_rules,omitempty" yaml:"eu_rules"`
	// TermsVersion and PrivacyVersion name the versions of the terms and
	// the privacy statement members accept; a change asks every member to
	// accept the new one. Empty means the terms' date.
	TermsVersion   string `json:"terms_version,omitempty" yaml:"terms_version"`
	PrivacyVersion string `json:"privacy_version,omitempty" yaml:"privacy_version"`
}

// Resolver finds the tenant of a host.
type Resolver interface {
	ByHost(ctx context.Context, host string) (*Tenant, error)
}

// TradeName is the name the company trades under on the brand named brand:
// the brand's own name when it is one of the company's trade names, else
// the company's first trade name; "" for a company without trade names.
func (c Company) TradeName(brand string) string {
	for _, n := range c.Tradenames {
		if strings.EqualFold(strings.TrimSpace(n), strings.TrimSpace(brand)) {
			return n
		}
	}
	if len(c.Tradenames) > 0 {
		return c.Tradenames[0]
	}
	return ""
}

// Identity is the company as its trade-name statement names it ("LustLokaal
// is a trade name of <Identity>"): name, address, city, country and the
// registry number under its country's register's name ("Handelsregister
// HRB 204512 B" for a German company, "KvK 81234567" for a Dutch one), only
// the parts that are set, comma-separated.
func (c Company) Identity() string {
	return CompanyIdentity(c.Name, c.Address, c.City, c.Country, c.KVK)
}

// CompanyIdentity is Identity of a company's parts (invoices keep them as
// they were on the day).
func CompanyIdentity(name, address, city, country, kvk string) string {
	parts := make([]string, 0, 5)
	for _, p := range []string{name, address, city, country} {
		if p = strings.TrimSpace(p); p != "" {
			parts = append(parts, p)
		}
	}
	if kvk = strings.TrimSpace(kvk); kvk != "" {
		parts = append(parts, RegistryLabel(country)+" "+kvk)
	}
	return strings.Join(parts, ", ")
}
