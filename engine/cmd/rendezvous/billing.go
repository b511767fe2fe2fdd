package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/billing"
	"rendezvous/engine/billing/mollie"
	"rendezvous/engine/billing/sandbox"
	"rendezvous/engine/platform/config"
	"rendezvous/engine/tenancy"
)

// billingRefund refunds a completed order at the operator's request
// (billing.Service.Refund: within the tenant's refund_days, once, the
// money back at the provider first, then the credits taken back).
func billingRefund(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("billing refund", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := config.DataFlags(fs)
	order := fs.Int64("order", 0, "the order's id (see billing invoices)")
	reason := fs.String("reason", "", "why the order is refunded (kept with the refund)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *order <= 0 || *reason == "" {
		fs.Usage()
		return errors.New("billing refund needs --order and --reason")
	}
	return withTenants(ctx, cfg, stderr, func(pool *pgxpool.Pool, dir *tenancy.Directory) error {
		log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
		// The providers an order can have been paid with. The sandbox is
		// always open here (unlike in serve): refunding a sandbox order
		// hands out nothing, and it needs no webhook jobs.
		providers := billing.Providers{
			billing.ProviderMollie:  mollie.Opener(os.LookupEnv, cfg.MollieBaseURL),
			billing.ProviderSandbox: func(billing.Settings) (billing.Provider, error) { return sandbox.New(pool, nil, log), nil },
		}
		// No payment is settled here, so no job is queued: no inserter.
		res, err := billing.NewService(billing.Deps{Pool: pool, Providers: providers, Tenants: dir, Log: log}).Refund(ctx, *order, "cli", *reason)
		if err != nil {
			return fmt.Errorf("refund of order %d: %w", *order, err)
		}
		refund := "made by an earlier attempt"
		if res.ProviderRefundID != "" {
			refund = res.ProviderRefundID
		}
		fmt.Fprintf(stdout, "order %d refunded: %s (provider refund %s); %d credits taken back, %d already spent\n",
			res.OrderID, billing.FormatMoney(res.Amount), refund, res.CreditsTaken, res.CreditsSpent)
		return nil
	})
}

// billingDirectDebitBlock blocks a member from paying by direct debit (403
// dd_blocked from then on), e.g. after a chargeback, or with --unblock
// lets them again.
func billingDirectDebitBlock(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("billing dd-block", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := config.DataFlags(fs)
	member := fs.Int64("member", 0, "the member's id")
	reason := fs.String("reason", "", "why the member is blocked (kept with the block)")
	unblock := fs.Bool("unblock", false, "lift the block instead")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *member <= 0 {
		fs.Usage()
		return errors.New("billing dd-block needs --member")
	}
	return withTenants(ctx, cfg, stderr, func(pool *pgxpool.Pool, _ *tenancy.Directory) error {
		ok, err := billing.BlockDirectDebit(ctx, pool, *member, !*unblock, *reason)
		if err != nil {
			return err
		}
		switch {
		case *unblock && ok:
			fmt.Fprintf(stdout, "member %d may pay by direct debit again\n", *member)
		case *unblock:
			fmt.Fprintf(stdout, "member %d was not blocked\n", *member)
		case ok:
			fmt.Fprintf(stdout, "member %d is blocked for direct debit payments\n", *member)
		default:
			return fmt.Errorf("no member %d", *member)
		}
		return nil
	})
}

// billingInvoices prints a tenant's invoices, one line each (number, date,
// order, amount, currency, buyer), for the operator's bookkeeping: all of
// them, or those of one month in the tenant's time zone.
func billingInvoices(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("billing invoices", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := config.DataFlags(fs)
	slug := fs.String("tenant", "", "the tenant's slug (see tenants list)")
	month := fs.String("month", "", "only the invoices of this month (YYYY-MM) in the tenant's time zone")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *slug == "" {
		fs.Usage()
		return errors.New("billing invoices needs --tenant")
	}
	var first time.Time
	if *month != "" {
		var err error
		if first, err = time.Parse("2006-01", *month); err != nil {
			return fmt.Errorf("--month %q: want YYYY-MM", *month)
		}
	}
	return withTenants(ctx, cfg, stderr, func(pool *pgxpool.Pool, dir *tenancy.Directory) error {
		t, err := tenantBySlug(ctx, dir, *slug)
		if err != nil {
			return err
		}
		since, until := time.Time{}, time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC)
		if !first.IsZero() {
			since = time.Date(first.Year(), first.Month(), 1, 0, 0, 0, 0, t.Location)
			until = since.AddDate(0, 1, 0)
		}
		list, err := billing.TenantInvoices(ctx, pool, t.ID, since, until)
		if err != nil {
			return err
		}
		for _, inv := range list {
			fmt.Fprintf(stdout, "%s\t%s\t%d\t%s\t%s\t%s\n", inv.Number, inv.IssuedAt.In(t.Location).Format("2006-01-02"),
				inv.OrderID, billing.Decimal(inv.Amount), inv.Amount.Currency, inv.Buyer.Email)
		}
		return nil
	})
}

// tenantBySlug finds a tenant of the directory by its slug.
func tenantBySlug(ctx context.Context, dir *tenancy.Directory, slug string) (*tenancy.Tenant, error) {
	all, err := dir.List(ctx)
	if err != nil {
		return nil, err
	}
	for _, t := range all {
		if t.Slug == slug {
			return t, nil
		}
	}
	return nil, fmt.Errorf("no tenant %q", slug)
}
