package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net/netip"
	"strings"

	"github.com/jackc/pgx/v5/pgxpool"

	"rendezvous/engine/platform/config"
	"rendezvous/engine/staff"
	"rendezvous/engine/tenancy"
)

// staffCreate makes an account of the operators' console with one role,
// on one tenant or (without --tenant) on every tenant; an affiliate's
// account (role affiliate) names its --network, and may name --refs and
// its --revenue-share. The password comes
// from the first line of standard input with --password-stdin; otherwise a
// one-time password is made and printed once.
func staffCreate(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("staff create", flag.ContinueOnError)
	fs.SetOutput(stderr)
	cfg := config.DataFlags(fs)
	email := fs.String("email", "", "the staff member's login email")
	role := fs.String("role", "", "the role: "+strings.Join(staff.Roles, ", "))
	slug := fs.String("tenant", "", "the tenant's slug the role holds on (default: every tenant)")
	fromStdin := fs.Bool("password-stdin", false, "read the password from the first line of standard input")
	network := fs.String("network", "", "an affiliate's network (role affiliate): the links' network= whose traffic it sees")
	refs := fs.String("refs", "", "an affiliate's refs, comma-separated (default: every ref of its network)")
	share := fs.Float64("revenue-share", 0, "an affiliate's share of the revenue it brings, in percent (25 or 12.5)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *email == "" || *role == "" {
		fs.Usage()
		return errors.New("staff create needs --email and --role")
	}
	var password string
	if *fromStdin {
		line, err := readLine(stdin)
		if err != nil {
			return fmt.Errorf("read the password from standard input: %w", err)
		}
		if password = line; password == "" {
			return errors.New("--password-stdin: standard input holds no password")
		}
	}
	return withTenants(ctx, cfg, stderr, func(pool *pgxpool.Pool, dir *tenancy.Directory) error {
		svc, err := staff.NewService(ctx, pool, dir, slog.New(slog.DiscardHandler), staff.Options{})
		if err != nil {
			return err
		}
		n := staff.NewStaff{Email: *email, Role: *role, Tenant: *slug, Password: password}
		if *network != "" || *refs != "" || *share != 0 {
			n.Affiliate = &staff.AffiliateScope{Network: *network, RevenueShare: int(math.Round(*share * 100))}
			for r := range strings.SplitSeq(*refs, ",") {
				if r = strings.TrimSpace(r); r != "" {
					n.Affiliate.Refs = append(n.Affiliate.Refs, r)
				}
			}
		}
		out, err := svc.Create(ctx, n, nil, netip.Addr{})
		if err != nil {
			return err
		}
		g := out.Staff.Roles[0]
		fmt.Fprintf(stdout, "staff %d (%s) is %s on %s\n", out.Staff.ID, out.Staff.Email, g.Role, g.Tenant)
		if a := out.Staff.Affiliate; a != nil {
			fmt.Fprintf(stdout, "sees the network %s, refs %s, revenue share %.2f %%\n", a.Network, strings.Join(a.Refs, ","), float64(a.RevenueShare)/100)
		}
		if out.Password != "" {
			fmt.Fprintf(stdout, "password (shown once): %s\n", out.Password)
		}
		fmt.Fprintln(stdout, "The first console login asks to set up an authenticator app (TOTP).")
		return nil
	})
}

// readLine reads the first line of r without its line ending.
func readLine(r io.Reader) (string, error) {
	b, err := io.ReadAll(io.LimitReader(r, 4096))
	if err != nil {
		return "", err
	}
	line, _, _ := strings.Cut(string(b), "\n")
	return strings.TrimRight(line, "\r"), nil
}
