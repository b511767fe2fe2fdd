package affiliates

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/affiliates/internal/db"
	"rendezvous/engine/landerpages"
	"rendezvous/engine/staff"
)

// An affiliate's own report: its traffic on one brand, per lander and
// sub-id, always narrowed on the server to the network and refs of its
// account (staff.AffiliateScope), whatever the request asks.

// AffiliateRow is one lander and sub-id of an affiliate's traffic.
type AffiliateRow struct {
	Lander string `json:"lander"`
	Ref    string `json:"ref"`
	Sub1   string `json:"sub1"`
	Sub2   string `json:"sub2"`
	Sub3   string `json:"sub3"`
	Counts
	// Revenue is what the members of these links paid (orders not
	// refunded), per currency; Share the affiliate's part of it.
	Revenue []Money `json:"revenue"`
	Share   []Money `json:"share"`
}

// AffiliateReport is an affiliate's traffic on a tenant from From to To
// (days of the tenant's time zone, both included).
type AffiliateReport struct {
	From    string         `json:"from"`
	To      string         `json:"to"`
	Network string         `json:"network"`
	Refs    []string       `json:"refs"`
	Share   int            `json:"revenue_share"`
	Rows    []AffiliateRow `json:"rows"`
}

// AffiliateTraffic answers the report of the affiliate of scope on tenant
// (its time zone loc) over the days first..last: one row per lander and
// sub-id, the most signups first.
func AffiliateTraffic(ctx context.Context, pool *pgxpool.Pool, scope staff.AffiliateScope, tenantID int64, loc *time.Location, first, last time.Time) (AffiliateReport, error) {
	rows, err := db.New(pool).AffiliateReport(ctx, db.AffiliateReportParams{TenantID: tenantID,
		FirstDay: pgtype.Date{Time: first, Valid: true}, LastDay: pgtype.Date{Time: last, Valid: true},
		Network: scope.Network, Refs: refsOf(scope),
		Since: first, Until: time.Date(last.Year(), last.Month(), last.Day()+1, 0, 0, 0, 0, loc)})
	if err != nil {
		return AffiliateReport{}, fmt.Errorf("affiliate report of %s on tenant %d: %w", scope.Network, tenantID, err)
	}
	type key struct{ lander, ref, sub1, sub2, sub3 string }
	byKey := map[key]*AffiliateRow{}
	for _, r := range rows {
		k := key{r.Lander, r.Ref, r.Sub1, r.Sub2, r.Sub3}
		row := byKey[k]
		if row == nil {
			row = &AffiliateRow{Lander: k.lander, Ref: k.ref, Sub1: k.sub1, Sub2: k.sub2, Sub3: k.sub3, Revenue: []Money{}, Share: []Money{}}
			byKey[k] = row
		}
		if !row.add(r.Kind, r.Value) && r.Kind == "revenue" {
			row.Revenue = append(row.Revenue, Money{Currency: r.Currency, Amount: r.Value})
			// The share is rounded down to the minor unit: never more than
			// the agreed part.
			row.Share = append(row.Share, Money{Currency: r.Currency, Amount: r.Value * int64(scope.RevenueShare) / 10000})
		}
	}
	out := AffiliateReport{From: first.Format(time.DateOnly), To: last.Format(time.DateOnly), Network: scope.Network,
		Refs: refsOf(scope), Share: scope.RevenueShare, Rows: make([]AffiliateRow, 0, len(byKey))}
	for _, row := range byKey {
		row.rate()
		out.Rows = append(out.Rows, *row)
	}
	sort.Slice(out.Rows, func(i, j int) bool {
		a, b := out.Rows[i], out.Rows[j]
		return a.before(b.Counts, fmt.Sprint(a.Lander, a.Ref, a.Sub1, a.Sub2, a.Sub3), fmt.Sprint(b.Lander, b.Ref, b.Sub1, b.Sub2, b.Sub3))
	})
	return out, nil
}

func refsOf(scope staff.AffiliateScope) []string {
	if scope.Refs == nil {
		return []string{}
	}
	return scope.Refs
}

