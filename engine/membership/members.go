package membership

import (
	"context"
	"fmt"
	"net/http"
	"net/netip"
	"time"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/accounts"
	"rendezvous/engine/billing/discounts"
	"rendezvous/engine/chat"
	"rendezvous/engine/delivery"
	"rendezvous/engine/profiles"
	"rendezvous/engine/tenancy"
)

// Lifecycle runs what a member's account and profile go through together: a
// signup creates both, a confirmed address shows the profile, a deletion
// hides it and a reactivation shows it again. Each is one transaction, in
// which accounts and profiles (and chat, for the signup message) each do
// their own part; so neither area imports the other.
type Lifecycle struct {
	Accounts *accounts.Service
	// Jobs queues the signup message in the signup's transaction.
	Jobs delivery.Inserter
}

// NewLifecycle returns the member lifecycle over the account rules; jobs
// queues the signup message.
func NewLifecycle(svc *accounts.Service, jobs delivery.Inserter) *Lifecycle {
	return &Lifecycle{Accounts: svc, Jobs: jobs}
}

// Signup creates a member of t: checks every rule, then in one transaction
// the member, the profile, the signup credits, the activation mail, the
// signup message's job and the member's offers (the personal welcome code
// for the tenant's welcome_discount_hours, and the tenant's time bonus).
func (ms *Lifecycle) Signup(ctx context.Context, t *tenancy.Tenant, req accounts.SignupRequest, v accounts.Visit) (*accounts.Account, error) {
	n, err := ms.Accounts.CheckSignup(ctx, t, req, v)
	if err != nil {
		return nil, err
	}
	req = n.Request
	var m *accounts.Account
	err = pgx.BeginFunc(ctx, ms.Accounts.Pool, func(tx pgx.Tx) error {
		var err error
		if m, err = ms.Accounts.SignupTx(ctx, tx, t, n); err != nil {
			return err
		}
		err = profiles.Create(ctx, tx, profiles.NewProfile{
			ID: m.ID, Pool: t.ProfilePool, Name: req.Name, Gender: req.Gender, Seeking: req.Seeking,
			DateOfBirth: n.DateOfBirth, Country: n.Country, Region: req.Region, City: req.City,
		}, ms.Accounts.Now())
		if err != nil {
			return err
		}
		// The offers come with the member: a failure to issue them fails
		// the signup rather than leave a member without their welcome code.
		if err := discounts.IssueSignupOffers(ctx, tx, t.ID, m.ID, m.SignupDate, t.Settings.WelcomeDiscountValidity()); err != nil {
			return err
		}
		if req.SignupMessage != "" && m.SignupProfileID > 0 {
			// Queued with the member, so a stop right after the commit
			// cannot lose it.
			_, err := ms.Jobs.InsertTx(ctx, tx, chat.SignupMessageArgs{
				TenantID: t.ID, MemberID: m.ID, ProfileID: m.SignupProfileID, Text: req.SignupMessage,
			}, nil)
			if err != nil {
				return fmt.Errorf("queue signup message: %w", err)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// showConfirmed shows the disabled profile of member id, whose address a
// mailed link just proved.
func (ms *Lifecycle) showConfirmed(ctx context.Context, tx pgx.Tx, id int64) error {
	return profiles.SetStatus(ctx, tx, id, profiles.StatusActive, []string{profiles.StatusDisabled}, ms.Accounts.Now())
}

// Activate confirms a member's address with the mailed token: the account
// becomes active and its profile visible. A used, expired or foreign token
// is accounts.ErrLinkInvalid.
func (ms *Lifecycle) Activate(ctx context.Context, t *tenancy.Tenant, token string) error {
	return pgx.BeginFunc(ctx, ms.Accounts.Pool, func(tx pgx.Tx) error {
		id, err := ms.Accounts.ActivateTx(ctx, tx, t, token)
		if err != nil {
			return err
		}
		return ms.showConfirmed(ctx, tx, id)
	})
}

// Reset sets a new password with a mailed token (accounts.ResetTx); a not
// yet confirmed account becomes active and its profile visible.
func (ms *Lifecycle) Reset(ctx context.Context, t *tenancy.Tenant, req accounts.ResetRequest) error {
	reset, err := ms.Accounts.CheckReset(ctx, t, req)
	if err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, ms.Accounts.Pool, func(tx pgx.Tx) error {
		id, err := ms.Accounts.ResetTx(ctx, tx, t, reset)
		if err != nil {
			return err
		}
		return ms.showConfirmed(ctx, tx, id)
	})
}

// ConfirmMailChange makes the address a mail_change token was mailed to the
// member's email address; a not yet confirmed account becomes active and
// its profile visible.
func (ms *Lifecycle) ConfirmMailChange(ctx context.Context, t *tenancy.Tenant, token string) (*accounts.Account, error) {
	var m *accounts.Account
	err := pgx.BeginFunc(ctx, ms.Accounts.Pool, func(tx pgx.Tx) error {
		var confirmed bool
		var err error
		m, confirmed, err = ms.Accounts.ConfirmMailChangeTx(ctx, tx, t, token)
		if err != nil || !confirmed {
			return err
		}
		return ms.showConfirmed(ctx, tx, m.ID)
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// RequestDeletion makes m's account deletion-pending: the profile is hidden
// everywhere, logins are refused, and a reactivation link valid for
// accounts.DeletionGrace is mailed. It returns when the purge will happen.
func (ms *Lifecycle) RequestDeletion(ctx context.Context, t *tenancy.Tenant, m *accounts.Account, baseURL string) (time.Time, error) {
	var purgeAt time.Time
	err := pgx.BeginFunc(ctx, ms.Accounts.Pool, func(tx pgx.Tx) (err error) {
		purgeAt, err = ms.requestDeletionTx(ctx, tx, t, m, baseURL)
		return err
	})
	if err != nil {
		return time.Time{}, err
	}
	return purgeAt, nil
}

// WithdrawOrientation records that m withdrew the consent to process their
// orientation and preferences (from address) and, in the same transaction,
// requests the account's deletion: nobody can be matched without it. The
// reactivation link of the deletion mail works as for any deletion.
func (ms *Lifecycle) WithdrawOrientation(ctx context.Context, t *tenancy.Tenant, m *accounts.Account, baseURL string, address netip.Addr) (time.Time, error) {
	var purgeAt time.Time
	err := pgx.BeginFunc(ctx, ms.Accounts.Pool, func(tx pgx.Tx) (err error) {
		if err := ms.Accounts.WithdrawOrientationTx(ctx, tx, m, address); err != nil {
			return err
		}
		purgeAt, err = ms.requestDeletionTx(ctx, tx, t, m, baseURL)
		return err
	})
	if err != nil {
		return time.Time{}, err
	}
	return purgeAt, nil
}

// requestDeletionTx makes m's account deletion-pending and hides the
// profile, in tx.
func (ms *Lifecycle) requestDeletionTx(ctx context.Context, tx pgx.Tx, t *tenancy.Tenant, m *accounts.Account, baseURL string) (time.Time, error) {
	purgeAt, err := ms.Accounts.RequestDeletionTx(ctx, tx, t, m, baseURL)
	if err != nil {
		return time.Time{}, err
	}
	return purgeAt, profiles.SetStatus(ctx, tx, m.ID, profiles.StatusHidden,
		[]string{profiles.StatusActive, profiles.StatusDisabled}, ms.Accounts.Now())
}

// Reactivate reverses a pending deletion with the mailed token and returns
// the member, active again with their profile shown (the link proved the
// address) unless the orientation consent was withdrawn.
func (ms *Lifecycle) Reactivate(ctx context.Context, t *tenancy.Tenant, token string) (*accounts.Account, error) {
	var m *accounts.Account
	err := pgx.BeginFunc(ctx, ms.Accounts.Pool, func(tx pgx.Tx) error {
		var err error
		if m, err = ms.Accounts.ReactivateTx(ctx, tx, t, token); err != nil {
			return err
		}
		return showProfile(ctx, tx, m.ID, []string{profiles.StatusHidden, profiles.StatusDisabled}, ms.Accounts.Now())
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// Consent records what the logged-in m accepts now; the orientation
// consent given again shows the profile it kept hidden.
func (ms *Lifecycle) Consent(ctx context.Context, t *tenancy.Tenant, m *accounts.Account, a accounts.ConsentAnswer, address netip.Addr) error {
	return pgx.BeginFunc(ctx, ms.Accounts.Pool, func(tx pgx.Tx) error {
		if err := ms.Accounts.ConsentTx(ctx, tx, t, m, a, address); err != nil {
			return err
		}
		if !a.Orientation {
			return nil
		}
		return profiles.SetStatus(ctx, tx, m.ID, profiles.StatusActive, []string{profiles.StatusHidden}, ms.Accounts.Now())
	})
}

// SuspensionEnded shows the profile a suspension hid, now that it is over.
func (ms *Lifecycle) SuspensionEnded(ctx context.Context, member int64) error {
	return pgx.BeginFunc(ctx, ms.Accounts.Pool, func(tx pgx.Tx) error {
		return showProfile(ctx, tx, member, []string{profiles.StatusHidden}, ms.Accounts.Now())
	})
}

// showProfile shows member's profile again, from one of the statuses from,
// once an account is active again: nobody is matched without the
// orientation consent, so a member who withdrew it and came back stays
// hidden until they give it again (Consent).
func showProfile(ctx context.Context, tx pgx.Tx, member int64, from []string, now time.Time) error {
	withdrawn, err := accounts.OrientationWithdrawn(ctx, tx, member)
	if err != nil || withdrawn {
		return err
	}
	return profiles.SetStatus(ctx, tx, member, profiles.StatusActive, from, now)
}

// SeenInterval is how often a member's visits are recorded at most:
// recording every request would write two rows per request.
const SeenInterval = time.Minute

// MarkSeen is the middleware after accounts' Identify that records, at most
// once per SeenInterval, that the logged-in member was seen.
func (ms *Lifecycle) MarkSeen(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// LastSeen does not read the account, which most requests
		// never need.
		if id, seen, ok := accounts.LastSeen(r.Context()); ok && ms.Accounts.Now().Sub(seen) > SeenInterval {
			ms.seen(r.Context(), id)
		}
		next.ServeHTTP(w, r)
	})
}

// seen records that member id was seen now: the account's last visit and
// the profile's last activity, which search ranking and "recently active"
// use. A failure is logged, never the request's.
func (ms *Lifecycle) seen(ctx context.Context, id int64) {
	if err := ms.Accounts.MarkSeen(ctx, id); err != nil {
		ms.Accounts.Log.Warn("mark member seen", "member", id, "err", err)
	}
	if err := profiles.MarkActive(ctx, ms.Accounts.Pool, id); err != nil {
		ms.Accounts.Log.Warn("mark profile active", "member", id, "err", err)
	}
}
