package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"sort"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/accounts"
	"rendezvous/engine/demo"
	"rendezvous/engine/platform/config"
	"rendezvous/engine/platform/database"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/profiles"
	"rendezvous/engine/server"
	"rendezvous/engine/staff"
	"rendezvous/engine/tenancy"
)

func serve(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := config.Flags(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if err := cfg.FromEnv(); err != nil {
		return err
	}
	if err := cfg.CheckMail(); err != nil {
		return err
	}
	log := cfg.Logger()
	if !cfg.SecureCookies {
		// Right for plain http on this machine; behind an HTTPS proxy the
		// session cookie would also travel over plain http.
		log.Warn("cookies are not marked Secure and mailed links are http://: set SECURE_COOKIES=1 behind HTTPS", "addr", cfg.Addr)
	}
	began := time.Now()
	// Each phase's duration goes on the "serving" line, so a slow start
	// says where its time went (engine/README.md, Benchmarks).
	var phases []any
	lap := began
	phase := func(name string) {
		now := time.Now()
		phases = append(phases, name, now.Sub(lap).Round(time.Millisecond))
		lap = now
	}

	progress(stdout, "1/4 database")
	pool, closeDB, err := database.Connect(ctx, cfg.DatabaseURL, cfg.DataDir, log)
	if err != nil {
		return err
	}
	defer closeDB()
	readPool, closeRead, err := database.OpenRead(ctx, cfg.DatabaseReadURL, pool, log)
	if err != nil {
		return err
	}
	defer closeRead()

	phase("database")
	progress(stdout, "2/4 tenants")
	themeSet, err := startThemes(cfg)
	if err != nil {
		return err
	}
	files, err := startTenants(cfg)
	if err != nil {
		return err
	}
	if err := themesOf(files, themeSet); err != nil {
		return err
	}
	err = importTenants(ctx, pool, themeSet, files, false, func(r tenancy.ImportResult) {
		if !r.Skipped {
			log.Info("imported tenant", "slug", r.Slug, "updated", r.Updated)
		}
	})
	if err != nil {
		return err
	}
	if len(files) == 0 {
		dir, _ := cfg.TenantFiles()
		log.Warn("no tenant files (add brands to the tenants directory, or --demo for the demo brands)", "dir", dir)
	}
	dir := tenancy.NewDirectory(pool, log)
	go dir.Listen(ctx)

	phase("tenants")
	progress(stdout, "3/4 web app")
	dist, err := distFS(cfg.WebDir)
	if err != nil {
		return err
	}
	engine, err := server.New(server.Deps{Config: cfg, Log: log, Pool: pool, ReadPool: readPool, Directory: dir,
		Dist: dist, LiveDist: cfg.WebDir != "", Themes: themeSet.FS, SessionCleanup: 10 * time.Minute})
	if err != nil {
		return err
	}
	// A tenant whose payment provider cannot be opened (its Mollie key
	// variable unset, the sandbox not enabled) answers its orders with
	// payments_unavailable; say so now rather than at the first order.
	if list, err := dir.List(ctx); err == nil {
		for _, problem := range engine.Billing.CheckProviders(list) {
			log.Warn("payments unavailable", "err", problem)
		}
	}
	phase("engine")
	if cfg.Demo {
		// Members with photos for every pool and known logins per tenant;
		// a restart adds nothing (engine/README.md, Demo data).
		progress(stdout, "3/4 demo data")
		seeder := demo.NewSeeder(pool, engine.Profiles.Store, engine.Profiles.Images, log)
		if err := seeder.Seed(ctx); err != nil {
			return fmt.Errorf("demo data: %w", err)
		}
		// The console's demo staff (engine/README.md, Console).
		if err := engine.Console.Staff.SeedDemo(ctx); err != nil {
			return err
		}
	}
	if err := switchDemoAccounts(ctx, cfg.Demo, engine.Console.Staff, pool, log); err != nil {
		return err
	}

	phase("demo")
	// Background jobs (mail, purges) run while the engine serves.
	if err := engine.Jobs.Start(ctx); err != nil {
		return fmt.Errorf("start jobs: %w", err)
	}
	defer func() {
		stopCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownGrace)
		defer cancel()
		_ = engine.Jobs.Stop(stopCtx)
	}()
	// Live event streams end as soon as shutdown begins, so they do not
	// hold the graceful stop for its whole grace period.
	engine.Live.Start()
	defer engine.Live.Close()
	context.AfterFunc(ctx, engine.Live.Close)

	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", cfg.Addr, err)
	}
	if cfg.PublicPort == "" && cfg.DevMailbox {
		// Development: the mailbox's links lead back to this engine.
		engine.Links.Port = strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
	}
	if cfg.OpsAddr != "" {
		// The operations address: metrics and health for the operator's
		// network only.
		opsLn, err := net.Listen("tcp", cfg.OpsAddr)
		if err != nil {
			return fmt.Errorf("listen on the operations address %s: %w", cfg.OpsAddr, err)
		}
		go func() {
			if err := httpx.Serve(ctx, opsLn, engine.Ops, log, cfg.ShutdownGrace); err != nil {
				log.Error("operations address", "err", err)
			}
		}()
		fmt.Fprintf(stdout, "operations (metrics, health): http://%s/metrics\n", opsLn.Addr())
	}
	phase("jobs")
	progress(stdout, "4/4 serving")
	all, err := dir.List(ctx)
	if err != nil {
		return err
	}
	printURLs(stdout, ln.Addr().(*net.TCPAddr).Port, all, cfg.AdminHosts)
	// How long the start took, from the command's parse to listening: the
	// figure engine/cmd/bench/run-timing.sh's second start is mostly made of.
	log.Info("serving", append([]any{"started_in", time.Since(began).Round(time.Millisecond)}, phases...)...)
	return httpx.Serve(ctx, ln, engine.Handler, log, cfg.ShutdownGrace)
}

