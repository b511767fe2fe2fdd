package server

import (
	"net/http"
	"os"

	"github.com/go-chi/chi/v5"

	"rendezvous/engine/billing"
	"rendezvous/engine/billing/mollie"
	"rendezvous/engine/billing/sandbox"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/jobs"
)

// paymentProviders are the payment providers tenants may name: Mollie,
// and the sandbox only when enabled (--payment-sandbox, --demo), as its
// checkout gives credits for nothing.
func paymentProviders(d Deps, e *Engine, inserter *jobs.Client) billing.Providers {
	lookupEnv := d.Config.LookupEnv
	if lookupEnv == nil {
		lookupEnv = os.LookupEnv
	}
	providers := billing.Providers{
		// Each tenant has its own Mollie website profile: the key is in the
		// environment variable its billing section names; a tenant without
		// it answers orders with payments_unavailable.
		billing.ProviderMollie: mollie.Opener(lookupEnv, d.Config.MollieBaseURL),
	}
	if d.Config.PaymentSandbox {
		e.Sandbox = sandbox.New(d.Pool, inserter, d.Log)
		providers[billing.ProviderSandbox] = func(billing.Settings) (billing.Provider, error) { return e.Sandbox, nil }
	}
	return providers
}

// paymentRoutes are the payment providers' webhooks and, when enabled, the
// sandbox provider's checkout page. Without the sandbox its pages are 404
// rather than the web app.
func paymentRoutes(r chi.Router, e *Engine) {
	b := billing.Handlers{Service: e.Billing, Locator: e.Locator, Links: e.Links}
	r.Post("/hooks/payments/{provider}", b.Webhook)
	if e.Sandbox == nil {
		r.HandleFunc(sandbox.CheckoutPath+"*", func(w http.ResponseWriter, r *http.Request) { httpx.WriteError(w, r, httpx.ErrNotFound) })
		return
	}
	r.Get(sandbox.CheckoutPath+"{id}", e.Sandbox.Checkout)
	r.Post(sandbox.CheckoutPath+"{id}", e.Sandbox.Decide)
}
