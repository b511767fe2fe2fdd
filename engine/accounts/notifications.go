package accounts

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"

	"rendezvous/engine/accounts/internal/db"
	"rendezvous/engine/delivery"
	"rendezvous/engine/tenancy"
)

// NotificationTypes are the kinds of notification a member can switch off.
var NotificationTypes = []string{
	"new_conversations", "new_messages", "like", "unread_message_reminders",
	"promotions", "weekly_updates", "news", "reminders",
}

// Reasons email to a member is switched off, listed in the user's
// notifications_disabled.
const (
	ReasonFBL             = "fbl"
	ReasonBounce          = "bounce"
	ReasonListUnsubscribe = "list_unsubscribe"
)

// NotificationSettings is the answer of GET /api/notifications.php.
type NotificationSettings struct {
	// Types are all notification types.
	Types []string `json:"types"`
	// Disabled are the types the member switched off.
	Disabled []string `json:"disabled"`
	// EmailDisabled lists why email is off altogether (fbl, bounce,
	// list_unsubscribe); empty while mail flows.
	EmailDisabled []string `json:"email_disabled"`
}

// SettingsOf returns m's notification settings.
func SettingsOf(m *Account) NotificationSettings {
	return NotificationSettings{Types: NotificationTypes, Disabled: nonNil(m.NotificationTypesDisabled),
		EmailDisabled: nonNil(m.NotificationsDisabled)}
}

// NotificationChange is the body of PUT /api/notifications.php.
type NotificationChange struct {
	Disabled []string `json:"disabled"`
	// EnableEmail switches email back on after a bounce, complaint or
	// unsubscribe: the member asks for it explicitly.
	EnableEmail bool `json:"enable_email"`
}

// SetNotifications saves which notification types m switched off.
func (s *Service) SetNotifications(ctx context.Context, m *Account, c NotificationChange) error {
	disabled := []string{}
	for _, typ := range c.Disabled {
		if !slices.Contains(NotificationTypes, typ) {
			return ErrNotificationType.With(map[string]any{"type": typ})
		}
		if !slices.Contains(disabled, typ) {
			disabled = append(disabled, typ)
		}
	}
	slices.Sort(disabled)
	return pgx.BeginFunc(ctx, s.Pool, func(tx pgx.Tx) error {
		q := db.New(tx)
		if err := q.MemberSetNotificationTypes(ctx, db.MemberSetNotificationTypesParams{ID: m.ID, Types: disabled}); err != nil {
			return fmt.Errorf("set notification types: %w", err)
		}
		m.NotificationTypesDisabled = disabled
		if c.EnableEmail && len(m.NotificationsDisabled) > 0 {
			if err := q.MemberEnableEmail(ctx, m.ID); err != nil {
				return fmt.Errorf("enable email: %w", err)
			}
			// A later disabling deserves a fresh alert.
			if err := q.AlertDismissalForget(ctx, db.AlertDismissalForgetParams{MemberID: m.ID, Alert: "notifications_disabled"}); err != nil {
				return err
			}
			m.NotificationsDisabled = []string{}
		}
		return nil
	})
}

// DisableEmail switches bulk email off for the accounts of t with address
// email, for reason (a webhook's fbl or bounce). It reports how many
// accounts changed.
func (s *Service) DisableEmail(ctx context.Context, t *tenancy.Tenant, email, reason string) (int64, error) {
	n, err := db.New(s.Pool).MemberDisableEmail(ctx, db.MemberDisableEmailParams{TenantID: t.ID, Email: strings.TrimSpace(email), Reason: reason})
	if err != nil {
		return 0, fmt.Errorf("disable email: %w", err)
	}
	return n, nil
}

// keyUnsubscribe names the key list-unsubscribe links are signed with.
const keyUnsubscribe = "list_unsubscribe"

type signer struct {
	mu  sync.Mutex
	key []byte
}

var signers sync.Map // *pgxpool.Pool -> *signer: one key per database

// signingKey returns the engine-wide key, making it on first use; every
// instance reads the same row.
func (s *Service) signingKey(ctx context.Context) ([]byte, error) {
	v, _ := signers.LoadOrStore(s.Pool, &signer{})
	sg := v.(*signer)
	sg.mu.Lock()
	defer sg.mu.Unlock()
	if sg.key != nil {
		return sg.key, nil
	}
	q := db.New(s.Pool)
	fresh := make([]byte, 32)
	if _, err := rand.Read(fresh); err != nil {
		return nil, err
	}
	if err := q.SigningKeyEnsure(ctx, db.SigningKeyEnsureParams{Name: keyUnsubscribe, Secret: fresh}); err != nil {
		return nil, fmt.Errorf("make signing key: %w", err)
	}
	key, err := q.SigningKey(ctx, keyUnsubscribe)
	if err != nil {
		return nil, fmt.Errorf("read signing key: %w", err)
	}
	sg.key = key
	return key, nil
}

