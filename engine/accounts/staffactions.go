package accounts

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"rendezvous/engine/accounts/internal/db"
	"rendezvous/engine/delivery"
	"rendezvous/engine/platform/refusal"
	"rendezvous/engine/tenancy"
)

// What customer service does for a member from the console: end a
// suspension or a ban early (with a reason, mailed to the member), end
// every session, reactivate an account whose deletion is pending, and mail
// the activation link again. Each runs in the caller's transaction, which
// writes the audit row; showing the profile again is the caller's part
// (profiles).

// Refusals of the customer-service actions.
var (
	ErrNotRestricted = refusal.New(refusal.Conflict, "member_not_restricted",
		"This member is neither suspended nor banned.")
	ErrNotPendingDeletion = refusal.New(refusal.Conflict, "member_not_deletion_pending",
		"This member has not asked to delete their account.")
	ErrAlreadyConfirmed = refusal.New(refusal.Conflict, "member_already_confirmed",
		"This member has already confirmed their e-mail address.")
)

// LiftTx ends one of t's members' suspension or ban early in tx and mails
// the member the reason in their language (the mail goes only if tx
// commits); it answers the member before and after.
func (s *Service) LiftTx(ctx context.Context, tx pgx.Tx, t *tenancy.Tenant, id int64, reason, baseURL string) (ModerationState, ModerationState, error) {
	reason, err := checkReason(reason)
	if err != nil {
		return ModerationState{}, ModerationState{}, err
	}
	before, err := MemberState(ctx, tx, t.ID, id)
	if err != nil {
		return ModerationState{}, ModerationState{}, err
	}
	row, err := db.New(tx).MemberLift(ctx, db.MemberLiftParams{ID: id, TenantID: t.ID})
	if errors.Is(err, pgx.ErrNoRows) {
		return ModerationState{}, ModerationState{}, ErrNotRestricted
	}
	if err != nil {
		return ModerationState{}, ModerationState{}, fmt.Errorf("lift restriction of %d: %w", id, err)
	}
	err = s.Mailer.Queue(ctx, tx, delivery.Mail{
		Tenant: t, Locale: row.Language, To: row.Email, Template: delivery.ModerationLifted, BaseURL: baseURL,
		Data: map[string]any{"Name": before.Name, "Text": reason},
	})
	if err != nil {
		return ModerationState{}, ModerationState{}, err
	}
	return before, stateOf(row, before.Name), nil
}

// EndSessionsTx logs one of t's members out everywhere in tx: the epoch
// moves on and the stored sessions are deleted.
func EndSessionsTx(ctx context.Context, tx pgx.Tx, t *tenancy.Tenant, id int64) (ModerationState, error) {
	st, err := MemberState(ctx, tx, t.ID, id)
	if err != nil {
		return ModerationState{}, err
	}
	q := db.New(tx)
	if _, err := q.MemberEndSessions(ctx, db.MemberEndSessionsParams{ID: id, TenantID: t.ID}); err != nil {
		return ModerationState{}, fmt.Errorf("end sessions of %d: %w", id, err)
	}
	if err := q.MemberSessionsDelete(ctx, pgtype.Int8{Int64: id, Valid: true}); err != nil {
		return ModerationState{}, fmt.Errorf("delete sessions of %d: %w", id, err)
	}
	return st, nil
}

// ReactivateByStaffTx reverses one of t's members' pending deletion in tx
// for customer service (who checked it is the member asking): the account
// is active again and the reactivation links retired.
func (s *Service) ReactivateByStaffTx(ctx context.Context, tx pgx.Tx, t *tenancy.Tenant, id int64) (ModerationState, ModerationState, error) {
	before, err := MemberState(ctx, tx, t.ID, id)
	if err != nil {
		return ModerationState{}, ModerationState{}, err
	}
	if before.Status != StatusDeletionPending {
		return ModerationState{}, ModerationState{}, ErrNotPendingDeletion
	}
	q := db.New(tx)
	if _, err := q.MemberReactivate(ctx, id); err != nil {
		return ModerationState{}, ModerationState{}, fmt.Errorf("reactivate %d: %w", id, err)
	}
	if err := q.TokensRetire(ctx, db.TokensRetireParams{MemberID: id, Kind: tokenReactivation, Now: s.Now()}); err != nil {
		return ModerationState{}, ModerationState{}, fmt.Errorf("retire reactivation links of %d: %w", id, err)
	}
	after, err := MemberState(ctx, tx, t.ID, id)
	return before, after, err
}

// ResendActivationTx mails one of t's members who has not confirmed their
// address a fresh activation link in tx.
func (s *Service) ResendActivationTx(ctx context.Context, tx pgx.Tx, t *tenancy.Tenant, id int64, baseURL string) (ModerationState, error) {
	st, err := MemberState(ctx, tx, t.ID, id)
	if err != nil {
		return ModerationState{}, err
	}
	if st.IsHouse {
		return ModerationState{}, ErrMemberNotFound
	}
	if st.Status != StatusNotConfirmed {
		return ModerationState{}, ErrAlreadyConfirmed
	}
	m, err := MemberByID(ctx, tx, id)
	if err != nil {
		return ModerationState{}, err
	}
	return st, s.sendActivation(ctx, tx, t, m, st.Name, baseURL)
}

// Session is one of a member's stored, unexpired sessions as the console
// shows it: the device and address it was made from (empty for sessions
// from before devices were recorded), when it was made, when the member
// was last seen on it (to the minute) and when it expires.
type Session struct {
	Device     string     `json:"device"`
	Address    string     `json:"address"`
	CreatedAt  *time.Time `json:"created_at"`
	LastSeenAt *time.Time `json:"last_seen_at"`
	ExpiresAt  time.Time  `json:"expires"`
}

// ActiveSessions are member id's stored, unexpired sessions, the one that
// expires last first (at most 50).
func ActiveSessions(ctx context.Context, conn db.DBTX, id int64, now time.Time) ([]Session, error) {
	rows, err := db.New(conn).MemberSessionsActive(ctx, db.MemberSessionsActiveParams{MemberID: pgtype.Int8{Int64: id, Valid: true}, Now: now})
	if err != nil {
		return nil, fmt.Errorf("sessions of %d: %w", id, err)
	}
	out := make([]Session, len(rows))
	for i, r := range rows {
		out[i] = Session{Device: r.Device, Address: addrText(r.CreatedFrom), CreatedAt: optionalTime(r.CreatedAt),
			LastSeenAt: optionalTime(r.LastSeenAt), ExpiresAt: r.Expiry.UTC()}
	}
	return out, nil
}

// optionalTime is a nullable time column as a pointer, nil for NULL.
func optionalTime(t pgtype.Timestamptz) *time.Time {
	if !t.Valid {
		return nil
	}
	u := t.Time.UTC()
	return &u
}
