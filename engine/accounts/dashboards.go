package accounts

import (
	"context"
	"fmt"
	"net/http"
	"slices"
	"strconv"

	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/accounts/internal/db"
	"rendezvous/engine/staff"
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

// ConsoleDashboards are the console's dashboards of accounts: signups and
// activations per day, and conversion by traffic source (package staff
// reads the range and writes JSON or CSV).
type ConsoleDashboards struct {
	Pool *pgxpool.Pool
}

// maxSources bounds the conversion table's traffic sources.
const maxSources = 500

// signupSeries: signups and activations per day.
type signupSeries struct {
	staff.DashboardHeader
	Days        []string `json:"days"`
	Signups     []int64  `json:"signups"`
	Activations []int64  `json:"activations"`
}

// SignupsDashboard answers signups and activations per day.
func (h ConsoleDashboards) SignupsDashboard(r *http.Request, t *tenancy.Tenant, days tenancy.Days, head staff.DashboardHeader) (any, staff.Table, error) {
	rows, err := SignupsPerDay(r.Context(), h.Pool, t.ID, days)
	if err != nil {
		return nil, staff.Table{}, err
	}
	out := signupSeries{DashboardHeader: head, Days: []string{}, Signups: []int64{}, Activations: []int64{}}
	tab := staff.Table{Header: []string{"day", "signups", "activations"}}
	for _, d := range rows {
		out.Days, out.Signups, out.Activations = append(out.Days, d.Day), append(out.Signups, d.Signups), append(out.Activations, d.Activations)
		tab.Rows = append(tab.Rows, []string{d.Day, strconv.FormatInt(d.Signups, 10), strconv.FormatInt(d.Activations, 10)})
	}
	return out, tab, nil
}

// conversion: the range's signups by traffic source and how they went on.
type conversion struct {
	staff.DashboardHeader
	By        string      `json:"by"`
	Sources   []sourceRow `json:"sources"`
	Truncated bool        `json:"truncated"`
}

type sourceRow struct {
	Network        string `json:"network"`
	Ref            string `json:"ref"`
	Sub1           string `json:"sub1"`
	Sub2           string `json:"sub2"`
	Sub3           string `json:"sub3"`
	Signups        int64  `json:"signups"`
	Activations    int64  `json:"activations"`
	FirstPurchases int64  `json:"first_purchases"`
}

// ConversionDashboard answers the range's signups by traffic source (?by=) and how they went on.
func (h ConsoleDashboards) ConversionDashboard(r *http.Request, t *tenancy.Tenant, days tenancy.Days, head staff.DashboardHeader) (any, staff.Table, error) {
	by := r.URL.Query().Get("by")
	if by == "" {
		by = "network"
	}
	if !slices.Contains(SourceGroupings, by) {
		return nil, staff.Table{}, staff.ErrQueryInvalid.With(map[string]any{"field": "by"})
	}
	rows, err := ConversionBySource(r.Context(), h.Pool, t.ID, days, by, maxSources+1)
	if err != nil {
		return nil, staff.Table{}, err
	}
	out := conversion{DashboardHeader: head, By: by, Sources: []sourceRow{}}
	if len(rows) > maxSources {
		rows, out.Truncated = rows[:maxSources], true
	}
	tab := staff.Table{Header: []string{"network", "ref", "sub1", "sub2", "sub3", "signups", "activations", "first_purchases"}}
	for _, s := range rows {
		out.Sources = append(out.Sources, sourceRow(s))
		tab.Rows = append(tab.Rows, []string{staff.CSVText(s.Network), staff.CSVText(s.Ref), staff.CSVText(s.Sub1), staff.CSVText(s.Sub2), staff.CSVText(s.Sub3),
			strconv.FormatInt(s.Signups, 10), strconv.FormatInt(s.Activations, 10), strconv.FormatInt(s.FirstPurchases, 10)})
	}
	return out, tab, nil
}

// MembersOf counts a tenant's members (house profiles and deleted accounts
// aside), for the console's brand list.
func MembersOf(ctx context.Context, conn db.DBTX, tenantID int64) (int64, error) {
	n, err := db.New(conn).MembersOfTenant(ctx, tenantID)
	if err != nil {
		return 0, fmt.Errorf("members of tenant %d: %w", tenantID, err)
	}
	return n, nil
}
