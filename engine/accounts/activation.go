package accounts

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/accounts/internal/db"
	"rendezvous/engine/notify"
	"rendezvous/engine/profiles"
	"rendezvous/engine/tenancy"
)

// ActivationsPerDay bounds how many activation mails a member can ask for
// in a day (the signup's one included).
const ActivationsPerDay = 5

// ResetsPerDay bounds the password reset mails of one account per day.
const ResetsPerDay = 3

// Activate confirms a member's address with the mailed token: the account
// becomes active and its profile visible. A used, expired or foreign token
// is ErrLinkInvalid.
func (s *Service) Activate(ctx context.Context, t *tenancy.Tenant, token string) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		tok, err := s.useToken(ctx, tx, t, tokenActivation, token)
		if err != nil {
			return err
		}
		m, err := MemberByID(ctx, tx, tok.MemberID)
		if err != nil {
			return err
		}
		if m.Status == StatusDeletionPending || m.Status == StatusDeleted {
			return ErrLinkInvalid
		}
		return s.confirmAddress(ctx, tx, m.ID)
	})
}

// confirmAddress activates a not-confirmed member and shows their disabled
// profile: a mailed link they used proves the address.
func (s *Service) confirmAddress(ctx context.Context, tx pgx.Tx, id int64) error {
	q := db.New(tx)
	if err := q.MemberActivate(ctx, id); err != nil {
		return fmt.Errorf("activate member %d: %w", id, err)
	}
	return profiles.SetStatus(ctx, tx, id, profiles.StatusActive, []string{profiles.StatusDisabled}, s.Now())
}

// ResendActivation mails a logged-in, not yet confirmed member a new
// activation link, at most ActivationsPerDay a day.
func (s *Service) ResendActivation(ctx context.Context, t *tenancy.Tenant, m *Member, baseURL string) error {
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		row, err := db.New(tx).MemberLock(ctx, m.ID)
		if err != nil {
			return fmt.Errorf("lock member: %w", err)
		}
		if row.Status != StatusNotConfirmed {
			return ErrAlreadyActive
		}
		n, err := s.tokensToday(ctx, tx, t, m.ID, tokenActivation)
		if err != nil {
			return err
		}
		if n >= ActivationsPerDay {
			return ErrActivationLimit
		}
		name, err := db.New(tx).ProfileName(ctx, m.ID)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		return s.sendActivation(ctx, tx, t, memberFromRow(row), name, baseURL)
	})
}

// RequestReset mails a password reset link to the account with email, at
// most ResetsPerDay a day per account.
func (s *Service) RequestReset(ctx context.Context, t *tenancy.Tenant, email, baseURL string) error {
	row, err := db.New(s.Pool).MemberByEmail(ctx, db.MemberByEmailParams{TenantID: t.ID, Email: email})
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrEmailNotFound
	}
	if err != nil {
		return fmt.Errorf("look up member: %w", err)
	}
	if row.Status == StatusDeletionPending {
		return ErrPendingDeletion
	}
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		// The lock makes concurrent requests count one after the other.
		if _, err := q.MemberLock(ctx, row.ID); err != nil {
			return fmt.Errorf("lock member: %w", err)
		}
		n, err := s.tokensToday(ctx, tx, t, row.ID, tokenReset)
		if err != nil {
			return err
		}
		if n >= ResetsPerDay {
			return ErrResetLimit
		}
		token, err := s.issueToken(ctx, tx, row.ID, tokenReset, "", ResetValidity)
		if err != nil {
			return err
		}
		name, err := q.ProfileName(ctx, row.ID)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return err
		}
		return s.Mailer.Queue(ctx, tx, notify.Mail{
			Tenant: t, Locale: row.Language, To: row.Email, Template: notify.PasswordReset, BaseURL: baseURL,
			Data:   map[string]any{"Name": name, "Hours": int(ResetValidity.Hours())},
			Action: baseURL + "/reset-password/do?token=" + token,
		})
	})
}

// ResetRequest is the body of POST /api/reset-password.php?do=1.
type ResetRequest struct {
	Token          string `json:"token"`
	Password       string `json:"password"`
	PasswordRepeat string `json:"password_repeat"`
}

// Reset sets a new password with a mailed token. Every session of the
// member ends, a login block on the account is lifted, and a not yet
// confirmed account becomes active (the link proved the address).
func (s *Service) Reset(ctx context.Context, t *tenancy.Tenant, req ResetRequest) error {
	if req.Password != req.PasswordRepeat {
		return ErrPasswordsDiffer
	}
	if err := checkPassword(req.Password); err != nil {
		return err
	}
	hash, err := s.HashPassword(req.Password)
	if err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		tok, err := s.useToken(ctx, tx, t, tokenReset, req.Token)
		if err != nil {
			return err
		}
		m, err := MemberByID(ctx, tx, tok.MemberID)
		if err != nil {
			return err
		}
		if m.Status == StatusDeletionPending || m.Status == StatusDeleted {
			return ErrLinkInvalid
		}
		q := db.New(tx)
		if _, err := q.MemberSetPassword(ctx, db.MemberSetPasswordParams{ID: m.ID, PasswordHash: hash}); err != nil {
			return fmt.Errorf("set password: %w", err)
		}
		if err := q.TokensRetire(ctx, db.TokensRetireParams{MemberID: m.ID, Kind: tokenReset, Now: s.Now()}); err != nil {
			return err
		}
		if err := s.clearFailures(ctx, tx, t, m.ID); err != nil {
			return err
		}
		return s.confirmAddress(ctx, tx, m.ID)
	})
}
