package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/chat"
	"rendezvous/engine/platform/config"
	"rendezvous/engine/tenancy"
)

// staffAdd gives a member the staff role of their tenant: they then answer
// for its house profiles in the staff inbox.
func staffAdd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("staff add", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := config.DataFlags(fs)
	slug := fs.String("tenant", "", "the tenant's slug (see tenants list)")
	email := fs.String("email", "", "the login email of a member of that tenant")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *slug == "" || *email == "" {
		fs.Usage()
		return errors.New("staff add needs --tenant and --email")
	}
	return withTenants(ctx, cfg, stderr, false, func(pool *pgxpool.Pool, dir *tenancy.Directory) error {
		all, err := dir.List(ctx)
		if err != nil {
			return err
		}
		for _, t := range all {
			if t.Slug != *slug {
				continue
			}
			svc := chat.NewService(pool, nil, nil, nil, nil, slog.New(slog.DiscardHandler))
			id, err := svc.AddStaffByEmail(ctx, t.ID, *email)
			if errors.Is(err, chat.ErrNotFound) {
				return fmt.Errorf("%s has no member %s who can log in", t.Slug, *email)
			}
			if err != nil {
				return err
			}
			fmt.Fprintf(stdout, "member %d (%s) is staff of %s\n", id, *email, t.Slug)
			return nil
		}
		return fmt.Errorf("no tenant %q", *slug)
	})
}
