package accounts

import (
	"context"
	"encoding/base64"
	"fmt"
	"net/url"
	"slices"

	"rendezvous/engine/accounts/internal/db"
)

// PushSubscription is a browser's PushSubscription as its toJSON() gives
// it.
type PushSubscription struct {
	Endpoint       string   `json:"endpoint"`
	ExpirationTime *float64 `json:"expirationTime"`
	Keys           struct {
		P256dh string `json:"p256dh"`
		Auth   string `json:"auth"`
	} `json:"keys"`
}

// check refuses subscriptions a push service would not take: the endpoint
// must be an https URL and the keys base64url of the right sizes.
func (p PushSubscription) check() error {
	u, err := url.Parse(p.Endpoint)
	if err != nil || u.Scheme != "https" || u.Host == "" || len(p.Endpoint) > 1000 {
		return ErrSubscriptionInvalid
	}
	key, err1 := base64.RawURLEncoding.DecodeString(trimPad(p.Keys.P256dh))
	auth, err2 := base64.RawURLEncoding.DecodeString(trimPad(p.Keys.Auth))
	if err1 != nil || err2 != nil || len(key) != 65 || len(auth) != 16 {
		return ErrSubscriptionInvalid
	}
	return nil
}

func trimPad(s string) string {
	for len(s) > 0 && s[len(s)-1] == '=' {
		s = s[:len(s)-1]
	}
	return s
}

// SavePush stores m's push subscription; an endpoint moves to whoever saved
// it last.
func (s *Service) SavePush(ctx context.Context, m *Member, p PushSubscription) error {
	if err := p.check(); err != nil {
		return err
	}
	err := db.New(s.Pool).PushSubscriptionUpsert(ctx, db.PushSubscriptionUpsertParams{
		MemberID: m.ID, Endpoint: p.Endpoint, P256dh: trimPad(p.Keys.P256dh), Auth: trimPad(p.Keys.Auth), Now: s.Now(),
	})
	if err != nil {
		return fmt.Errorf("save push subscription: %w", err)
	}
	return nil
}

// DropPush forgets one of m's push subscriptions (the browser unsubscribed
// or the push service said it is gone).
func (s *Service) DropPush(ctx context.Context, memberID int64, endpoint string) error {
	return db.New(s.Pool).PushSubscriptionDelete(ctx, db.PushSubscriptionDeleteParams{MemberID: memberID, Endpoint: endpoint})
}

// PushTarget is one subscription to send a web push to.
type PushTarget struct {
	Endpoint string
	P256dh   string
	Auth     string
}

// PushTargets lists a member's subscriptions, for the web-push sender.
func (s *Service) PushTargets(ctx context.Context, memberID int64) ([]PushTarget, error) {
	rows, err := db.New(s.Pool).PushSubscriptionsByMember(ctx, memberID)
	if err != nil {
		return nil, fmt.Errorf("push subscriptions: %w", err)
	}
	out := make([]PushTarget, len(rows))
	for i, r := range rows {
		out[i] = PushTarget{Endpoint: r.Endpoint, P256dh: r.P256dh, Auth: r.Auth}
	}
	return out, nil
}

// Alerts are the alerts of SPEC.md section 4 a member can dismiss, plus the
// activation reminder.
var Alerts = []string{"time_bonus", "profile_photo", "push", "notifications_disabled", "activation"}

// DismissAlert stores that m dismissed alert, now.
func (s *Service) DismissAlert(ctx context.Context, m *Member, alert string) error {
	if !slices.Contains(Alerts, alert) {
		return ErrAlertInvalid.With(map[string]any{"alerts": Alerts})
	}
	if err := db.New(s.Pool).AlertDismiss(ctx, db.AlertDismissParams{MemberID: m.ID, Alert: alert, Now: s.Now()}); err != nil {
		return fmt.Errorf("dismiss alert: %w", err)
	}
	return nil
}
