package accounts

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/accounts/internal/db"
	"rendezvous/engine/delivery"
	"rendezvous/engine/tenancy"
)

// AccountChange is the body of PUT /api/account.php.
type AccountChange struct {
	OldPassword string `json:"old_password"`
	// Email is a new address; it takes effect when the link mailed to it is
	// opened.
	Email *string `json:"email"`
	// Password is a new password; PasswordRepeat, when sent, must match.
	Password       *string `json:"password"`
	PasswordRepeat *string `json:"password_repeat"`
}

// ChangeResult says what a change did.
type ChangeResult struct {
	// PendingEmail is the address a confirmation link went to.
	PendingEmail string
	// Epoch is the member's new session epoch after a password change, 0
	// when the password stayed.
	Epoch int32
}

// ChangeAccount changes m's email address and/or password after checking
// the old password. A new password ends every other session at once.
func (s *Service) ChangeAccount(ctx context.Context, t *tenancy.Tenant, m *Account, c AccountChange, baseURL string) (ChangeResult, error) {
	var res ChangeResult
	ok, err := s.comparePassword(ctx, c.OldPassword, m.PasswordHash)
	if err != nil {
		return res, err
	}
	if !ok {
		return res, ErrOldPassword
	}
	newEmail := ""
	if c.Email != nil {
		newEmail = strings.TrimSpace(*c.Email)
		if strings.EqualFold(newEmail, m.Email) {
			newEmail = ""
		} else if !ValidEmail(newEmail) {
			return res, ErrNewEmailInvalid
		}
	}
	var hash string
	if c.Password != nil && *c.Password != "" {
		if c.PasswordRepeat != nil && *c.PasswordRepeat != *c.Password {
			return res, ErrPasswordsDiffer
		}
		if err := checkPassword(*c.Password); err != nil {
			return res, err
		}
		if hash, err = s.HashPassword(ctx, *c.Password); err != nil {
			return res, err
		}
	}
	if newEmail == "" && hash == "" {
		return res, ErrNothingToChange
	}
	err = pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		if newEmail != "" {
			taken, err := q.MemberEmailTaken(ctx, db.MemberEmailTakenParams{TenantID: t.ID, Email: newEmail, ExceptID: m.ID})
			if err != nil {
				return fmt.Errorf("check email: %w", err)
			}
			if taken {
				return ErrEmailExists
			}
			token, err := s.issueToken(ctx, tx, m.ID, tokenMailChange, newEmail, MailChangeValidity)
			if err != nil {
				return err
			}
			name, err := q.ProfileName(ctx, m.ID)
			if err != nil && !errors.Is(err, pgx.ErrNoRows) {
				return err
			}
			err = s.Mailer.Queue(ctx, tx, delivery.Mail{
				Tenant: t, Locale: m.Language, To: newEmail, Template: delivery.MailChange, BaseURL: baseURL,
				Data:   map[string]any{"Name": name, "Email": newEmail, "Hours": int(MailChangeValidity.Hours())},
				Action: baseURL + "/mail-change/do?token=" + token, Secret: true,
			})
			if err != nil {
				return err
			}
			res.PendingEmail = newEmail
		}
		if hash != "" {
			s.SessionsEnding(m.ID)
			epoch, err := q.MemberSetPassword(ctx, db.MemberSetPasswordParams{ID: m.ID, PasswordHash: hash})
			if err != nil {
				return fmt.Errorf("set password: %w", err)
			}
			res.Epoch = epoch
		}
		return nil
	})
	return res, err
}

// ConfirmMailChangeTx makes the address a mail_change token was mailed to
// the member's email address, in tx, and returns the member. confirmed
// says the link also proved a not yet confirmed account's address, which
// made it active; showing its profile in the same transaction is the
// caller's part (engine/membership).
func (s *Service) ConfirmMailChangeTx(ctx context.Context, tx pgx.Tx, t *tenancy.Tenant, token string) (m *Account, confirmed bool, err error) {
	tok, err := s.useToken(ctx, tx, t, tokenMailChange, token)
	if err != nil {
		return nil, false, err
	}
	q := db.New(tx)
	taken, err := q.MemberEmailTaken(ctx, db.MemberEmailTakenParams{TenantID: t.ID, Email: tok.NewEmail, ExceptID: tok.MemberID})
	if err != nil {
		return nil, false, fmt.Errorf("check email: %w", err)
	}
	if taken {
		return nil, false, ErrEmailExists
	}
	err = q.MemberSetEmail(ctx, db.MemberSetEmailParams{ID: tok.MemberID, Email: tok.NewEmail})
	if isUniqueViolation(err) {
		return nil, false, ErrEmailExists
	}
	if err != nil {
		return nil, false, fmt.Errorf("set email: %w", err)
	}
	if err := q.TokensRetire(ctx, db.TokensRetireParams{MemberID: tok.MemberID, Kind: tokenMailChange, Now: s.Now()}); err != nil {
		return nil, false, err
	}
	m, err = MemberByID(ctx, tx, tok.MemberID)
	if err != nil {
		return nil, false, err
	}
	if m.Status == StatusNotConfirmed {
		if err := s.confirmAddress(ctx, tx, m.ID); err != nil {
			return nil, false, err
		}
		m.Status = StatusActive
		confirmed = true
	}
	return m, confirmed, nil
}

// SetLanguage saves the member's language, one of the tenant's locales.
func (s *Service) SetLanguage(ctx context.Context, t *tenancy.Tenant, m *Account, language string) error {
	if !t.HasLocale(language) {
		return ErrLanguageInvalid.With(map[string]any{"languages": t.Locales})
	}
	if err := db.New(s.Pool).MemberSetLanguage(ctx, db.MemberSetLanguageParams{ID: m.ID, Language: language}); err != nil {
		return fmt.Errorf("set language: %w", err)
	}
	m.Language = language
	return nil
}
