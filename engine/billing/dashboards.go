package billing

import (
	"context"
	"fmt"

	"rendezvous/engine/billing/internal/db"
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
