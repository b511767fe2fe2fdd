package affiliates

import (
	"context"
	"fmt"
	"sort"
	"time"

	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/affiliates/internal/db"
	"rendezvous/engine/platform/refusal"
)

// Source is a traffic source as the links name it; all empty is the
// members who came without one.
type Source struct {
	Network string `json:"network"`
	Ref     string `json:"ref"`
	Sub1    string `json:"sub1"`
	Sub2    string `json:"sub2"`
	Sub3    string `json:"sub3"`
}

// Money is an amount in minor units of a currency.
type Money struct {
	Currency string `json:"currency"`
	Amount   int64  `json:"amount"`
}

// Row is one source's traffic in a report's span.
type Row struct {
	Source
	Counts
	Revenue []Money `json:"revenue"`
	// Landers are the source's visits and bounces per lander ("" for
	// pages that are none), most visits first.
	Landers []LanderVisits `json:"landers"`
	// Variants are the source's visits per lander A/B variant (the slug of
	// /landers/{name}/{slug}), most visits first; landers without a slug
	// and other pages are in Visits only.
	Variants []VariantVisits `json:"variants"`
}

// Counts are what a report counts of a source (or an affiliate's lander
// and sub-id): visits and their bounces, signups, activations and first
// purchases.
type Counts struct {
	Visits         int64 `json:"visits"`
	Signups        int64 `json:"signups"`
	Activations    int64 `json:"activations"`
	FirstPurchases int64 `json:"first_purchases"`
	Bounces
}

// add adds value to the count of kind (a report query's row kind); false
// for a kind it does not count (revenue).
func (c *Counts) add(kind string, value int64) bool {
	switch kind {
	case "visits":
		c.Visits += value
	case "measured":
		c.Measured += value
	case "bounces":
		c.Bounced += value
	case "signups":
		c.Signups += value
	case "activations":
		c.Activations += value
	case "first_purchases":
		c.FirstPurchases += value
	default:
		return false
	}
	return true
}

// before orders report rows: the most signups first, then the most visits,
// then by tie, their source written out.
func (c Counts) before(o Counts, tie, otherTie string) bool {
	if c.Signups != o.Signups {
		return c.Signups > o.Signups
	}
	if c.Visits != o.Visits {
		return c.Visits > o.Visits
	}
	return tie < otherTie
}

// Bounces are how many visits reported leaving (links with ?lb) and how
// many of them left without signing up; BounceRate is bounced of measured,
// from 0 to 1, null when no visit was measured.
type Bounces struct {
	Measured   int64    `json:"measured"`
	Bounced    int64    `json:"bounced"`
	BounceRate *float64 `json:"bounce_rate"`
}

// rate fills BounceRate from the counts.
func (b *Bounces) rate() {
	b.BounceRate = nil
	if b.Measured > 0 {
		r := float64(b.Bounced) / float64(b.Measured)
		b.BounceRate = &r
	}
}

// LanderVisits are a source's visits of one lander and their bounces.
type LanderVisits struct {
	Lander string `json:"lander"`
	Visits int64  `json:"visits"`
	Bounces
}

// VariantVisits are a source's visits of one lander A/B variant.
type VariantVisits struct {
	Variant string `json:"variant"`
	Visits  int64  `json:"visits"`
}

// Report is a tenant's traffic per source from From to To (days of the
// tenant's time zone, both included).
type Report struct {
	From string `json:"from"`
	To   string `json:"to"`
	Rows []Row  `json:"rows"`
}

// MaxDays bounds a report's span.
const MaxDays = 366

// Span is the days a report covers: from and to as YYYY-MM-DD in loc,
// both included; empty to is today, empty from the 30 days up to to.
func Span(from, to string, loc *time.Location, now time.Time) (first, last time.Time, err error) {
	today := now.In(loc)
	last = time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, loc)
	if to != "" {
		if last, err = time.ParseInLocation(time.DateOnly, to, loc); err != nil {
			return first, last, ErrBadSpan
		}
	}
	first = last.AddDate(0, 0, -29)
	if from != "" {
		if first, err = time.ParseInLocation(time.DateOnly, from, loc); err != nil {
			return first, last, ErrBadSpan
		}
	}
	if first.After(last) || last.Sub(first) > MaxDays*24*time.Hour {
		return first, last, ErrBadSpan
	}
	return first, last, nil
}

