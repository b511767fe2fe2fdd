package accounts

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/accounts/internal/db"
	"rendezvous/engine/affiliates"
	"rendezvous/engine/delivery"
	"rendezvous/engine/tenancy"
)

// ActivationsPerDay bounds how many activation mails a member can ask for
// in a day (the signup's one included).
const ActivationsPerDay = 5

// ResetsPerDay bounds the password reset mails of one account per day.
const ResetsPerDay = 3

// ActivateTx confirms a member's address with the mailed token in tx and
// returns the member's ID: the account becomes active. Showing the profile
// in the same transaction is the caller's part (engine/membership). A used,
// expired or foreign token is ErrLinkInvalid.
func (s *Service) ActivateTx(ctx context.Context, tx pgx.Tx, t *tenancy.Tenant, token string) (int64, error) {
	tok, err := s.useToken(ctx, tx, t, tokenActivation, token)
	if err != nil {
		return 0, err
	}
	m, err := MemberByID(ctx, tx, tok.MemberID)
	if err != nil {
		return 0, err
	}
	if m.Status == StatusDeletionPending || m.Status == StatusDeleted {
		return 0, ErrLinkInvalid
	}
	return m.ID, s.confirmAddress(ctx, tx, m.ID)
}

// confirmAddress activates a not-confirmed member: a mailed link they used
// proves the address.
// The member's network is told of the activation (once; a confirmed
// address confirmed again is no activation).
func (s *Service) confirmAddress(ctx context.Context, tx pgx.Tx, id int64) error {
	activated, err := db.New(tx).MemberActivate(ctx, db.MemberActivateParams{Now: s.Now(), ID: id})
	if err != nil {
		return fmt.Errorf("activate member %d: %w", id, err)
	}
	if activated == 1 {
		return s.Postbacks.Queue(ctx, tx, affiliates.Event{MemberID: id, Kind: affiliates.EventActivation})
	}
	return nil
}

// ResendActivation mails a logged-in, not yet confirmed member a new
// activation link, at most ActivationsPerDay a day.
func (s *Service) ResendActivation(ctx context.Context, t *tenancy.Tenant, m *Account, baseURL string) error {
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
		return s.Mailer.Queue(ctx, tx, delivery.Mail{
			Tenant: t, Locale: row.Language, To: row.Email, Template: delivery.PasswordReset, BaseURL: baseURL,
			Data:   map[string]any{"Name": name, "Hours": int(ResetValidity.Hours())},
			Action: baseURL + "/reset-password/do?token=" + token, Secret: true,
		})
	})
}

// ResetRequest is the body of POST /api/reset-password.php?do=1.
type ResetRequest struct {
	Token          string `json:"token"`
	Password       string `json:"password"`
	PasswordRepeat string `json:"password_repeat"`
}

// PasswordReset is a reset that passed the password rules with a valid
// link, ready for ResetTx. CheckReset makes it outside the transaction, so
// the slow password hash holds no transaction open.
type PasswordReset struct {
	token, hash string
}

// CheckReset applies the password rules to req, looks the link up and only
// for a valid one hashes the new password: the lookup is one index read,
// the hash 64 MiB and tens of milliseconds of CPU, which a made-up link
// must not cost. ResetTx spends the link (of parallel resets with one
// link, one sets the password).
func (s *Service) CheckReset(ctx context.Context, t *tenancy.Tenant, req ResetRequest) (PasswordReset, error) {
	if req.Password != req.PasswordRepeat {
		return PasswordReset{}, ErrPasswordsDiffer
	}
	if err := checkPassword(req.Password); err != nil {
		return PasswordReset{}, err
	}
	if err := s.findToken(ctx, t, tokenReset, req.Token); err != nil {
		return PasswordReset{}, err
	}
	hash, err := s.HashPassword(ctx, req.Password)
	if err != nil {
		return PasswordReset{}, err
	}
	return PasswordReset{token: req.Token, hash: hash}, nil
}

// ResetTx sets a new password with a mailed token in tx and returns the
// member's ID. Every session of the member ends, a login block on the
// account is lifted, and a not yet confirmed account becomes active (the
// link proved the address; showing the profile in the same transaction is
// the caller's part, engine/membership).
func (s *Service) ResetTx(ctx context.Context, tx pgx.Tx, t *tenancy.Tenant, reset PasswordReset) (int64, error) {
	tok, err := s.useToken(ctx, tx, t, tokenReset, reset.token)
	if err != nil {
		return 0, err
	}
	m, err := MemberByID(ctx, tx, tok.MemberID)
	if err != nil {
		return 0, err
	}
	if m.Status == StatusDeletionPending || m.Status == StatusDeleted {
		return 0, ErrLinkInvalid
	}
	q := db.New(tx)
	s.SessionsEnding(m.ID)
	if _, err := q.MemberSetPassword(ctx, db.MemberSetPasswordParams{ID: m.ID, PasswordHash: reset.hash}); err != nil {
		return 0, fmt.Errorf("set password: %w", err)
	}
	if err := q.TokensRetire(ctx, db.TokensRetireParams{MemberID: m.ID, Kind: tokenReset, Now: s.Now()}); err != nil {
		return 0, err
	}
	if err := s.clearFailures(ctx, tx, t.ID, m.ID); err != nil {
		return 0, err
	}
	return m.ID, s.confirmAddress(ctx, tx, m.ID)
}
