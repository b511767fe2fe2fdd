// Package tenancy resolves the tenant (branded site) of each request from its
// Host and owns the tenants' settings, company info and locale negotiation.
package tenancy
