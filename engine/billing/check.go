package billing

import (
	"fmt"

	"rendezvous/engine/tenancy"
)

// CheckProviders opens each tenant's payment provider as an order would,
// without calling it, and answers why the tenants that cannot sell would
// answer their orders with payments_unavailable: a Mollie key variable that
// is not set, the sandbox not enabled, a billing section that cannot be
// read. serve logs them at start, so a missing key is seen before the first
// member tries to pay; the other tenants sell on.
func (s *Service) CheckProviders(tenants []*tenancy.Tenant) []error {
	var problems []error
	for _, t := range tenants {
		set, err := SettingsOf(t)
		if err != nil {
			problems = append(problems, fmt.Errorf("tenant %s: %w", t.Slug, err))
			continue
		}
		if _, err := s.provider(set.Provider, set); err != nil {
			problems = append(problems, fmt.Errorf("tenant %s cannot take payments: %w", t.Slug, err))
		}
	}
	return problems
}
