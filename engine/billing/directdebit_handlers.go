package billing

import (
	"net/http"
	"strings"

	"rendezvous/engine/identity"
	"rendezvous/engine/limits"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/tenancy"
)

// directDebitBody is either step of POST directdebit.php: with a code,
// the confirmation; without, the start.
type directDebitBody struct {
	DirectDebitStart
	Code *string `json:"code"`
}

// DirectDebit answers POST /api/directdebit.php: {package_id, country?,
// iban, holder, phone} texts a code (202 with the account and phone
// masked); {code} places the order as a direct debit (201 with the order's
// payment id and its result page, like orders.php).
func (h Handlers) DirectDebit(w http.ResponseWriter, r *http.Request) {
	var req directDebitBody
	if err := httpx.DecodeJSON(w, r, &req); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	t := tenancy.FromContext(r.Context())
	member := identity.Current(r.Context())
	if req.Code != nil {
		c, err := h.Service.ConfirmDirectDebit(r.Context(), t, member.ID, h.Links.Base(r, t), h.Locator.Country(r),
			t.Settings.DomainLanguage, *req.Code)
		if err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		httpx.WriteJSON(w, http.StatusCreated, c)
		return
	}
	lang := member.Language
	if lang == "" {
		lang, _, _ = strings.Cut(t.Settings.DomainLanguage, "_")
	}
	client, _ := limits.ByClient(r)
	sent, err := h.Service.StartDirectDebit(r.Context(), t, member.ID, client, h.Locator.Country(r), lang, req.DirectDebitStart)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusAccepted, sent)
}
