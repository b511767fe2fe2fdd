package mollie

import (
	"fmt"
	"net/http"

	"rendezvous/engine/billing"
)

// Opener answers billing's opener of Mollie: a tenant's provider uses the
// API key in the environment variable its billing section names
// (api_key_env), read through lookup, at baseURL (DefaultBaseURL when
// empty). A tenant whose variable is unset or empty gets an error that is
// billing.ErrProviderUnavailable, so its orders answer
// payments_unavailable while the other tenants sell on. The tenants share
// one HTTP client and its connections to Mollie.
func Opener(lookup func(string) (string, bool), baseURL string) billing.Opener {
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	return func(set billing.Settings) (billing.Provider, error) {
		key, ok := "", false
		if set.APIKeyEnv != "" {
			key, ok = lookup(set.APIKeyEnv)
		}
		if !ok || key == "" {
			return nil, fmt.Errorf("mollie: the API key variable %q named by api_key_env is not set: %w", set.APIKeyEnv, billing.ErrProviderUnavailable)
		}
		p, err := New(Config{APIKey: key, BaseURL: baseURL, HTTPClient: client})
		if err != nil {
			return nil, fmt.Errorf("%w: %w", billing.ErrProviderUnavailable, err)
		}
		return p, nil
	}
}
