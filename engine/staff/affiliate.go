package staff

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"slices"
	"strings"
	"unicode"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/staff/internal/db"
)

// An affiliate is one of the three kinds of users besides members and
// staff: it logs into the console (with a second factor like staff) and
// sees only the traffic of its network (and, when it names refs, of those
// refs), on the brands it holds the affiliate role on. The scope is kept
// beside the account and read with it; the handlers of its calls filter
// by it on the server.

// AffiliateScope is whose traffic an affiliate account sees, and its share
// of the revenue that traffic brings.
type AffiliateScope struct {
	// Network is the links' network=, matched ignoring case.
	Network string `json:"network"`
	// Refs, when not empty, narrow it to the links' ref= among these.
	Refs []string `json:"refs"`
	// RevenueShare is the affiliate's share of revenue in hundredths of a
	// percent (2500 is 25 %).
	RevenueShare int `json:"revenue_share"`
}

// Refusals of affiliate accounts.
var (
	ErrAffiliateScope = refusal.New(refusal.Invalid, "affiliate_scope_invalid",
		"An affiliate account needs its network (and may name refs and a revenue share of 0 to 100 %); other accounts have none.")
	ErrAffiliateAlone = refusal.New(refusal.Invalid, "affiliate_role_alone",
		"An affiliate account holds the affiliate role only; give other roles to a staff account.")
)

// maxRefs bounds the refs of one affiliate.
const maxRefs = 50

// checkAffiliate checks that grants and scope fit together: the affiliate
// role alone and with a valid scope, or no affiliate role and no scope.
// It answers the scope cleaned up.
func checkAffiliate(grants []Grant, scope *AffiliateScope) (*AffiliateScope, error) {
	if !isAffiliate(grants) {
		if scope != nil {
			return nil, ErrAffiliateScope
		}
		return nil, nil
	}
	if slices.ContainsFunc(grants, func(g Grant) bool { return g.Role != RoleAffiliate }) {
		return nil, ErrAffiliateAlone
	}
	if scope == nil {
		return nil, ErrAffiliateScope
	}
	out := &AffiliateScope{Network: strings.TrimSpace(scope.Network), Refs: []string{}, RevenueShare: scope.RevenueShare}
	if !plainValue(out.Network) || out.Network == "" || out.RevenueShare < 0 || out.RevenueShare > 10000 || len(scope.Refs) > maxRefs {
		return nil, ErrAffiliateScope
	}
	for _, r := range scope.Refs {
		r = strings.TrimSpace(r)
		if r == "" || !plainValue(r) {
			return nil, ErrAffiliateScope
		}
		if !slices.Contains(out.Refs, r) {
			out.Refs = append(out.Refs, r)
		}
	}
	return out, nil
}

// plainValue reports whether s could be a link's value: short printable
// text, as the engine reads tracking values.
func plainValue(s string) bool {
	if len(s) > 100 {
		return false
	}
	for _, r := range s {
		if !unicode.IsPrint(r) || r == '<' || r == '>' {
			return false
		}
	}
	return true
}

// setAffiliateScope stores scope of account id in the transaction of q.
func setAffiliateScope(ctx context.Context, q *db.Queries, id int64, scope *AffiliateScope) error {
	err := q.AffiliateScopeSet(ctx, db.AffiliateScopeSetParams{StaffID: id, Network: scope.Network, Refs: scope.Refs,
		RevenueShare: int32(scope.RevenueShare)})
	if err != nil {
		return fmt.Errorf("store the affiliate scope of staff %d: %w", id, err)
	}
	return nil
}

// affiliateScope is the scope of account id, which holds the affiliate
// role.
func affiliateScope(ctx context.Context, q *db.Queries, id int64) (*AffiliateScope, error) {
	row, err := q.AffiliateScopeOf(ctx, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("affiliate staff %d has no scope", id)
	}
	if err != nil {
		return nil, fmt.Errorf("read the affiliate scope of staff %d: %w", id, err)
	}
	return &AffiliateScope{Network: row.Network, Refs: row.Refs, RevenueShare: int(row.RevenueShare)}, nil
}

// isAffiliate reports whether grants are an affiliate's.
func isAffiliate(grants []Grant) bool {
	return slices.ContainsFunc(grants, func(g Grant) bool { return g.Role == RoleAffiliate })
}

// ErrNotAffiliate refuses a scope for an account that is not an
// affiliate's: staff see traffic by their roles, not by a network.
var ErrNotAffiliate = refusal.New(refusal.Conflict, "staff_not_affiliate", "This account is not an affiliate account; only affiliate accounts have a network and refs.")

// SetAffiliateScope replaces the network, refs and revenue share of
// affiliate account id, audited with the scope before and after. The
// caller has checked that the network is one the affiliate's brands know
// (package affiliates); the values are checked here as at creation.
func (s *Service) SetAffiliateScope(ctx context.Context, id int64, scope AffiliateScope, by *Staff, ip netip.Addr) (*Staff, error) {
	grants, err := s.Policy.Grants(ctx, id)
	if err != nil {
		return nil, err
	}
	err = pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		a, err := staffForUpdate(ctx, q, id)
		if err != nil {
			return err
		}
		if !isAffiliate(grants) {
			return ErrNotAffiliate
		}
		clean, err := checkAffiliate(grants, &scope)
		if err != nil {
			return err
		}
		before, err := affiliateScope(ctx, q, id)
		if err != nil {
			return err
		}
		if err := setAffiliateScope(ctx, q, id, clean); err != nil {
			return err
		}
		return record(ctx, q, Entry{By: by, Tenant: grantsTenant(grants), Action: "staff.affiliate_scope", IP: ip,
			Before: map[string]any{"id": id, "email": a.Email, "scope": before},
			After:  map[string]any{"id": id, "email": a.Email, "scope": clean}})
	})
	if err != nil {
		return nil, err
	}
	return s.staffByIDAny(ctx, id)
}
