package admin

import (
	"context"
	"errors"
	"fmt"
	"net/netip"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/admin/internal/db"
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
	return nil
}
