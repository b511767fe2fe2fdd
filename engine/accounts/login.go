package accounts

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/netip"
	"strings"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/accounts/internal/db"
	"rendezvous/engine/platform/httpx"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/tenancy"
)

// Login refusals.
var (
	ErrLoginFailed     = refusal.New(refusal.Unauthorized, "login_failed", "Login failed, please try again")
	ErrPendingDeletion = refusal.New(refusal.Forbidden, "account_pending_deletion",
		"Your account is pending deletion. Use the link in the email we sent you to reactivate it, or contact customer service.")
)

// Credentials are what a member logs in with.
type Credentials struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

// Login checks credentials for tenant t from client address ip and returns
// the member. The attempt is counted before the password is hashed
// (reserveAttempt); while the account is blocked from this address, or the
// address is blocked, it refuses even the right password.
func (s *Service) Login(ctx context.Context, t *tenancy.Tenant, c Credentials, ip netip.Addr) (*Account, error) {
	ipSub := ipSubject(ip)
	row, err := db.New(s.Pool).MemberByEmail(ctx, db.MemberByEmailParams{TenantID: t.ID, Email: strings.TrimSpace(c.Email)})
	found := err == nil
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("look up member: %w", err)
	}
	limits := []loginLimit{{ipSub, s.Block.PerIP}}
	hash := row.PasswordHash
	if found {
		limits = append(limits, loginLimit{accountAddressSubject(row.ID, ipSub), s.Block.PerAccountAddress})
	} else {
		// Compare anyway, so a login takes as long whether or not the
		// address has an account.
		hash = s.dummyHash()
	}
	a, err := s.reserveAttempt(ctx, t, limits)
	if err != nil {
		return nil, err
	}
	ok, err := s.comparePassword(ctx, c.Password, hash)
	if err != nil {
		return nil, err
	}
	// A demo member, with the demo's published password, while the engine
	// is not the demo: as if the password were wrong.
	ok = ok && !row.DemoOff
	if !ok || !found {
		return nil, s.recordFailure(ctx, t, a)
	}
	m := memberFromRow(row)
	if err := s.forgetAttempt(ctx, t, a, m.ID, ipSub); err != nil {
		return nil, err
	}
	if m.Status == StatusDeletionPending {
		return nil, ErrPendingDeletion
	}
	if m.SuspensionEnded, err = s.checkModeration(ctx, row); err != nil {
		return nil, err
	}
	// Kept for operators' lookup by address.
	if err := db.New(s.Pool).MemberLoggedInFrom(ctx, db.MemberLoggedInFromParams{ID: m.ID, Ip: knownAddr(ip), Now: s.Now()}); err != nil {
		return nil, fmt.Errorf("record login address of %d: %w", m.ID, err)
	}
	return m, nil
}

// Handlers serves the account calls of the member API that do not answer
// with the user object (package membership serves those).
type Handlers struct {
	Service *Service
}

// Logout answers GET /api/logout.php.
func (h Handlers) Logout(w http.ResponseWriter, r *http.Request) {
	if err := h.Service.Sessions.End(r.Context()); err != nil {
		httpx.WriteError(w, r, err)
		return
	}
	httpx.NoContent(w)
}
