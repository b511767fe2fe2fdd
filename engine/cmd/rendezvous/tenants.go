package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"

	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/billing"
	"rendezvous/engine/platform/config"
	"rendezvous/engine/platform/database"
	"rendezvous/engine/tenancy"
	"rendezvous/tenants"
	"rendezvous/web"
)

func tenantsList(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("tenants list", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := config.DataFlags(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	return withTenants(ctx, cfg, stderr, false, func(_ *pgxpool.Pool, dir *tenancy.Directory) error {
		all, err := dir.List(ctx)
		if err != nil {
			return err
		}
		for _, t := range all {
			fmt.Fprintf(stdout, "%s\t%s\t%s\n", t.Slug, t.PrimaryHost, t.Name)
		}
		return nil
	})
}

func tenantsImport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("tenants import", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := config.DataFlags(fs)
	overwrite := fs.Bool("overwrite", false, "replace tenants that exist already with their files")
	if err := fs.Parse(args); err != nil {
		return err
	}
	return withTenants(ctx, cfg, stderr, *overwrite, func(*pgxpool.Pool, *tenancy.Directory) error { return nil }, stdout)
}

// withTenants opens the database (starting the private cluster if needed),
// imports the tenant files and hands over a directory.
func withTenants(ctx context.Context, cfg *config.Config, stderr io.Writer, overwrite bool, fn func(*pgxpool.Pool, *tenancy.Directory) error, report ...io.Writer) error {
	if err := cfg.FromEnv(); err != nil {
		return err
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	pool, closeDB, err := database.Connect(ctx, cfg.DatabaseURL, cfg.DataDir, log)
	if err != nil {
		return err
	}
	defer closeDB()
	files, err := tenancy.ReadFiles(tenants.FS)
	if err != nil {
		return err
	}
	if err := billing.CheckTenantFiles(files); err != nil {
		return err
	}
	results, err := tenancy.Import(ctx, pool, files, overwrite)
	if err != nil {
		return err
	}
	for _, w := range report {
		for _, r := range results {
			state := "imported"
			if r.Skipped {
				state = "kept (exists; use --overwrite to replace)"
			}
			fmt.Fprintf(w, "%s\t%s\n", r.Slug, state)
		}
	}
	return fn(pool, tenancy.NewDirectory(pool, log))
}

// distFS is the built web app inside the binary.
// distFS is the web bundle: the built-in one, or dir's when given.
func distFS(dir string) (fs.FS, error) {
	if dir != "" {
		if _, err := os.Stat(filepath.Join(dir, "index.html")); err != nil {
			return nil, fmt.Errorf("web dir: %w", err)
		}
		return os.DirFS(dir), nil
	}
	return fs.Sub(web.Dist, "dist")
}