func mac(key []byte, payload string) string {
	h := hmac.New(sha256.New, key)
	h.Write([]byte(payload))
	return base64.RawURLEncoding.EncodeToString(h.Sum(nil)[:18])
}

// UnsubscribeToken signs a list-unsubscribe token for a member of a tenant.
func (s *Service) UnsubscribeToken(ctx context.Context, tenantID, memberID int64) (string, error) {
	key, err := s.signingKey(ctx)
	if err != nil {
		return "", err
	}
	payload := strconv.FormatInt(tenantID, 10) + "." + strconv.FormatInt(memberID, 10)
	return payload + "." + mac(key, payload), nil
}

// Unsubscribe switches bulk email off for the member a signed token names
// (RFC 8058 one-click). A bad or foreign token is ErrLinkInvalid.
func (s *Service) Unsubscribe(ctx context.Context, t *tenancy.Tenant, token string) error {
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return ErrLinkInvalid
	}
	tenantID, err1 := strconv.ParseInt(parts[0], 10, 64)
	memberID, err2 := strconv.ParseInt(parts[1], 10, 64)
	if err1 != nil || err2 != nil || tenantID != t.ID {
		return ErrLinkInvalid
	}
	key, err := s.signingKey(ctx)
	if err != nil {
		return err
	}
	if !hmac.Equal([]byte(mac(key, parts[0]+"."+parts[1])), []byte(parts[2])) {
		return ErrLinkInvalid
	}
	err = db.New(s.Pool).MemberDisableEmailByID(ctx, db.MemberDisableEmailByIDParams{ID: memberID, Reason: ReasonListUnsubscribe})
	if err != nil {
		return fmt.Errorf("unsubscribe: %w", err)
	}
	return nil
}

// Notification is a bulk mail of one notification type to one member.
type Notification struct {
	// Type is one of NotificationTypes; it is also the mail template.
	Type string
	// Data fills the template (Other: the other member's name; Text: the
	// body of news, promotions...).
	Data map[string]any
	// Path is where the button leads on the site, e.g. "/chats/12".
	Path string
	// Template is the mail's template when it is not Type's own (several
	// messages in one mail, a match, the kinds of reminder).
	Template string
	// Unconfirmed lets the mail reach a member who has not confirmed the
	// e-mail address yet (the reminder to confirm it); other notification
	// mails go to active accounts only.
	Unconfirmed bool
}

// Notify queues a notification mail to memberID in tx unless the member
// switched the type off, email to them is disabled (fbl, bounce,
// list-unsubscribe), or the account is not active (deletion pending,
// deleted), banned or suspended. Every such mail carries List-Unsubscribe headers (RFC 8058). It
// reports whether a mail was queued. baseURL is the site's scheme and host;
// empty means https:// and the tenant's primary host.
func (s *Service) Notify(ctx context.Context, tx pgx.Tx, t *tenancy.Tenant, memberID int64, n Notification, baseURL string) (bool, error) {
	if !slices.Contains(NotificationTypes, n.Type) {
		return false, ErrNotificationType
	}
	m, err := MemberByID(ctx, tx, memberID)
	if err != nil {
		return false, err
	}
	reachable := m.Status == StatusActive || (n.Unconfirmed && m.Status == StatusNotConfirmed)
	if m.TenantID != t.ID || !reachable || m.IsHouse || len(m.NotificationsDisabled) > 0 ||
		slices.Contains(m.NotificationTypesDisabled, n.Type) {
		return false, nil
	}
	restricted, err := db.New(tx).MemberRestricted(ctx, m.ID)
	if err != nil {
		return false, fmt.Errorf("restrictions of member %d: %w", m.ID, err)
	}
	if restricted {
		return false, nil
	}
	template := n.Template
	if template == "" {
		template = n.Type
	}
	if baseURL == "" {
		baseURL = "https://" + t.PrimaryHost
	}
	token, err := s.UnsubscribeToken(ctx, t.ID, m.ID)
	if err != nil {
		return false, err
	}
	name, err := db.New(tx).ProfileName(ctx, m.ID)
	if err != nil {
		return false, fmt.Errorf("profile name: %w", err)
	}
	data := map[string]any{"Name": name, "Other": "", "Text": ""}
	for k, v := range n.Data {
		data[k] = v
	}
	err = s.Mailer.Queue(ctx, tx, delivery.Mail{
		Tenant: t, Locale: m.Language, To: m.Email, Template: template, BaseURL: baseURL, Data: data,
		Action: baseURL + n.Path, Unsubscribe: baseURL + "/hooks/mail/unsubscribe?token=" + token,
	})
	if err != nil {
		return false, err
	}
	return true, nil
}
