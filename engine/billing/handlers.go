package billing

import (
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/go-chi/chi/v5"

	"rendezvous/engine/identity"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/tenancy"
)

// Handlers serve the billing calls of the member API and the payment
// providers' webhooks.
type Handlers struct {
	Service *Service
	Locator tenancy.Locator
	Links   *tenancy.Links
}

var errIDInvalid = refusal.New(refusal.Invalid, "id_invalid", "id must be a positive whole number.")

// maxWebhookBody bounds a webhook's form: a payment id and little else.
const maxWebhookBody = 4 << 10

// Packages answers GET /api/packages.php[?country=XX], visitors too.
func (h Handlers) Packages(w http.ResponseWriter, r *http.Request) {
	o, err := h.Service.Offer(r.Context(), tenancy.FromContext(r.Context()), r.URL.Query().Get("country"), h.Locator.Country(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, o)
}

// Order answers POST /api/orders.php: a new order, or with order_id the
// retry of a failed one; 201 with where to pay.
func (h Handlers) Order(w http.ResponseWriter, r *http.Request) {
	var req OrderRequest
	if err := httpx.DecodeJSON(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if req.OrderID < 0 {
		httpx.WriteError(w, r, errOrderNotFound)
		return
	}
	t := tenancy.FromContext(r.Context())
	member := identity.Current(r.Context())
	locale := t.Settings.DomainLanguage
	c, err := h.Service.Order(r.Context(), t, member.ID, h.Links.Base(r, t), h.Locator.Country(r), locale, req)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusCreated, c)
}

// PayNowRequest names the waiting order to pay (POST paynow.php) and the
// click's key (client_id): the same key answers the same payment.
type PayNowRequest struct {
	OrderID  int64  `json:"order_id"`
	ClientID string `json:"client_id"`
}

// PayNow answers POST /api/paynow.php: a new payment for an order that
// still waits; 201 with where to pay.
func (h Handlers) PayNow(w http.ResponseWriter, r *http.Request) {
	var req PayNowRequest
	if err := httpx.DecodeJSON(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if req.OrderID <= 0 {
		httpx.WriteError(w, r, errOrderNotFound)
		return
	}
	t := tenancy.FromContext(r.Context())
	c, err := h.Service.PayNow(r.Context(), t, identity.Current(r.Context()).ID, h.Links.Base(r, t), t.Settings.DomainLanguage, req)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusCreated, c)
}

// Payment answers GET /api/orders.php?id=<payment_id>.
func (h Handlers) Payment(w http.ResponseWriter, r *http.Request) {
	id := r.URL.Query().Get("id")
	if id == "" || len(id) > 64 {
		httpx.WriteError(w, r, errOrderNotFound)
		return
	}
	st, err := h.Service.Payment(r.Context(), tenancy.FromContext(r.Context()), identity.Current(r.Context()).ID, id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, st)
}

// Transactions answers GET /api/transactions.php[?id=<order_id>]: the
// member's orders and credit ledger, or one order.
func (h Handlers) Transactions(w http.ResponseWriter, r *http.Request) {
	var order int64
	if r.URL.Query().Has("id") {
		id, ok := httpx.ID(r.URL.Query().Get("id"))
		if !ok {
			httpx.WriteError(w, r, errIDInvalid)
			return
		}
		order = id
	}
	member := identity.Current(r.Context()).ID
	list, err := h.Service.Transactions(r.Context(), tenancy.FromContext(r.Context()), member, order)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	if order != 0 {
		httpx.WriteJSON(w, http.StatusOK, map[string]any{"transaction": list[0]})
		return
	}
	ledger, err := h.Service.Ledger(r.Context(), member)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"transactions": list, "ledger": ledger})
}

// Webhook answers POST /hooks/payments/{provider} (form field id, the
// provider's payment id) with 200 whatever the id: the engine asks the
// provider, so a forged or replayed call changes nothing and learns
// nothing. A failure to reach the provider is left to reconciliation.
func (h Handlers) Webhook(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, maxWebhookBody)
	if err := r.ParseForm(); err == nil {
		if id := r.PostForm.Get("id"); id != "" && len(id) <= 128 && utf8.ValidString(id) && !strings.ContainsRune(id, 0) {
			if err := h.Service.Webhook(r.Context(), tenancy.FromContext(r.Context()), chi.URLParam(r, "provider"), id); err != nil {
				httpx.Logger(r.Context()).Warn("payment webhook", "provider", chi.URLParam(r, "provider"), "id", id, "err", err)
			}
		}
	}
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
}

// StoredCard answers GET /api/repeatorder.php: the member's card kept for
// repeat orders ({card: null} when there is none).
func (h Handlers) StoredCard(w http.ResponseWriter, r *http.Request) {
	c, err := h.Service.StoredCard(r.Context(), tenancy.FromContext(r.Context()), identity.Current(r.Context()).ID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"card": c})
}

// Repeat answers POST /api/repeatorder.php: a one-click order charged on
// the kept card, 201 with the payment's state (completed, failed with
// 'Credit card payment failed', or pending: poll orders.php?id=).
func (h Handlers) Repeat(w http.ResponseWriter, r *http.Request) {
	var req RepeatRequest
	if err := httpx.DecodeJSON(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	t := tenancy.FromContext(r.Context())
	st, err := h.Service.Repeat(r.Context(), t, identity.Current(r.Context()).ID, h.Links.Base(r, t), h.Locator.Country(r), t.Settings.DomainLanguage, req)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusCreated, st)
}

// RemoveCard answers DELETE /api/repeatorder.php?id=<card id>: the mandate
// is revoked at the provider and the card forgotten; 204.
func (h Handlers) RemoveCard(w http.ResponseWriter, r *http.Request) {
	id, ok := httpx.ID(r.URL.Query().Get("id"))
	if !ok {
		httpx.WriteError(w, r, errIDInvalid)
		return
	}
	if err := h.Service.RemoveCard(r.Context(), tenancy.FromContext(r.Context()), identity.Current(r.Context()).ID, id); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.WriteHeader(http.StatusNoContent)
}