// switchDemoAccounts enables the demo's staff and members on a demo start
// (demo) and disables them on any other (hiding the members' profiles),
// saying so in the log: their password is published and the demo's
// superadmin may do anything, so a data directory once run with --demo must
// not keep them when it goes live. Only another start with --demo enables
// them again.
func switchDemoAccounts(ctx context.Context, demo bool, console *staff.Service, pool *pgxpool.Pool, log *slog.Logger) error {
	staff, err := console.SwitchDemo(ctx, demo)
	if err != nil {
		return err
	}
	members, err := accounts.SwitchDemo(ctx, pool, demo)
	if err != nil {
		return err
	}
	shown, err := profiles.SwitchDemo(ctx, pool, demo, time.Now())
	if err != nil {
		return err
	}
	switch {
	case len(staff) == 0 && members == 0 && shown == 0:
	case demo:
		log.Info("demo accounts enabled again (--demo)", "staff", staff, "members", members, "profiles_shown", shown)
	default:
		log.Warn("demo accounts disabled: this start is without --demo, and their password is published; "+
			"only a start with --demo enables them again", "staff", staff, "members", members, "profiles_hidden", shown)
	}
	return nil
}

func progress(w io.Writer, step string) { fmt.Fprintf(w, "==> %s\n", step) }

func printURLs(w io.Writer, port int, all []*tenancy.Tenant, consoleHosts []string) {
	fmt.Fprintln(w, "Rendezvous is serving:")
	for _, t := range all {
		hosts := append([]string(nil), t.Hosts...)
		sort.SliceStable(hosts, func(i, j int) bool { return hosts[i] == t.PrimaryHost })
		for _, h := range hosts {
			fmt.Fprintf(w, "  %-14s http://%s:%d/\n", t.Slug, h, port)
		}
	}
	for _, h := range consoleHosts {
		fmt.Fprintf(w, "  %-14s http://%s:%d/admin/\n", "console", h, port)
	}
}
