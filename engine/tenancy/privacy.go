package tenancy

import (
	"strings"
	"time"
)

// euRulesCountries are the countries whose privacy law asks for consent
// before marketing mail and tracking cookies and lets a buyer of digital
// content withdraw for 14 days unless they waive it: the EU, the EEA (Iceland,
// Liechtenstein, Norway), the United Kingdom and Switzerland. A brand whose
// company is established in one of them follows these rules unless its
// settings say otherwise (eu_rules).
var euRulesCountries = map[string]bool{
	"AT": true, "BE": true, "BG": true, "HR": true, "CY": true, "CZ": true, "DK": true, "EE": true, "FI": true,
	"FR": true, "DE": true, "GR": true, "HU": true, "IE": true, "IT": true, "LV": true, "LT": true, "LU": true,
	"MT": true, "NL": true, "PL": true, "PT": true, "RO": true, "SK": true, "SI": true, "ES": true, "SE": true,
	"IS": true, "LI": true, "NO": true, "GB": true, "UK": true, "CH": true,
}

// termsEpoch is the earliest terms version date: the terms are dated this, or
// the company's added date when that is later.
var termsEpoch = time.Date(2023, 12, 1, 12, 0, 0, 0, time.UTC)

// TermsDate is the date of the terms the company agrees with members:
// 2023-12-01 12:00 UTC, or the company's added date if later.
func (c Company) TermsDate() time.Time {
	if c.Added.After(termsEpoch) {
		return c.Added.UTC()
	}
	return termsEpoch
}

// EURules reports whether the brand follows the European consent rules:
// marketing mail off for new members until they choose it, the cookie
// question before the affiliate cookie, and the waiver of the 14-day
// withdrawal right at checkout. The brand's eu_rules setting decides; without
// it, the company's country does.
func (t *Tenant) EURules() bool {
	if t.Settings.EURules != nil {
		return *t.Settings.EURules
	}
	return euRulesCountries[strings.ToUpper(strings.TrimSpace(t.Company.Country))]
}

// TermsVersion is the version of the terms a member accepts: the brand's
// terms_version, else the terms' date (YYYY-MM-DD). A change asks every
// logged-in member to accept the new one.
func (t *Tenant) TermsVersion() string {
	if v := strings.TrimSpace(t.Settings.TermsVersion); v != "" {
		return v
	}
	return t.Company.TermsDate().Format(time.DateOnly)
}

// PrivacyVersion is the version of the privacy statement a member accepts:
// the brand's privacy_version, else the terms' date like the terms.
func (t *Tenant) PrivacyVersion() string {
	if v := strings.TrimSpace(t.Settings.PrivacyVersion); v != "" {
		return v
	}
	return t.Company.TermsDate().Format(time.DateOnly)
}