// Traffic answers the report of tenant (its time zone loc) over the days
// first..last: one row per source with any visit, signup, activation, first
// purchase or revenue in the span, the most signups first. Each is counted
// when it happened: a member who signed up before the span and bought in
// it adds a first purchase but no signup.
func Traffic(ctx context.Context, pool *pgxpool.Pool, tenantID int64, loc *time.Location, first, last time.Time) (Report, error) {
	rows, err := db.New(pool).Report(ctx, db.ReportParams{TenantID: tenantID,
		FirstDay: pgtype.Date{Time: first, Valid: true}, LastDay: pgtype.Date{Time: last, Valid: true},
		Since: first, Until: time.Date(last.Year(), last.Month(), last.Day()+1, 0, 0, 0, 0, loc)})
	if err != nil {
		return Report{}, fmt.Errorf("traffic report of tenant %d: %w", tenantID, err)
	}
	landers, err := db.New(pool).LanderVisits(ctx, db.LanderVisitsParams{TenantID: tenantID,
		FirstDay: pgtype.Date{Time: first, Valid: true}, LastDay: pgtype.Date{Time: last, Valid: true}})
	if err != nil {
		return Report{}, fmt.Errorf("traffic landers of tenant %d: %w", tenantID, err)
	}
	variants, err := db.New(pool).VariantVisits(ctx, db.VariantVisitsParams{TenantID: tenantID,
		FirstDay: pgtype.Date{Time: first, Valid: true}, LastDay: pgtype.Date{Time: last, Valid: true}})
	if err != nil {
		return Report{}, fmt.Errorf("traffic variants of tenant %d: %w", tenantID, err)
	}
	bySource := map[Source]*Row{}
	rowOf := func(src Source) *Row {
		row := bySource[src]
		if row == nil {
			row = &Row{Source: src, Revenue: []Money{}, Variants: []VariantVisits{}, Landers: []LanderVisits{}}
			bySource[src] = row
		}
		return row
	}
	for _, r := range rows {
		row := rowOf(Source{Network: r.Network, Ref: r.Ref, Sub1: r.Sub1, Sub2: r.Sub2, Sub3: r.Sub3})
		if !row.add(r.Kind, r.Value) && r.Kind == "revenue" {
			row.Revenue = append(row.Revenue, Money{Currency: r.Currency, Amount: r.Value})
		}
	}
	for _, v := range variants {
		row := rowOf(Source{Network: v.Network, Ref: v.Ref, Sub1: v.Sub1, Sub2: v.Sub2, Sub3: v.Sub3})
		row.Variants = append(row.Variants, VariantVisits{Variant: v.Variant, Visits: v.Visits})
	}
	for _, l := range landers {
		row := rowOf(Source{Network: l.Network, Ref: l.Ref, Sub1: l.Sub1, Sub2: l.Sub2, Sub3: l.Sub3})
		lv := LanderVisits{Lander: l.Lander, Visits: l.Visits, Bounces: Bounces{Measured: l.Measured, Bounced: l.Bounces}}
		lv.rate()
		row.Landers = append(row.Landers, lv)
	}
	out := Report{From: first.Format(time.DateOnly), To: last.Format(time.DateOnly), Rows: make([]Row, 0, len(bySource))}
	for _, row := range bySource {
		row.rate()
		sort.SliceStable(row.Landers, func(i, j int) bool { return row.Landers[i].Visits > row.Landers[j].Visits })
		sort.Slice(row.Revenue, func(i, j int) bool { return row.Revenue[i].Currency < row.Revenue[j].Currency })
		sort.SliceStable(row.Variants, func(i, j int) bool { return row.Variants[i].Visits > row.Variants[j].Visits })
		out.Rows = append(out.Rows, *row)
	}
	sort.Slice(out.Rows, func(i, j int) bool {
		a, b := out.Rows[i], out.Rows[j]
		return a.before(b.Counts, fmt.Sprint(a.Source), fmt.Sprint(b.Source))
	})
	return out, nil
}

// ErrBadSpan refuses report days that are not dates, end before they
// start or span more than MaxDays.
var ErrBadSpan = refusal.New(refusal.Invalid, "span_invalid",
	"from and to must be dates (YYYY-MM-DD), from not after to, at most 366 days apart.")
