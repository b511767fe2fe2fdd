package billing

import (
	"context"
	"net/http"
	"net/netip"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/go-chi/chi/v5"
	"github.com/jackc/pgx/v5"

	"rendezvous/engine/billing/discounts"
	"rendezvous/engine/billing/internal/db"
	"rendezvous/engine/credits"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/staff"
	"rendezvous/engine/tenancy"
)

// ConsoleHandlers are the operators' console's calls on money: a tenant's
// orders with their providers' states, refunds (Service.Refund), a
// member's ledger with credit corrections (credits.Correct), and the
// brand's discount codes (package discounts). Support staff never reach
// these calls (the policy gives them no money permission); the console's
// route table (package admin) guards each call, and every change writes
// its audit row (package staff) in the change's transaction.
type ConsoleHandlers struct {
	Staff   *staff.Service
	Service *Service
}

// correctCredits books a correction of a member's credits with its audit
// row (the balance before and after) in one transaction.
func (h ConsoleHandlers) correctCredits(ctx context.Context, t *tenancy.Tenant, memberID, delta int64, reason string, by *staff.Staff, ip netip.Addr) (credits.Corrected, error) {
	var out credits.Corrected
	err := pgx.BeginFunc(ctx, h.Service.pool, func(tx pgx.Tx) error {
		var err error
		if out, err = credits.Correct(ctx, tx, t.ID, memberID, delta, reason); err != nil {
			return err
		}
		return staff.Record(ctx, tx, staff.Entry{By: by, Tenant: t.Slug, Action: "credits.correct", IP: ip, Member: memberID,
			Before: map[string]any{"member_id": memberID, "balance": out.Before},
			After:  map[string]any{"member_id": memberID, "balance": out.After, "delta": delta, "reason": reason}})
	})
	return out, err
}

// memberMoney is a member's money as the console shows it.
type memberMoney struct {
	MemberID int64          `json:"member_id"`
	Balance  int64          `json:"balance"`
	Ledger   []credits.Row  `json:"ledger"`
	Orders   []ConsoleOrder `json:"orders"`
}

// maxLedgerRows bounds the ledger the console shows.
const maxLedgerRows = 200

// TenantOrders answers a tenant's orders, of one state with ?state=.
func (h ConsoleHandlers) TenantOrders(w http.ResponseWriter, r *http.Request) {
	t, err := h.Staff.TenantBySlug(r.Context(), chi.URLParam(r, "tenant"))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	orders, err := h.Service.TenantOrders(r.Context(), t.ID, OrderFilter{Status: r.URL.Query().Get("state")})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"orders": orders})
}

// Refund refunds an order at its provider.
func (h ConsoleHandlers) Refund(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Reason string `json:"reason"`
	}
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	t, err := h.Staff.TenantBySlug(r.Context(), chi.URLParam(r, "tenant"))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	id, ok := staff.PathID(r, "order")
	if !ok {
		httpx.WriteError(w, r, ErrOrderNotFound)
		return
	}
	before, err := h.Service.TenantOrder(r.Context(), t.ID, id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	by := staff.CurrentStaff(r.Context())
	res, err := h.Service.Refund(r.Context(), id, by.Email, in.Reason)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	// The refund is booked by billing in its own transaction (the provider
	// is asked in between); its audit row follows it.
	if err := staff.Record(r.Context(), h.Service.pool, staff.Entry{By: by, Tenant: t.Slug, Action: "order.refund", IP: httpx.ClientIP(r),
		Before: before, After: map[string]any{"refund": res, "reason": in.Reason}}); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, res)
}

// MemberMoney answers a member's balance, ledger and orders.
func (h ConsoleHandlers) MemberMoney(w http.ResponseWriter, r *http.Request) {
	t, err := h.Staff.TenantBySlug(r.Context(), chi.URLParam(r, "tenant"))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	id, ok := staff.PathID(r, "member")
	if !ok {
		httpx.WriteError(w, r, credits.ErrMemberNotFound)
		return
	}
	balance, err := credits.MemberOfTenant(r.Context(), h.Service.pool, t.ID, id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	ledger, err := credits.History(r.Context(), h.Service.pool, id, maxLedgerRows)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	orders, err := h.Service.TenantOrders(r.Context(), t.ID, OrderFilter{MemberID: id})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, memberMoney{MemberID: id, Balance: balance, Ledger: ledger, Orders: orders})
}

// CorrectCredits books a correction of a member's credits.
func (h ConsoleHandlers) CorrectCredits(w http.ResponseWriter, r *http.Request) {
	var in struct {
		Delta  int64  `json:"delta"`
		Reason string `json:"reason"`
	}
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	t, err := h.Staff.TenantBySlug(r.Context(), chi.URLParam(r, "tenant"))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	id, ok := staff.PathID(r, "member")
	if !ok {
		httpx.WriteError(w, r, credits.ErrMemberNotFound)
		return
	}
	out, err := h.correctCredits(r.Context(), t, id, in.Delta, in.Reason, staff.CurrentStaff(r.Context()), httpx.ClientIP(r))
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, out)
}

