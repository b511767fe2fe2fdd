package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/notifications"
	"rendezvous/engine/platform/config"
	"rendezvous/engine/platform/jobs"
	"rendezvous/engine/tenancy"
)

// notifyCampaign queues a promotion or news mail to every member of a
// tenant who takes that type (notifications.CampaignArgs). The running
// engine sends it, outside the tenant's quiet hours, each member once per
// --key however often the command runs.
func notifyCampaign(ctx context.Context, typ string, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("notify "+typ, flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := config.DataFlags(fs)
	slug := fs.String("tenant", "", "the tenant's slug (see tenants list)")
	key := fs.String("key", "", "names the campaign: each member gets a key once (e.g. spring-2026)")
	text := fs.String("text", "", "the mail's message, in the tenant's language")
	path := fs.String("path", "/", "where the mail's button leads on the site, e.g. /credits")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *slug == "" {
		fs.Usage()
		return errors.New("notify " + typ + " needs --tenant")
	}
	c := notifications.CampaignArgs{Type: typ, Key: *key, Text: *text, Path: *path}
	if err := c.Check(); err != nil {
		fs.Usage()
		return err
	}
	return withTenants(ctx, cfg, stderr, func(pool *pgxpool.Pool, dir *tenancy.Directory) error {
		t, err := tenantBySlug(ctx, dir, *slug)
		if err != nil {
			return err
		}
		c.TenantID = t.ID
		client, err := jobs.NewClient(pool, nil, slog.New(slog.DiscardHandler), jobs.Options{})
		if err != nil {
			return err
		}
		res, err := client.Insert(ctx, c, nil)
		if err != nil {
			return fmt.Errorf("queue %s %s: %w", typ, c.Key, err)
		}
		state := "queued"
		if res.UniqueSkippedAsDuplicate {
			state = "already queued"
		}
		fmt.Fprintf(stdout, "%s %s for %s %s (job %d); the engine sends it outside the tenant's quiet hours\n", typ, c.Key, t.Slug, state, res.Job.ID)
		return nil
	})
}
