package admin

import (
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/billing"
	"rendezvous/engine/billing/discounts"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/staff"
)

// Discount codes in the console: a brand's codes with how many members
// hold or used each, a new code, and deactivating one (the rules and the
// tables are billing/discounts'). Every change writes its audit row in the
// change's transaction.

func (h handlers) codes(w http.ResponseWriter, r *http.Request) {
	t := h.s.RouteTenant(w, r)
	if t == nil {
		return
	}
	list, err := discounts.List(r.Context(), h.s.Pool, t.ID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"codes": list, "paymentmethods": billing.Methods})
}

func (h handlers) codeCreate(w http.ResponseWriter, r *http.Request) {
	var in discounts.NewCode
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	t := h.s.RouteTenant(w, r)
	if t == nil {
		return
	}
	by := staff.CurrentStaff(r.Context())
	out, err := h.s.Act(r, t, "code.create", func(tx pgx.Tx) (before, after any, err error) {
		c, err := discounts.Create(r.Context(), tx, t.ID, in, billing.Methods, by.Email, time.Now())
		return nil, c, err
	})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusCreated, out)
}

func (h handlers) codeDeactivate(w http.ResponseWriter, r *http.Request) {
	t := h.s.RouteTenant(w, r)
	if t == nil {
		return
	}
	id, ok := staff.PathID(r, "code")
	if !ok {
		httpx.WriteError(w, r, discounts.ErrNotFound)
		return
	}
	out, err := h.s.Act(r, t, "code.deactivate", func(tx pgx.Tx) (before, after any, err error) {
		return discounts.Deactivate(r.Context(), tx, t.ID, id)
	})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, out)
}