// AffiliatePostback is one postback told to an affiliate's network: its
// event, status and last call, and the address without what the brand's
// template may hide from the affiliate.
type AffiliatePostback struct {
	Event     string     `json:"event"`
	Status    string     `json:"status"`
	CreatedAt time.Time  `json:"created_at"`
	SentAt    *time.Time `json:"sent_at"`
	Attempts  int        `json:"attempts"`
	// LastCall is null until the first call.
	LastCall *AffiliateCall `json:"last_call"`
	URL      string         `json:"url"`
}

// AffiliateCall is a postback's last call as its affiliate sees it: the
// status code and time; the error text may name the brand's endpoint's
// internals.
type AffiliateCall struct {
	StatusCode int       `json:"status_code"`
	CalledAt   time.Time `json:"called_at"`
}

// AffiliatePostbacks is an affiliate's postbacks on a tenant made from
// From to To, newest first, at most MaxPostbacks.
type AffiliatePostbacks struct {
	From      string              `json:"from"`
	To        string              `json:"to"`
	Postbacks []AffiliatePostback `json:"postbacks"`
	Truncated bool                `json:"truncated"`
}

// AffiliatePostbackLog answers the postbacks to the network of scope about
// members of its links on tenant over the days first..last.
func AffiliatePostbackLog(ctx context.Context, pool *pgxpool.Pool, scope staff.AffiliateScope, tenantID int64, loc *time.Location, first, last time.Time) (AffiliatePostbacks, error) {
	rows, err := db.New(pool).AffiliatePostbacks(ctx, db.AffiliatePostbacksParams{TenantID: tenantID, Since: first,
		Until: time.Date(last.Year(), last.Month(), last.Day()+1, 0, 0, 0, 0, loc), Network: scope.Network, Refs: refsOf(scope),
		MaxRows: MaxPostbacks + 1})
	if err != nil {
		return AffiliatePostbacks{}, fmt.Errorf("affiliate postbacks of %s on tenant %d: %w", scope.Network, tenantID, err)
	}
	out := AffiliatePostbacks{From: first.Format(time.DateOnly), To: last.Format(time.DateOnly), Postbacks: make([]AffiliatePostback, 0, len(rows))}
	if len(rows) > MaxPostbacks {
		rows, out.Truncated = rows[:MaxPostbacks], true
	}
	for _, r := range rows {
		var src landerpages.Tracking
		_ = json.Unmarshal(r.MemberTracking, &src) // a member without a source shows no values
		shown := []string{src.Network, src.Ref, src.Sub1, src.Sub2, src.Sub3, r.Event, strconv.FormatInt(r.MemberID, 10)}
		if r.OrderID.Valid {
			shown = append(shown, strconv.FormatInt(r.OrderID.Int64, 10))
		}
		e := AffiliatePostback{Event: r.Event, Status: r.Status, CreatedAt: r.CreatedAt, Attempts: int(r.Attempts), URL: withoutSecrets(r.Url, shown)}
		if r.SentAt.Valid {
			e.SentAt = &r.SentAt.Time
		}
		if r.LastCalledAt.Valid {
			e.LastCall = &AffiliateCall{StatusCode: int(r.LastStatusCode.Int32), CalledAt: r.LastCalledAt.Time}
		}
		out.Postbacks = append(out.Postbacks, e)
	}
	return out, nil
}

// Hidden stands for a value of a postback's address the affiliate does not
// see.
const Hidden = "***"

// withoutSecrets is a postback's address as an affiliate may see it: the
// scheme, host and path, and of the query only the values that are the
// member's own traffic source, the event or the member's and order's ids
// (what the placeholders filled in); any other value (a token the brand
// put in the template, an amount) and any user information is Hidden.
func withoutSecrets(raw string, shown []string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return Hidden
	}
	u.User = nil
	u.Fragment = ""
	q := u.Query()
	keys := make([]string, 0, len(q))
	for k := range q {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		for _, v := range q[k] {
			if v == "" || !slices.Contains(shown, v) {
				if v != "" {
					v = Hidden
				}
				parts = append(parts, url.QueryEscape(k)+"="+v)
				continue
			}
			parts = append(parts, url.QueryEscape(k)+"="+url.QueryEscape(v))
		}
	}
	u.RawQuery = strings.Join(parts, "&")
	return u.String()
}
