package tenancy

import "strings"

// registryLabels are the names of the company registers by the company's
// country, as a company's papers cite its number there ("Handelsregister
// HRB 204512 B", "KvK 81234567"); web/src/layouts/parts/company.ts holds the
// same list.
var registryLabels = map[string]string{
	"AT": "Firmenbuch",
	"BE": "KBO",
	"CH": "Handelsregister",
	"CY": "HE",
	"CZ": "IČO",
	"DE": "Handelsregister",
	"DK": "CVR",
	"ES": "Registro Mercantil",
	"FI": "Y-tunnus",
	"FR": "RCS",
	"GB": "Company No.",
	"IE": "CRO",
	"IT": "Registro Imprese",
	"LU": "RCS",
	"MT": "Company Reg. No.",
	"NL": "KvK",
	"NO": "Org.nr.",
	"PL": "KRS",
	"PT": "NIPC",
	"SE": "Org.nr",
	"US": "Registration No.",
}

// RegistryLabel is the name of the company register of the country (ISO
// 3166 alpha-2, as the company section writes it); "Reg. no." where the
// list has none.
func RegistryLabel(country string) string {
	if l, ok := registryLabels[strings.ToUpper(strings.TrimSpace(country))]; ok {
		return l
	}
	return "Reg. no."
}