// Discount codes in the console: a brand's codes with how many members
// hold or used each, a new code, and deactivating one (the rules and the
// tables are billing/discounts').

// Codes answers a brand's discount codes and the payment methods a code
// may be limited to.
func (h ConsoleHandlers) Codes(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	list, err := discounts.List(r.Context(), h.Service.pool, t.ID)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"codes": list, "paymentmethods": Methods})
}

// CreateCode makes a discount code.
func (h ConsoleHandlers) CreateCode(w http.ResponseWriter, r *http.Request) {
	var in discounts.NewCode
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	by := staff.CurrentStaff(r.Context())
	out, err := h.Staff.Act(r, t, "code.create", func(tx pgx.Tx) (before, after any, err error) {
		c, err := discounts.Create(r.Context(), tx, t.ID, in, Methods, by.Email, time.Now())
		return nil, c, err
	})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusCreated, out)
}

// DeactivateCode ends a discount code.
func (h ConsoleHandlers) DeactivateCode(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	id, ok := staff.PathID(r, "code")
	if !ok {
		httpx.WriteError(w, r, discounts.ErrNotFound)
		return
	}
	out, err := h.Staff.Act(r, t, "code.deactivate", func(tx pgx.Tx) (before, after any, err error) {
		return discounts.Deactivate(r.Context(), tx, t.ID, id)
	})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, out)
}

// consoleInvoice is one of a member's invoices as the console lists it.
type consoleInvoice struct {
	Number   string    `json:"number"`
	OrderID  int64     `json:"order_id"`
	IssuedAt time.Time `json:"issued_at"`
	Amount   int64     `json:"amount"`
	Currency string    `json:"currency"`
	Credits  int64     `json:"credits"`
	Method   string    `json:"method"`
	Refunded bool      `json:"refunded"`
}

// MemberInvoices answers GET /tenants/{tenant}/members/{member}/invoices: the
// member's invoices on the brand, newest first.
func (h ConsoleHandlers) MemberInvoices(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	id, ok := staff.PathID(r, "member")
	if !ok {
		httpx.WriteError(w, r, credits.ErrMemberNotFound)
		return
	}
	if _, err := credits.MemberOfTenant(r.Context(), h.Service.pool, t.ID, id); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	list, err := MemberInvoices(r.Context(), h.Service.pool, t.ID, id)
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	out := make([]consoleInvoice, len(list))
	for i, inv := range list {
		out[i] = consoleInvoice{Number: inv.Number, OrderID: inv.OrderID, IssuedAt: inv.IssuedAt, Amount: inv.Amount.Minor,
			Currency: inv.Amount.Currency, Credits: inv.Credits, Method: inv.Method, Refunded: inv.Refunded}
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"invoices": out})
}

// ErrBlockReason refuses a direct debit block without a reason.
var ErrBlockReason = refusal.New(refusal.Invalid, "block_reason_invalid", "Give a reason of 1 to 500 characters.")

// DirectDebit answers POST /tenants/{tenant}/members/{member}/direct-debit
// {blocked, reason}: blocks the member from paying by direct debit (with a
// reason) or lifts the block, as the billing dd-block command does,
// audited with the state before and after.
func (h ConsoleHandlers) DirectDebit(w http.ResponseWriter, r *http.Request) {
	t := h.Staff.RouteTenant(w, r)
	if t == nil {
		return
	}
	var in struct {
		Blocked bool   `json:"blocked"`
		Reason  string `json:"reason"`
	}
	if err := httpx.DecodeJSON(w, r, &in); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	in.Reason = strings.TrimSpace(in.Reason)
	if in.Blocked && (in.Reason == "" || utf8.RuneCountInString(in.Reason) > 500) {
		httpx.WriteError(w, r, ErrBlockReason)
		return
	}
	id, ok := staff.PathID(r, "member")
	if !ok {
		httpx.WriteError(w, r, credits.ErrMemberNotFound)
		return
	}
	out, err := h.Staff.ActOn(r, t, "member.direct_debit", id, func(tx pgx.Tx) (any, any, error) {
		if _, err := credits.MemberOfTenant(r.Context(), tx, t.ID, id); err != nil {
			return nil, nil, err
		}
		was, err := db.New(tx).DirectDebitBlocked(r.Context(), db.DirectDebitBlockedParams{MemberID: id, TenantID: t.ID})
		if err != nil {
			return nil, nil, err
		}
		if _, err := BlockDirectDebit(r.Context(), tx, id, in.Blocked, in.Reason); err != nil {
			return nil, nil, err
		}
		return map[string]any{"member_id": id, "blocked": was},
			map[string]any{"member_id": id, "blocked": in.Blocked, "reason": in.Reason}, nil
	})
	if err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.WriteJSON(w, http.StatusOK, out)
}
