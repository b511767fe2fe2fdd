package staff

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"strings"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/staff/internal/db"
)

// DemoStaff is a staff account of the demo (serve --demo), all with
// DemoPassword.
type DemoStaff struct {
	Email  string
	Role   string
	Tenant string
}

// DemoAccounts are the demo's staff accounts: the superadmin on every
// tenant, and a moderator, a chat operator and a support agent per tenant.
func (s *Service) DemoAccounts(ctx context.Context) ([]DemoStaff, error) {
	all, err := s.Tenants.List(ctx)
	if err != nil {
		return nil, err
	}
	out := []DemoStaff{{Email: DemoEmail, Role: RoleSuperadmin, Tenant: AllTenants}}
	for _, t := range all {
		out = append(out,
			DemoStaff{Email: "moderator@" + t.Slug + ".example", Role: RoleModerator, Tenant: t.Slug},
			DemoStaff{Email: "chat@" + t.Slug + ".example", Role: RoleChatOperator, Tenant: t.Slug},
			DemoStaff{Email: "support@" + t.Slug + ".example", Role: RoleSupport, Tenant: t.Slug})
	}
	return out, nil
}

// SeedDemo makes the demo's staff accounts that do not exist yet; a restart
// adds nothing.
func (s *Service) SeedDemo(ctx context.Context) error {
	accounts, err := s.DemoAccounts(ctx)
	if err != nil {
		return err
	}
	q := db.New(s.Pool)
	for _, a := range accounts {
		// Looked up first: Create hashes the password (argon2id, tens of
		// milliseconds each) before it finds the address taken, which made
		// every restart of the demo seconds slower
		// (engine/cmd/bench/HISTORY.md).
		if _, err := q.StaffByEmail(ctx, a.Email); err == nil {
			continue
		} else if !errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("demo staff %s: %w", a.Email, err)
		}
		_, err := s.Create(ctx, NewStaff{Email: a.Email, Role: a.Role, Tenant: a.Tenant, Password: DemoPassword}, nil, netip.Addr{})
		if err != nil && !errors.Is(err, ErrEmailTaken) {
			return fmt.Errorf("demo staff %s: %w", a.Email, err)
		}
	}
	emails := make([]string, len(accounts))
	for i, a := range accounts {
		emails[i] = strings.ToLower(a.Email)
	}
	if err := q.StaffMarkDemo(ctx, emails); err != nil {
		return fmt.Errorf("mark the demo's staff: %w", err)
	}
	return nil
}

// ErrDemoStaff refuses to enable a demo account on an engine that is not
// the demo.
var ErrDemoStaff = refusal.New(refusal.Conflict, "staff_demo_account",
	"This is an account of the demo: only a start with --demo enables it.")

// SwitchDemo enables the demo's staff accounts (on: a start with --demo)
// or disables them (off: a start without it, which also ends their
// sessions), audited as staff.enable or staff.disable by nobody, and
// answers the addresses it switched. Their password is published and the
// demo's superadmin holds every permission on every brand, so they must not
// log in on a real site; a data directory that once ran the demo gets them
// back only from another demo start (Enable refuses them meanwhile). An
// account a superadmin disabled stays disabled.
func (s *Service) SwitchDemo(ctx context.Context, on bool) ([]string, error) {
	var emails []string
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		var err error
		action, why := "staff.enable", "a start with --demo"
		if on {
			emails, err = q.StaffDemoOn(ctx)
		} else {
			action, why = "staff.disable", "a start without --demo"
			emails, err = q.StaffDemoOff(ctx, s.Now())
		}
		if err != nil {
			return err
		}
		for _, email := range emails {
			e := Entry{Tenant: AllTenants, Action: action, After: map[string]any{"email": email, "demo": true, "by": why}}
			if err := record(ctx, q, e); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("switch the demo's staff (on: %v): %w", on, err)
	}
	return emails, nil
}
