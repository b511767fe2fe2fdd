package accounts

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/accounts/internal/db"
	"rendezvous/engine/tenancy"
)

// Token kinds: what a mailed link does.
const (
	tokenActivation   = "activation"
	tokenReset        = "password_reset"
	tokenMailChange   = "mail_change"
	tokenReactivation = "reactivation"
)

// How long mailed links work.
const (
	ActivationValidity = 7 * 24 * time.Hour
	ResetValidity      = 24 * time.Hour
	MailChangeValidity = 24 * time.Hour
	// DeletionGrace is how long a deletion can be reversed; the reactivation
	// link works as long.
	DeletionGrace = 14 * 24 * time.Hour
)

// issueToken stores a new single-use token for m and returns it; only its
// hash is kept.
func (s *Service) issueToken(ctx context.Context, tx pgx.Tx, memberID int64, kind, newEmail string, validity time.Duration) (string, error) {
	var raw [32]byte
	if _, err := rand.Read(raw[:]); err != nil {
		return "", err
	}
	token := base64.RawURLEncoding.EncodeToString(raw[:])
	now := s.Now()
	err := db.New(tx).TokenInsert(ctx, db.TokenInsertParams{
		MemberID: memberID, Kind: kind, TokenHash: hashToken(token), NewEmail: newEmail, Now: now, ExpiresAt: now.Add(validity),
	})
	if err != nil {
		return "", fmt.Errorf("store %s token: %w", kind, err)
	}
	return token, nil
}

func hashToken(token string) []byte {
	h := sha256.Sum256([]byte(token))
	return h[:]
}

// useToken spends a token of kind for a member of t inside tx; an unknown,
// used, expired or foreign token is ErrLinkInvalid.
func (s *Service) useToken(ctx context.Context, tx pgx.Tx, t *tenancy.Tenant, kind, token string) (db.TokenUseRow, error) {
	if token == "" || len(token) > 100 {
		return db.TokenUseRow{}, ErrLinkInvalid
	}
	row, err := db.New(tx).TokenUse(ctx, db.TokenUseParams{TokenHash: hashToken(token), Kind: kind, Now: s.Now(), TenantID: t.ID})
	if errors.Is(err, pgx.ErrNoRows) {
		return db.TokenUseRow{}, ErrLinkInvalid
	}
	if err != nil {
		return db.TokenUseRow{}, fmt.Errorf("use %s token: %w", kind, err)
	}
	return row, nil
}

// findToken is nil when token is an unused, unexpired token of kind for a
// member of t, without spending it; else ErrLinkInvalid.
func (s *Service) findToken(ctx context.Context, t *tenancy.Tenant, kind, token string) error {
	if token == "" || len(token) > 100 {
		return ErrLinkInvalid
	}
	valid, err := db.New(s.Pool).TokenValid(ctx, db.TokenValidParams{TokenHash: hashToken(token), Kind: kind, Now: s.Now(), TenantID: t.ID})
	if err != nil {
		return fmt.Errorf("look up %s token: %w", kind, err)
	}
	if !valid {
		return ErrLinkInvalid
	}
	return nil
}

// startOfDay is midnight of now's day in the tenant's time zone; daily
// limits count from there.
func startOfDay(t *tenancy.Tenant, now time.Time) time.Time {
	loc := t.Location
	if loc == nil {
		loc = time.UTC
	}
	y, m, d := now.In(loc).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, loc)
}

// tokensToday counts the member's tokens of kind issued today.
func (s *Service) tokensToday(ctx context.Context, tx pgx.Tx, t *tenancy.Tenant, memberID int64, kind string) (int64, error) {
	n, err := db.New(tx).TokensSince(ctx, db.TokensSinceParams{MemberID: memberID, Kind: kind, Since: startOfDay(t, s.Now())})
	if err != nil {
		return 0, fmt.Errorf("count %s tokens: %w", kind, err)
	}
	return n, nil
}
