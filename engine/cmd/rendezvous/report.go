package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/affiliates"
	"rendezvous/engine/platform/config"
	"rendezvous/engine/tenancy"
)

// reportTraffic prints a tenant's traffic report (the console's GET
// /admin/api/reports/traffic): one tab-separated line per traffic source
// under a header line, its lander A/B variants' visits in the last column
// ("milf-a 3, milf-b 2"), or the console's JSON with --json.
func reportTraffic(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("report traffic", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := config.DataFlags(fs)
	slug := fs.String("tenant", "", "the tenant's slug (see tenants list)")
	from := fs.String("from", "", "first day, YYYY-MM-DD in the tenant's time zone (default: 29 days before --to)")
	to := fs.String("to", "", "last day, included (default: today)")
	asJSON := fs.Bool("json", false, "print the report as JSON, as the console's API answers it")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *slug == "" {
		fs.Usage()
		return errors.New("report traffic needs --tenant")
	}
	return withTenants(ctx, cfg, stderr, func(pool *pgxpool.Pool, dir *tenancy.Directory) error {
		t, err := tenantBySlug(ctx, dir, *slug)
		if err != nil {
			return err
		}
		loc := t.Location
		if loc == nil {
			loc = time.UTC
		}
		first, last, err := affiliates.Span(*from, *to, loc, time.Now())
		if err != nil {
			return fmt.Errorf("--from %q --to %q: %w", *from, *to, err)
		}
		report, err := affiliates.Traffic(ctx, pool, t.ID, loc, first, last)
		if err != nil {
			return err
		}
		if *asJSON {
			enc := json.NewEncoder(stdout)
			enc.SetIndent("", "  ")
			return enc.Encode(map[string]any{"tenant": t.Slug, "time_zone": loc.String(), "from": report.From, "to": report.To, "rows": report.Rows})
		}
		fmt.Fprintf(stdout, "# %s %s..%s (%s)\n", t.Slug, report.From, report.To, loc)
		fmt.Fprintln(stdout, "network\tref\tsub1\tsub2\tsub3\tvisits\tsignups\tactivations\tfirst_purchases\trevenue\tvariants")
		for _, r := range report.Rows {
			revenue := make([]string, 0, len(r.Revenue))
			for _, m := range r.Revenue {
				revenue = append(revenue, fmt.Sprintf("%s %d.%02d", m.Currency, m.Amount/100, m.Amount%100))
			}
			variants := make([]string, 0, len(r.Variants))
			for _, v := range r.Variants {
				variants = append(variants, fmt.Sprintf("%s %d", v.Variant, v.Visits))
			}
			fmt.Fprintf(stdout, "%s\t%s\t%s\t%s\t%s\t%d\t%d\t%d\t%d\t%s\t%s\n", r.Network, r.Ref, r.Sub1, r.Sub2, r.Sub3,
				r.Visits, r.Signups, r.Activations, r.FirstPurchases, strings.Join(revenue, ", "), strings.Join(variants, ", "))
		}
		return nil
	})
}
