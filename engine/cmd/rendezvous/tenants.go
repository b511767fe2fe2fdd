package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"

	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/brandfile"
	"rendezvous/engine/platform/config"
	"rendezvous/engine/platform/database"
	"rendezvous/engine/tenancy"
	"rendezvous/tenants"
	"rendezvous/themes"
	"rendezvous/web"
)

func tenantsList(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("tenants list", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := config.DataFlags(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	return withDatabase(ctx, cfg, stderr, func(pool *pgxpool.Pool, log *slog.Logger) error {
		all, err := tenancy.NewDirectory(pool, log).List(ctx)
		if err != nil {
			return err
		}
		for _, t := range all {
			fmt.Fprintf(stdout, "%s\t%s\t%s\n", t.Slug, t.PrimaryHost, t.Name)
		}
		return nil
	})
}

// tenantsImport imports the named tenant files, or every file of the
// tenants directory, into the database; a running engine serves the change
// at once (its directory follows LISTEN/NOTIFY).
func tenantsImport(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("tenants import", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := config.TenantsFlags(fs)
	overwrite := fs.Bool("overwrite", false, "replace tenants whose file did not change as well (undoing console edits)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := cfg.FromEnv(); err != nil {
		return err
	}
	var files []tenancy.File
	var err error
	if names := fs.Args(); len(names) > 0 {
		// Files named on the command line are imported over what is stored.
		*overwrite = true
		files, err = readTenantFiles(names)
	} else {
		dir, _ := cfg.TenantFiles()
		files, err = tenantDir(dir, true)
	}
	if err != nil {
		return err
	}
	set, err := startThemes(cfg)
	if err != nil {
		return err
	}
	return withDatabase(ctx, cfg, stderr, func(pool *pgxpool.Pool, _ *slog.Logger) error {
		return importTenants(ctx, pool, set, files, *overwrite, func(r tenancy.ImportResult) {
			state := "imported"
			switch {
			case r.Skipped:
				state = "kept (unchanged file; use --overwrite to replace)"
			case r.Updated:
				state = "updated"
			}
			fmt.Fprintf(stdout, "%s\t%s\n", r.Slug, state)
		})
	})
}

// withDatabase opens the database (starting the private cluster if needed).
func withDatabase(ctx context.Context, cfg *config.Config, stderr io.Writer, fn func(*pgxpool.Pool, *slog.Logger) error) error {
	if err := cfg.FromEnv(); err != nil {
		return err
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	pool, closeDB, err := database.Connect(ctx, cfg.DatabaseURL, cfg.DataDir, log)
	if err != nil {
		return err
	}
	defer closeDB()
	return fn(pool, log)
}

// startTenants are the tenant files serve imports: the tenants directory's
// and, with --demo, the demo brands compiled into the binary (a file of the
// directory wins over a demo brand of the same slug).
func startTenants(cfg *config.Config) ([]tenancy.File, error) {
	dir, given := cfg.TenantFiles()
	files, err := tenantDir(dir, given)
	if err != nil {
		return nil, err
	}
	if !cfg.Demo {
		return files, nil
	}
	demo, err := tenancy.ReadFiles(tenants.Demo())
	if err != nil {
		return nil, fmt.Errorf("demo tenants: %w", err)
	}
	have := map[string]bool{}
	for _, f := range files {
		have[f.Slug] = true
	}
	for _, f := range demo {
		if !have[f.Slug] {
			files = append(files, f)
		}
	}
	return files, nil
}

// startThemes are the themes serve serves: the built-in ones and those of
// the themes directory, each checked (themes.Load); a missing directory is
// an error only when it was given.
func startThemes(cfg *config.Config) (*themes.Set, error) {
	dir, given := cfg.ThemeFiles()
	if _, err := os.Stat(dir); err != nil {
		if errors.Is(err, fs.ErrNotExist) && !given {
			return themes.Embedded()
		}
		return nil, fmt.Errorf("themes directory: %w", err)
	}
	return themes.Load(dir)
}

// themesOf refuses brand files whose theme is not one of set's.
func themesOf(files []tenancy.File, set *themes.Set) error {
	for _, f := range files {
		if _, ok := set.Theme(f.Theme); !ok {
			return fmt.Errorf("tenant file %s: theme %q is not one of %v", f.Slug, f.Theme, set.Names())
		}
	}
	return nil
}

// tenantDir reads every *.yaml file of dir; a missing dir is an error only
// when it was given.
func tenantDir(dir string, required bool) ([]tenancy.File, error) {
	if _, err := os.Stat(dir); err != nil {
		if errors.Is(err, fs.ErrNotExist) && !required {
			return nil, nil
		}
		return nil, fmt.Errorf("tenants directory: %w", err)
	}
	files, err := tenancy.ReadFiles(os.DirFS(dir))
	if err != nil {
		return nil, fmt.Errorf("tenants directory %s: %w", dir, err)
	}
	return files, nil
}

func readTenantFiles(names []string) ([]tenancy.File, error) {
	files := make([]tenancy.File, 0, len(names))
	for _, name := range names {
		raw, err := os.ReadFile(name)
		if err != nil {
			return nil, fmt.Errorf("tenant file: %w", err)
		}
		f, err := tenancy.ParseFile(name, raw)
		if err != nil {
			return nil, err
		}
		files = append(files, f)
	}
	return files, nil
}

// importTenants checks and imports files with every area's section
// (brandfile), their themes and colours against the engine's themes (set),
// reporting what happened to each.
func importTenants(ctx context.Context, pool *pgxpool.Pool, set *themes.Set, files []tenancy.File, overwrite bool, report func(tenancy.ImportResult)) error {
	results, err := brandfile.Import(ctx, pool, set, files, overwrite)
	if err != nil {
		return err
	}
	for _, r := range results {
		report(r)
	}
	return nil
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

// withTenants opens the database and hands over a directory of the tenants
// stored in it (imported by serve or tenants import).
func withTenants(ctx context.Context, cfg *config.Config, stderr io.Writer, fn func(*pgxpool.Pool, *tenancy.Directory) error) error {
	return withDatabase(ctx, cfg, stderr, func(pool *pgxpool.Pool, log *slog.Logger) error {
		return fn(pool, tenancy.NewDirectory(pool, log))
	})
}
