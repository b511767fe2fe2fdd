package admin

import (
	"context"
	"net/http"
	"net/netip"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5"

	"rendezvous/engine/billing"
	"rendezvous/engine/credits"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/staff"
	"rendezvous/engine/tenancy"
)

// Money in the console: a tenant's orders with their providers' states,
// refunds (billing.Service.Refund), and a member's ledger with credit
// corrections (credits.Correct). Support staff never reach these calls
// (the policy gives them no money permission).

// CorrectCredits books a correction of a member's credits with its audit
// row (the balance before and after) in one transaction.
func (s *deps) CorrectCredits(ctx context.Context, t *tenancy.Tenant, memberID, delta int64, reason string, by *staff.Staff, ip netip.Addr) (credits.Corrected, error) {
	var out credits.Corrected
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		var err error
		if out, err = credits.Correct(ctx, tx, t.ID, memberID, delta, reason); err != nil {
			return err
		}
		return staff.Record(ctx, tx, staff.Entry{By: by, Tenant: t.Slug, Action: "credits.correct", IP: ip,
			Before: map[string]any{"member_id": memberID, "balance": out.Before},
			After:  map[string]any{"member_id": memberID, "balance": out.After, "delta": delta, "reason": reason}})
	})
	return out, err
}

// memberMoney is a member's money as the console shows it.
type memberMoney struct {
	MemberID int64                  `json:"member_id"`
	Balance  int64                  `json:"balance"`
	Ledger   []credits.Row          `json:"ledger"`
	Orders   []billing.ConsoleOrder `json:"orders"`
}

// maxLedgerRows bounds the ledger the console shows.
const maxLedgerRows = 200

func (h handlers) tenantOrders(w http.ResponseWriter, r *http.Request) {
	t, err := h.s.TenantBySlug(r.Context(), chi.URLParam(r, "tenant"))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	orders, err := h.s.Billing.TenantOrders(r.Context(), t.ID, billing.OrderFilter{Status: r.URL.Query().Get("state")})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"orders": orders})
}

func (h handlers) orderRefund(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Reason string `json:"reason"`
	}
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	t, err := h.s.TenantBySlug(r.Context(), chi.URLParam(r, "tenant"))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	id, ok := staff.PathID(r, "order")
	if !ok {
		httpx.WriteError(w, r, billing.ErrOrderNotFound)
		return
	}
	before, err := h.s.Billing.TenantOrder(r.Context(), t.ID, id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	by := staff.CurrentStaff(r.Context())
	res, err := h.s.Billing.Refund(r.Context(), id, by.Email, in.Reason)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	// The refund is booked by billing in its own transaction (the provider
	// is asked in between); its audit row follows it.
	if err := staff.Record(r.Context(), h.s.Pool, staff.Entry{By: by, Tenant: t.Slug, Action: "order.refund", IP: httpx.ClientIP(r),
		Before: before, After: map[string]any{"refund": res, "reason": in.Reason}}); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, res)
}

func (h handlers) memberMoney(w http.ResponseWriter, r *http.Request) {
	t, err := h.s.TenantBySlug(r.Context(), chi.URLParam(r, "tenant"))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	id, ok := staff.PathID(r, "member")
	if !ok {
		httpx.WriteError(w, r, credits.ErrMemberNotFound)
		return
	}
	balance, err := credits.MemberOfTenant(r.Context(), h.s.Pool, t.ID, id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	ledger, err := credits.History(r.Context(), h.s.Pool, id, maxLedgerRows)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	orders, err := h.s.Billing.TenantOrders(r.Context(), t.ID, billing.OrderFilter{MemberID: id})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, memberMoney{MemberID: id, Balance: balance, Ledger: ledger, Orders: orders})
}

func (h handlers) creditCorrect(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Delta  int64  `json:"delta"`
		Reason string `json:"reason"`
	}
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	t, err := h.s.TenantBySlug(r.Context(), chi.URLParam(r, "tenant"))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	id, ok := staff.PathID(r, "member")
	if !ok {
		httpx.WriteError(w, r, credits.ErrMemberNotFound)
		return
	}
	out, err := h.s.CorrectCredits(r.Context(), t, id, in.Delta, in.Reason, staff.CurrentStaff(r.Context()), httpx.ClientIP(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, out)
}
