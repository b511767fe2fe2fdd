package billing

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5/pgtype"

	"rendezvous/engine/billing/internal/db"
	"rendezvous/engine/platform/refusal"
)

// The operators' console reads a tenant's orders with every payment's
// state at its provider and their chargebacks; refunds go through Refund.

// OrderStates are the states an order can be in.
var OrderStates = []string{OrderPending, OrderCompleted, OrderFailed, OrderCancelled, OrderExpired, OrderRefunded}

var errOrderStateInvalid = refusal.New(refusal.Invalid, "order_state_invalid",
	"The state must be one of pending, completed, failed, cancelled, expired, refunded.")

// OrderPayment is one attempt to pay an order, in its provider's words.
type OrderPayment struct {
	ID                string    `json:"payment_id"`
	Provider          string    `json:"provider"`
	ProviderPaymentID string    `json:"provider_payment_id"`
	Method            string    `json:"paymentmethod"`
	Status            string    `json:"status"`
	CreatedAt         time.Time `json:"created_at"`
	UpdatedAt         time.Time `json:"updated_at"`
}

// ConsoleOrder is an order as operators see it.
type ConsoleOrder struct {
	ID          int64          `json:"id"`
	MemberID    int64          `json:"member_id"`
	PackageID   string         `json:"package_id"`
	Credits     int64          `json:"credits"`
	Amount      int64          `json:"amount"`
	Currency    string         `json:"currency"`
	Country     string         `json:"country"`
	Status      string         `json:"status"`
	CreatedAt   time.Time      `json:"created_at"`
	CompletedAt *time.Time     `json:"completed_at"`
	Payments    []OrderPayment `json:"payments"`
	// ListAmount and DiscountCode are the price before the discount and the
	// code, null for an order without one (Amount is what is paid).
	ListAmount         *int64  `json:"list_amount"`
	DiscountCode       *string `json:"discount_code"`
	DiscountPercentage *int32  `json:"discount_percentage"`
	// Chargeback is the payer's bank taking the payment back, null when
	// it did not.
	Chargeback *OrderChargeback `json:"chargeback"`
}

// OrderChargeback is a chargeback of an order's payment as operators see
// it: what the bank took back and why, the credits taken back and those the
// member had spent already (open, for the operators to settle).
type OrderChargeback struct {
	ProviderChargebackID string    `json:"provider_chargeback_id"`
	Reason               string    `json:"reason"`
	Amount               int64     `json:"amount"`
	Currency             string    `json:"currency"`
	CreditsTaken         int64     `json:"credits_taken"`
	CreditsOpen          int64     `json:"credits_open"`
	CreatedAt            time.Time `json:"created_at"`
}

// OrderFilter narrows a tenant's orders; zero fields do not.
type OrderFilter struct {
	Status   string
	MemberID int64
	OrderID  int64
}

// maxConsoleOrders bounds one page of the console's orders list.
const maxConsoleOrders = 200

// TenantOrders lists a tenant's orders, newest first, each with its
// payments; a state that does not exist is refused (order_state_invalid).
func (s *Service) TenantOrders(ctx context.Context, tenantID int64, f OrderFilter) ([]ConsoleOrder, error) {
	p := db.OrdersOfTenantParams{TenantID: tenantID, MaxRows: maxConsoleOrders}
	if f.Status != "" {
		if !slices.Contains(OrderStates, f.Status) {
			return nil, errOrderStateInvalid
		}
		p.Status = pgtype.Text{String: f.Status, Valid: true}
	}
	if f.MemberID != 0 {
		p.MemberID = pgtype.Int8{Int64: f.MemberID, Valid: true}
	}
	if f.OrderID != 0 {
		p.OrderID = pgtype.Int8{Int64: f.OrderID, Valid: true}
	}
	q := db.New(s.pool)
	rows, err := q.OrdersOfTenant(ctx, p)
	if err != nil {
		return nil, fmt.Errorf("orders of tenant %d: %w", tenantID, err)
	}
	out := make([]ConsoleOrder, len(rows))
	ids := make([]int64, len(rows))
	index := map[int64]int{}
	for i, r := range rows {
		o := ConsoleOrder{ID: r.ID, MemberID: r.MemberID, PackageID: r.PackageID, Credits: r.Credits, Amount: r.Amount,
			Currency: r.Currency, Country: r.Country, Status: r.Status, CreatedAt: r.CreatedAt, Payments: []OrderPayment{}}
		if r.CompletedAt.Valid {
			at := r.CompletedAt.Time
			o.CompletedAt = &at
		}
		if r.DiscountCode.Valid {
			o.ListAmount, o.DiscountCode, o.DiscountPercentage = &r.ListAmount.Int64, &r.DiscountCode.String, &r.DiscountPercentage.Int32
		}
		out[i], ids[i], index[r.ID] = o, r.ID, i
	}
	if len(ids) == 0 {
		return out, nil
	}
	pays, err := q.PaymentsOfOrders(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("payments of tenant %d's orders: %w", tenantID, err)
	}
	for _, py := range pays {
		o := &out[index[py.OrderID]]
		o.Payments = append(o.Payments, OrderPayment{ID: py.PublicID, Provider: py.Provider, ProviderPaymentID: py.ProviderPaymentID,
			Method: py.Method, Status: py.Status, CreatedAt: py.CreatedAt, UpdatedAt: py.UpdatedAt})
	}
	cbs, err := q.ChargebacksOfOrders(ctx, ids)
	if err != nil {
		return nil, fmt.Errorf("chargebacks of tenant %d's orders: %w", tenantID, err)
	}
	for _, c := range cbs {
		out[index[c.OrderID]].Chargeback = &OrderChargeback{ProviderChargebackID: c.ProviderChargebackID, Reason: c.Reason,
			Amount: c.Amount, Currency: c.Currency, CreditsTaken: c.CreditsTaken, CreditsOpen: c.CreditsOpen, CreatedAt: c.CreatedAt}
	}
	return out, nil
}

// TenantOrder is one order of the tenant (order_not_found when it is
// another tenant's or none).
func (s *Service) TenantOrder(ctx context.Context, tenantID, orderID int64) (ConsoleOrder, error) {
	list, err := s.TenantOrders(ctx, tenantID, OrderFilter{OrderID: orderID})
	if err != nil {
		return ConsoleOrder{}, err
	}
	if len(list) == 0 {
		return ConsoleOrder{}, errOrderNotFound
	}
	return list[0], nil
}

// ErrOrderNotFound is the refusal of an order that does not exist, or not
// for this tenant or member.
var ErrOrderNotFound = errOrderNotFound
