package accounts

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/accounts/internal/db"
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

// Account is an account on one tenant.
type Account struct {
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
	// NotificationTypesDisabled are the notification types the member
	// switched off.
	NotificationTypesDisabled []string
	// SignupProfileID is the profile in view at signup, 0 for none.
	SignupProfileID int64
	SignupMessage   string
	// DeletionRequestedAt is set while deletion is pending.
	DeletionRequestedAt time.Time
	// Banned is true once operators banned the member: no session counts.
	Banned bool
	// DemoOff is true for a member of the demo (serve --demo) while the
	// engine runs without --demo: no login, no session counts.
	DemoOff bool
	// SuspensionEnded is set by Login when this login ended a suspension
	// whose time was over: the caller shows the profile again.
	SuspensionEnded bool
}

func memberFromRow(r db.Member) *Account {
	return &Account{
		ID: r.ID, TenantID: r.TenantID, Email: r.Email, PasswordHash: r.PasswordHash, Status: r.Status,
		Credits: r.Credits, PaidUser: r.PaidUser, Language: r.Language, NotificationsDisabled: r.NotificationsDisabled,
		IsHouse: r.IsHouse, Tracking: r.Tracking, SessionEpoch: r.SessionEpoch, SignupDate: r.SignupDate,
		LastSeenAt: r.LastSeenAt, NotificationTypesDisabled: r.NotificationTypesDisabled,
		SignupProfileID: r.SignupProfileID.Int64, SignupMessage: r.SignupMessage,
		DeletionRequestedAt: r.DeletionRequestedAt.Time, Banned: r.BannedAt.Valid, DemoOff: r.DemoOff,
	}
}

// MemberByID loads a member.
func MemberByID(ctx context.Context, conn db.DBTX, id int64) (*Account, error) {
	row, err := db.New(conn).MemberByID(ctx, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("load member %d: %w", id, err)
	}
	return memberFromRow(row), nil
}

// AccountView is the account's part of the user object of GET /api/user.php;
// package membership adds the member's own profile.
type AccountView struct {
	ID         int64     `json:"id"`
	Email      string    `json:"email"`
	Status     string    `json:"status"`
	Credits    int64     `json:"credits"`
	PaidUser   bool      `json:"paid_user"`
	SignupDate time.Time `json:"signup_date"`
	Language   string    `json:"language"`
	// NotificationsDisabled lists why email to the member is switched off:
	// fbl (spam complaint), bounce, list_unsubscribe.
	NotificationsDisabled []string `json:"notifications_disabled"`
	// DismissedAlerts maps each dismissed alert (time_bonus,
	// profile_photo, push, notifications_disabled, activation) to when.
	DismissedAlerts map[string]time.Time `json:"dismissed_alerts"`
	// PendingEmail is a new address waiting for its confirmation link.
	PendingEmail string `json:"pending_email"`
	// SignupProfileID is the profile the member signed up from
	// (/members/{id}/signup), null when none.
	SignupProfileID *int64 `json:"signup_profile_id"`
	// NotificationTypesDisabled are the notification types switched off.
	NotificationTypesDisabled []string `json:"notification_types_disabled"`
}

// AccountOf builds the account's part of m's user object.
func AccountOf(ctx context.Context, conn db.DBTX, m *Account, now time.Time) (*AccountView, error) {
	u := &AccountView{
		ID: m.ID, Email: m.Email, Status: m.Status, Credits: m.Credits, PaidUser: m.PaidUser,
		SignupDate: m.SignupDate, Language: m.Language, NotificationsDisabled: nonNil(m.NotificationsDisabled),
		NotificationTypesDisabled: nonNil(m.NotificationTypesDisabled), DismissedAlerts: map[string]time.Time{},
	}
	if m.SignupProfileID != 0 {
		id := m.SignupProfileID
		u.SignupProfileID = &id
	}
	q := db.New(conn)
	alerts, err := q.AlertDismissals(ctx, m.ID)
	if err != nil {
		return nil, fmt.Errorf("alert dismissals of member %d: %w", m.ID, err)
	}
	for _, a := range alerts {
		u.DismissedAlerts[a.Alert] = a.DismissedAt
	}
	pending, err := q.PendingEmails(ctx, db.PendingEmailsParams{MemberID: m.ID, Now: now})
	if err != nil {
		return nil, fmt.Errorf("pending email of member %d: %w", m.ID, err)
	}
	if len(pending) > 0 {
		u.PendingEmail = pending[0]
	}
	return u, nil
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
