package discounts

import (
	"net/http"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/identity"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/tenancy"
)

// Handlers serve the member API's discount code call.
type Handlers struct {
	Pool *pgxpool.Pool
	// Now is the server's clock (time.Now when nil); codes are timed by it,
	// never by the browser's.
	Now func() time.Time
}

func (h Handlers) now() time.Time {
	if h.Now != nil {
		return h.Now()
	}
	return time.Now()
}

// Code answers GET /api/discountcode.php?code=<code>, or ?welcome=true for
// the member's personal welcome code: the code's conditions, 404
// code_not_found, 409 code_used.
func (h Handlers) Code(w http.ResponseWriter, r *http.Request) {
	t := tenancy.FromContext(r.Context())
	member := identity.Current(r.Context()).ID
	var v View
	var err error
	if r.URL.Query().Get("welcome") == "true" {
		v, err = Welcome(r.Context(), h.Pool, t.ID, member, h.now())
	} else {
		v, err = Lookup(r.Context(), h.Pool, t.ID, member, r.URL.Query().Get("code"), h.now())
	}
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, v)
}

// Retention answers GET /api/retention.php: the retention offer the
// deletion screen shows (the company's delete_discount), or offered false
// when there is none or the member has had it.
func (h Handlers) Retention(w http.ResponseWriter, r *http.Request) {
	t := tenancy.FromContext(r.Context())
	offer, err := Retention(r.Context(), h.Pool, t.ID, identity.Current(r.Context()).ID, t.Company.DeleteDiscount, h.now())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, offer)
}

// TakeRetention answers POST /api/retention.php: the member stays and gets
// their personal code (201, the code as discountcode.php shows it); 404
// retention_offer_none, 409 retention_offer_taken.
func (h Handlers) TakeRetention(w http.ResponseWriter, r *http.Request) {
	t := tenancy.FromContext(r.Context())
	v, err := TakeRetention(r.Context(), h.Pool, t.ID, identity.Current(r.Context()).ID, t.Company.DeleteDiscount, h.now())
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusCreated, v)
}
