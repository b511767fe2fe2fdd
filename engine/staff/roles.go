package staff

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/staff/internal/db"
)

// Staff accounts in the console: superadmins give and take roles and
// disable accounts. A superadmin cannot take their own superadmin role on
// every tenant (the console would have nobody left to give it back) nor
// disable themselves.

// Refusals of the staff calls.
var (
	ErrStaffNotFound   = refusal.New(refusal.NotFound, "staff_not_found", "There is no such staff account.")
	ErrRolesEmpty      = refusal.New(refusal.Invalid, "roles_empty", "Give the account at least one role (disable it to take every role).")
	ErrOwnSuperadmin   = refusal.New(refusal.Conflict, "own_superadmin_role", "You cannot take your own superadmin role on every tenant.")
	ErrDisableSelf     = refusal.New(refusal.Conflict, "staff_disable_self", "You cannot disable your own account.")
	ErrStaffDisabled   = refusal.New(refusal.Conflict, "staff_disabled", "This staff account is disabled.")
	ErrStaffEnabled    = refusal.New(refusal.Conflict, "staff_not_disabled", "This staff account is not disabled.")
	errGrantDuplicated = refusal.New(refusal.Invalid, "role_duplicated", "The role {role} on {tenant} is given twice.")
)

// maxGrants bounds the roles of one account.
const maxGrants = 50

// checkGrants checks each role and tenant ("" counts as "*") and answers
// the grants in their stored form.
func (s *Service) checkGrants(ctx context.Context, grants []Grant) ([]Grant, error) {
	if len(grants) == 0 || len(grants) > maxGrants {
		return nil, ErrRolesEmpty
	}
	out := make([]Grant, 0, len(grants))
	for _, g := range grants {
		g.Role, g.Tenant = strings.TrimSpace(g.Role), strings.TrimSpace(g.Tenant)
		if !slices.Contains(Roles, g.Role) {
			return nil, ErrRoleInvalid
		}
		if g.Tenant == "" {
			g.Tenant = AllTenants
		}
		if g.Tenant != AllTenants {
			if err := s.checkTenant(ctx, g.Tenant); err != nil {
				return nil, err
			}
		}
		if slices.Contains(out, g) {
			return nil, errGrantDuplicated.With(map[string]any{"role": g.Role, "tenant": g.Tenant})
		}
		out = append(out, g)
	}
	return out, nil
}

// grantsTenant is the audit row's tenant of a change of these roles: their
// one tenant, or "*" when they span several.
func grantsTenant(grants []Grant) string {
	if len(grants) == 0 {
		return AllTenants
	}
	t := grants[0].Tenant
	for _, g := range grants[1:] {
		if g.Tenant != t {
			return AllTenants
		}
	}
	return t
}

// staffForUpdate reads the account of id in the transaction of q.
func staffForUpdate(ctx context.Context, q *db.Queries, id int64) (db.StaffAccount, error) {
	a, err := q.StaffByID(ctx, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return db.StaffAccount{}, ErrStaffNotFound
	}
	if err != nil {
		return db.StaffAccount{}, fmt.Errorf("read staff %d: %w", id, err)
	}
	return a, nil
}

