package billing

import (
	"context"
	"fmt"
	"net/http"
	"strconv"

	"rendezvous/engine/billing/internal/db"
	"rendezvous/engine/staff"
	"rendezvous/engine/tenancy"
)

// The operators' dashboards read a tenant's paid orders, first purchases
// and revenue per day (engine/admin shows them).

// PurchaseDay is one day of a tenant's paid orders; FirstPurchases of them
// were their member's first paid order.
type PurchaseDay struct {
	Day            string
	PaidOrders     int64
	FirstPurchases int64
}

// PurchasesPerDay answers every day of days, in order, with the tenant's
// paid orders and first purchases (an order counts on the day it was paid).
func PurchasesPerDay(ctx context.Context, conn db.DBTX, tenantID int64, days tenancy.Days) ([]PurchaseDay, error) {
	rows, err := db.New(conn).PurchasesPerDay(ctx, db.PurchasesPerDayParams{
		FirstDay: days.FirstDate(), LastDay: days.LastDate(), Zone: days.Zone,
		TenantID: tenantID, Since: days.Since(), Until: days.Until(),
	})
	if err != nil {
		return nil, fmt.Errorf("purchases per day of tenant %d: %w", tenantID, err)
	}
	out := make([]PurchaseDay, len(rows))
	for i, r := range rows {
		out[i] = PurchaseDay(r)
	}
	return out, nil
}

// ChargebacksWaiting counts the chargebacks of a tenant's orders whose
// member is still blocked from direct debit: the bank asked the money back
// and an operator has yet to settle the credits still open and decide on
// the block (members cannot ask for a refund themselves; refunds are the
// operators' own). Lifting the member's block takes it off the count.
func ChargebacksWaiting(ctx context.Context, conn db.DBTX, tenantID int64) (int64, error) {
	n, err := db.New(conn).ChargebacksWaiting(ctx, tenantID)
	if err != nil {
		return 0, fmt.Errorf("chargebacks waiting of tenant %d: %w", tenantID, err)
	}
	return n, nil
}

// CurrencyRevenue is a tenant's money in one currency per day of a span,
// in minor units: Revenue[i] was paid and Refunded[i] given back on the
// span's i-th day.
type CurrencyRevenue struct {
	Currency string
	Revenue  []int64
	Refunded []int64
}

// RevenuePerDay answers, per currency with money in the span (in
// alphabetical order), the tenant's revenue and refunds of every day.
func RevenuePerDay(ctx context.Context, conn db.DBTX, tenantID int64, days tenancy.Days) ([]CurrencyRevenue, error) {
	rows, err := db.New(conn).RevenuePerDay(ctx, db.RevenuePerDayParams{
		FirstDay: days.FirstDate(), LastDay: days.LastDate(), Zone: days.Zone,
		TenantID: tenantID, Since: days.Since(), Until: days.Until(),
	})
	if err != nil {
		return nil, fmt.Errorf("revenue per day of tenant %d: %w", tenantID, err)
	}
	out := []CurrencyRevenue{}
	for _, r := range rows {
		if len(out) == 0 || out[len(out)-1].Currency != r.Currency {
			out = append(out, CurrencyRevenue{Currency: r.Currency})
		}
		c := &out[len(out)-1]
		c.Revenue = append(c.Revenue, r.Revenue)
		c.Refunded = append(c.Refunded, r.Refunded)
	}
	return out, nil
}

// The console's dashboard of this area (package staff reads the range
// and writes JSON or CSV).

// purchaseSeries: paid orders, first purchases and revenue per currency
// (minor units) per day.
type purchaseSeries struct {
	staff.DashboardHeader
	Days           []string         `json:"days"`
	PaidOrders     []int64          `json:"paid_orders"`
	FirstPurchases []int64          `json:"first_purchases"`
	Revenue        []currencySeries `json:"revenue"`
}

type currencySeries struct {
	Currency string  `json:"currency"`
	Revenue  []int64 `json:"revenue"`
	Refunded []int64 `json:"refunded"`
}

// PurchasesDashboard answers paid orders, first purchases and revenue per day.
func (h ConsoleHandlers) PurchasesDashboard(r *http.Request, t *tenancy.Tenant, days tenancy.Days, head staff.DashboardHeader) (any, staff.Table, error) {
	rows, err := PurchasesPerDay(r.Context(), h.Service.pool, t.ID, days)
	if err != nil {
		return nil, staff.Table{}, err
	}
	money, err := RevenuePerDay(r.Context(), h.Service.pool, t.ID, days)
	if err != nil {
		return nil, staff.Table{}, err
	}
	out := purchaseSeries{DashboardHeader: head, Days: []string{}, PaidOrders: []int64{}, FirstPurchases: []int64{}, Revenue: []currencySeries{}}
	tab := staff.Table{Header: []string{"day", "paid_orders", "first_purchases"}}
	for _, c := range money {
		out.Revenue = append(out.Revenue, currencySeries(c))
		tab.Header = append(tab.Header, "revenue_"+c.Currency, "refunded_"+c.Currency)
	}
	for i, d := range rows {
		out.Days, out.PaidOrders, out.FirstPurchases = append(out.Days, d.Day), append(out.PaidOrders, d.PaidOrders), append(out.FirstPurchases, d.FirstPurchases)
		row := []string{d.Day, strconv.FormatInt(d.PaidOrders, 10), strconv.FormatInt(d.FirstPurchases, 10)}
		for _, c := range money {
			row = append(row, strconv.FormatInt(c.Revenue[i], 10), strconv.FormatInt(c.Refunded[i], 10))
		}
		tab.Rows = append(tab.Rows, row)
	}
	return out, tab, nil
}
