package accounts

import (
	"context"
	"fmt"

	"rendezvous/engine/accounts/internal/db"
	"rendezvous/engine/tenancy"
)

// The operators' dashboards read a tenant's signups, activations and the
// traffic sources members came from (engine/admin shows them).

// SignupDay is one day of a tenant's signups and activations (members who
// confirmed their address that day).
type SignupDay struct {
	Day         string
	Signups     int64
	Activations int64
}

// SignupsPerDay answers every day of days, in order, with the tenant's
// signups and activations; house profiles are not counted.
func SignupsPerDay(ctx context.Context, conn db.DBTX, tenantID int64, days tenancy.Days) ([]SignupDay, error) {
	rows, err := db.New(conn).SignupsPerDay(ctx, db.SignupsPerDayParams{
		FirstDay: days.FirstDate(), LastDay: days.LastDate(), Zone: days.Zone,
		TenantID: tenantID, Since: days.Since(), Until: days.Until(),
	})
	if err != nil {
		return nil, fmt.Errorf("signups per day of tenant %d: %w", tenantID, err)
	}
	out := make([]SignupDay, len(rows))
	for i, r := range rows {
		out[i] = SignupDay{Day: r.Day, Signups: r.Signups, Activations: r.Activations}
	}
	return out, nil
}

// SourceGroupings are how conversion can be grouped: by one field of the
// traffic source, or by all five together.
var SourceGroupings = []string{"network", "ref", "sub1", "sub2", "sub3", "all"}

// SourceConversion is how the members who signed up from one traffic
// source went on: how many signed up, confirmed their address and bought
// (by now). Fields the grouping leaves out are empty.
type SourceConversion struct {
	Network        string
	Ref            string
	Sub1           string
	Sub2           string
	Sub3           string
	Signups        int64
	Activations    int64
	FirstPurchases int64
}

// ConversionBySource groups the members who signed up on days by their
// traffic source (by is one of SourceGroupings), most signups first, at
// most limit sources.
func ConversionBySource(ctx context.Context, conn db.DBTX, tenantID int64, days tenancy.Days, by string, limit int32) ([]SourceConversion, error) {
	rows, err := db.New(conn).SignupConversion(ctx, db.SignupConversionParams{
		By: by, TenantID: tenantID, Since: days.Since(), Until: days.Until(), MaxRows: limit,
	})
	if err != nil {
		return nil, fmt.Errorf("conversion of tenant %d by %s: %w", tenantID, by, err)
	}
	out := make([]SourceConversion, len(rows))
	for i, r := range rows {
		out[i] = SourceConversion(r)
	}
	return out, nil
}
