// Package accounts owns members' accounts: signup, login and sessions,
// activation, password reset, email change, notification settings, and
// deletion with reactivation.
package accounts

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/accounts/internal/db"
	"rendezvous/engine/profiles"
)

// ErrNotFound means no such member.
var ErrNotFound = errors.New("accounts: member not found")

// Member statuses.
const (
	StatusNotConfirmed    = "not_confirmed"
	StatusActive          = "active"
	StatusDeletionPending = "deletion_pending"
	StatusDeleted         = "deleted"
)

// Member is an account on one tenant.
type Member struct {
	ID                    int64
	TenantID              int64
	Email                 string
	PasswordHash          string
	Status                string
	Credits               int64
	PaidUser              bool
	Language              string
	NotificationsDisabled []string
	IsHouse               bool
	Tracking              json.RawMessage
	SessionEpoch          int32
	SignupDate            time.Time
	LastSeenAt            time.Time
}

func memberFromRow(r db.Member) *Member {
	return &Member{
		ID: r.ID, TenantID: r.TenantID, Email: r.Email, PasswordHash: r.PasswordHash, Status: r.Status,
		Credits: r.Credits, PaidUser: r.PaidUser, Language: r.Language, NotificationsDisabled: r.NotificationsDisabled,
		IsHouse: r.IsHouse, Tracking: r.Tracking, SessionEpoch: r.SessionEpoch, SignupDate: r.SignupDate,
		LastSeenAt: r.LastSeenAt,
	}
}

// MemberByID loads a member.
func MemberByID(ctx context.Context, conn db.DBTX, id int64) (*Member, error) {
	row, err := db.New(conn).MemberByID(ctx, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("load member %d: %w", id, err)
	}
	return memberFromRow(row), nil
}

// User is the member as GET /api/user.php answers it (SPEC.md section 3).
type User struct {
	ID                    int64             `json:"id"`
	Email                 string            `json:"email"`
	Status                string            `json:"status"`
	Credits               int64             `json:"credits"`
	PaidUser              bool              `json:"paid_user"`
	SignupDate            time.Time         `json:"signup_date"`
	Language              string            `json:"language"`
	NotificationsDisabled []string          `json:"notifications_disabled"`
	Profile               *profiles.Profile `json:"profile"`
}

// UserOf builds the user answer of m with their own profile.
func UserOf(ctx context.Context, conn db.DBTX, m *Member, now time.Time) (*User, error) {
	u := &User{
		ID: m.ID, Email: m.Email, Status: m.Status, Credits: m.Credits, PaidUser: m.PaidUser,
		SignupDate: m.SignupDate, Language: m.Language, NotificationsDisabled: m.NotificationsDisabled,
	}
	p, err := profiles.Own(ctx, conn, m.ID, now)
	switch {
	case errors.Is(err, profiles.ErrNotFound):
	case err != nil:
		return nil, err
	default:
		u.Profile = &p
	}
	return u, nil
}