// SetRoles replaces the roles of staff account id with grants, audited with
// the roles before and after. by may not take their own superadmin role on
// every tenant.
func (s *Service) SetRoles(ctx context.Context, id int64, grants []Grant, by *Staff, ip netip.Addr) (*Staff, error) {
	grants, err := s.checkGrants(ctx, grants)
	if err != nil {
		return nil, err
	}
	superadmin := Grant{Role: RoleSuperadmin, Tenant: AllTenants}
	if by != nil && by.ID == id && !slices.Contains(grants, superadmin) {
		return nil, ErrOwnSuperadmin
	}
	before, err := s.Policy.Grants(ctx, id)
	if err != nil {
		return nil, err
	}
	err = pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		if err := q.RulesLock(ctx); err != nil {
			return err
		}
		a, err := staffForUpdate(ctx, q, id)
		if err != nil {
			return err
		}
		// An affiliate stays an affiliate and staff stay staff: the
		// affiliate role alone, on the scope it was made with.
		var scope *AffiliateScope
		if isAffiliate(before) {
			if scope, err = affiliateScope(ctx, q, id); err != nil {
				return err
			}
		}
		if _, err := checkAffiliate(grants, scope); err != nil {
			return ErrAffiliateAlone
		}
		for _, g := range before {
			if !slices.Contains(grants, g) {
				p := ruleParams("g", []string{subject(id), g.Role, g.Tenant})
				if err := q.RuleRemove(ctx, db.RuleRemoveParams(p)); err != nil {
					return fmt.Errorf("take %s on %s: %w", g.Role, g.Tenant, err)
				}
			}
		}
		for _, g := range grants {
			if !slices.Contains(before, g) {
				if err := addGrant(ctx, q, id, g); err != nil {
					return err
				}
			}
		}
		return record(ctx, q, Entry{By: by, Tenant: grantsTenant(append(slices.Clone(before), grants...)), Action: "staff.roles", IP: ip,
			Before: map[string]any{"id": id, "email": a.Email, "roles": before},
			After:  map[string]any{"id": id, "email": a.Email, "roles": grants}})
	})
	if err != nil {
		return nil, err
	}
	return s.staffByIDAny(ctx, id)
}

// Disable disables staff account id: it logs in no more and its console
// sessions end at once (the epoch moves on). Audited; nobody disables
// themselves.
func (s *Service) Disable(ctx context.Context, id int64, by *Staff, ip netip.Addr) (*Staff, error) {
	if by != nil && by.ID == id {
		return nil, ErrDisableSelf
	}
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		a, err := staffForUpdate(ctx, q, id)
		if err != nil {
			return err
		}
		if a.DisabledAt.Valid {
			return ErrStaffDisabled
		}
		after, err := q.StaffDisable(ctx, db.StaffDisableParams{ID: id, Now: s.Now()})
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrStaffDisabled
		}
		if err != nil {
			return fmt.Errorf("disable staff %d: %w", id, err)
		}
		return record(ctx, q, Entry{By: by, Tenant: AllTenants, Action: "staff.disable", IP: ip,
			Before: map[string]any{"id": id, "email": a.Email, "disabled_at": nil},
			After:  map[string]any{"id": id, "email": a.Email, "disabled_at": after.DisabledAt.Time}})
	})
	if err != nil {
		return nil, err
	}
	return s.staffByIDAny(ctx, id)
}

// Enable lets disabled staff account id log in again (someone disabled by
// mistake, or back from leave), with the password, second factor and
// roles it had. Audited.
func (s *Service) Enable(ctx context.Context, id int64, by *Staff, ip netip.Addr) (*Staff, error) {
	err := pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		a, err := staffForUpdate(ctx, q, id)
		if err != nil {
			return err
		}
		if !a.DisabledAt.Valid {
			return ErrStaffEnabled
		}
		if a.Demo && !s.Demo {
			return ErrDemoStaff
		}
		if _, err := q.StaffEnable(ctx, id); err != nil {
			return fmt.Errorf("enable staff %d: %w", id, err)
		}
		return record(ctx, q, Entry{By: by, Tenant: AllTenants, Action: "staff.enable", IP: ip,
			Before: map[string]any{"id": id, "email": a.Email, "disabled_at": a.DisabledAt.Time},
			After:  map[string]any{"id": id, "email": a.Email, "disabled_at": nil}})
	})
	if err != nil {
		return nil, err
	}
	return s.staffByIDAny(ctx, id)
}

// staffByIDAny is the account of id, disabled or not.
func (s *Service) staffByIDAny(ctx context.Context, id int64) (*Staff, error) {
	a, err := staffForUpdate(ctx, db.New(s.Pool), id)
	if err != nil {
		return nil, err
	}
	return s.staffFrom(ctx, a)
}
